import { useQuery } from '@tanstack/react-query';
import { Empty, Skeleton } from 'antd';
import { Link } from 'react-router';
import { coursesRoutes, type CoursePage } from '@app/contracts';
import { apiClient } from '@/shared/lib/api-client';
import { courseDetailPath } from '../lib/member-paths';
import './member-course-list.css';
import { StoredImg } from '@/shared/ui/stored-img';

/** A few members-only courses (GET /api/member_courses), linking to their pages. */
export function MemberCourseList({ per = 4, title = '会员专享课程' }: { per?: number; title?: string }) {
  const courses = useQuery({
    queryKey: ['members', 'member-courses', per],
    queryFn: () => apiClient.get<CoursePage>(coursesRoutes.memberCourses.path, { page: 1, per }),
  });
  return (
    <section className="member-courses" aria-labelledby="member-courses-title">
      <h2 id="member-courses-title">{title}</h2>
      {courses.isPending && <Skeleton active paragraph={{ rows: 2 }} />}
      {courses.isError && <Empty description="会员课程暂时无法加载" />}
      {courses.data && courses.data.list.length === 0 && <Empty description="暂无会员专享课程" />}
      {courses.data && courses.data.list.length > 0 && (
        <ul className="member-courses__grid">
          {courses.data.list.map((c) => (
            <li key={c.id}>
              <Link to={courseDetailPath(c.id)} className="member-courses__card">
                <StoredImg src={c.cover} sizes="(max-width: 767px) 50vw, 280px" loading="lazy" />
                <span className="member-courses__title">{c.title}</span>
                <span className="member-courses__meta">
                  {c.teacher_name} · {c.lesson_count}课时
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
