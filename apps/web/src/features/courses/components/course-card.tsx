import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { CourseCard as CourseCardData } from '@app/contracts';
import { courseBadge, formatCount } from '../lib/course-badge';
import { coursePath } from '../lib/course-paths';
import './course-card.css';
import { StoredImg } from '@/shared/ui/stored-img';

export interface CourseCardProps {
  course: CourseCardData;
  /** Title content (e.g. with the search term highlighted); defaults to the plain title. */
  title?: ReactNode;
  /** Extra line under the meta row (e.g. favourite date, remove button). */
  footer?: ReactNode;
  /** A card in the first screen: its cover loads at once (it is often the page's largest paint), not lazily. */
  priority?: boolean;
}

/** Course card (antd-free: also used on home): cover, badge, title, teacher, lessons, learners. */
export function CourseCard({ course, title, footer, priority = false }: CourseCardProps) {
  const badge = courseBadge(course);
  return (
    <article className="course-card">
      {/* The cover repeats the title link for the mouse; keyboard and screen readers use the title. */}
      <Link to={coursePath(course)} className="course-card__link" tabIndex={-1} aria-hidden="true">
        <div className="course-card__cover">
          {/* Sized by the box's 16:9 aspect ratio; the width and height say so before the CSS has loaded. */}
          <StoredImg
            src={course.cover}
            sizes="(max-width: 767px) 50vw, 320px"
            alt=""
            width={320}
            height={180}
            loading={priority ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : 'auto'}
          />
          <span className={`course-badge course-badge--${badge.kind}`}>{badge.label}</span>
          {course.kind === 'outer_link' && <span className="course-card__outer">外部课程</span>}
        </div>
      </Link>
      <div className="course-card__body">
        <h3 className="course-card__title" title={course.title}>
          <Link to={coursePath(course)}>{title ?? course.title}</Link>
        </h3>
        <p className="course-card__teacher">
          {course.teacher_name}
          {course.teacher_title && <span className="course-card__teacher-title">{course.teacher_title}</span>}
        </p>
        <p className="course-card__meta">
          <span>{course.kind === 'outer_link' ? '合作平台学习' : `${course.lesson_count}课时`}</span>
          <span>{formatCount(course.learner_count)}人学习</span>
        </p>
        {footer}
      </div>
    </article>
  );
}
