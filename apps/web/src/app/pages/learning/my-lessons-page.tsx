import { Button, Card, Empty, Pagination, Popconfirm, Progress, Skeleton, Tabs } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { MyCourseItem, MyCourseStatus } from '@app/contracts';
import { useFavorites, useUnfavorite } from '@/features/courses/api/use-courses';
import { CourseGrid } from '@/features/courses/components/course-grid';
import { coursePath, playPath } from '@/features/courses/lib/course-paths';
import { useMyCourses } from '@/features/learning/api/use-learning';
import { EmployeeAssignedCourses } from '@/features/training/components/employee-assigned-courses';
import { chinaDate, chinaDateTime } from '@/shared/lib/china-time';
import { formatLearnDuration } from '@/shared/lib/learn-duration';
import './my-lessons-page.css';
import { StoredImg } from '@/shared/ui/stored-img';

type TabKey = MyCourseStatus | 'favorite';
const PER_PAGE = 8;

function tabOf(raw: string | null): TabKey {
  return raw === 'finished' || raw === 'favorite' ? raw : 'learning';
}

function MyCourseRow({ item }: { item: MyCourseItem }) {
  const r = item.record;
  const navigate = useNavigate();
  const resume = r.last_lesson_id ? playPath(item.id, r.last_lesson_id) : coursePath(item);
  return (
    <li className="my-course">
      <Link to={coursePath(item)} className="my-course__cover" tabIndex={-1} aria-hidden="true">
        <StoredImg src={item.cover} sizes="(max-width: 767px) 40vw, 240px" loading="lazy" />
      </Link>
      <div className="my-course__body">
        <h3>
          <Link to={coursePath(item)}>{item.title}</Link>
        </h3>
        <p className="my-course__meta">
          {item.teacher_name} · 已完成 {r.finished_lessons}/{r.lesson_count} 课时 · 已观看 {formatLearnDuration(r.watched_seconds)} / {formatLearnDuration(r.total_duration)}
        </p>
        <div className="my-course__progress">
          <Progress percent={r.percent} size="small" status={r.finished_at ? 'success' : 'active'} aria-label={`学习进度${r.percent}%`} />
        </div>
        <p className="my-course__time">
          {r.finished_at ? `完成于 ${chinaDate(r.finished_at)}` : `最近学习 ${chinaDateTime(r.last_learned_at)}`}
        </p>
      </div>
      <div className="my-course__action">
        <Button type={r.finished_at ? 'default' : 'primary'} onClick={() => navigate(resume)}>
          {r.finished_at ? '再次学习' : '继续学习'}
        </Button>
      </div>
    </li>
  );
}

function MyCoursesTab({ status, page, onPage }: { status: MyCourseStatus; page: number; onPage(p: number): void }) {
  const q = useMyCourses({ status, page, per: PER_PAGE });
  const navigate = useNavigate();
  if (q.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (q.isError) return <Empty description="课程加载失败" />;
  if (q.data.list.length === 0)
    return (
      <Empty description={status === 'learning' ? '还没有正在学习的课程' : '还没有已完成的课程'}>
        <Button type="primary" onClick={() => navigate('/train')}>
          去课程中心看看
        </Button>
      </Empty>
    );
  return (
    <>
      <ul className="my-course-list">
        {q.data.list.map((item) => (
          <MyCourseRow key={item.id} item={item} />
        ))}
      </ul>
      {q.data.total > q.data.per && (
        <Pagination className="my-lessons__pagination" current={q.data.page} pageSize={q.data.per} total={q.data.total} showSizeChanger={false} onChange={onPage} />
      )}
    </>
  );
}

function FavoritesTab({ page, onPage }: { page: number; onPage(p: number): void }) {
  const q = useFavorites({ page, per: PER_PAGE });
  const unfavorite = useUnfavorite();
  if (q.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (q.isError) return <Empty description="收藏加载失败" />;
  if (q.data.list.length === 0) return <Empty description="还没有收藏的课程" />;
  return (
    <>
      <CourseGrid
        courses={q.data.list}
        label="我的收藏"
        renderFooter={(c) => (
          <div className="my-favorite__foot">
            <span>收藏于 {chinaDate(q.data.list.find((f) => f.id === c.id)?.favorited_at)}</span>
            <Popconfirm title="确定取消收藏吗？" okText="确定" cancelText="取消" onConfirm={() => unfavorite.mutateAsync(c.id)}>
              <Button type="link" size="small">
                取消收藏
              </Button>
            </Popconfirm>
          </div>
        )}
      />
      {q.data.total > q.data.per && (
        <Pagination className="my-lessons__pagination" current={q.data.page} pageSize={q.data.per} total={q.data.total} showSizeChanger={false} onChange={onPage} />
      )}
    </>
  );
}

/**
 * /center/lesson: my courses, tabs 学习中 (with percent), 已完成, 我的收藏, under the courses the member's company
 * assigned (单位指派, when there are any). Combines learning, courses and training.
 */
export default function MyLessonsPage() {
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params.get('tab'));
  const page = Math.max(1, Number(params.get('page')) || 1);
  const counts = useMyCourses({ page: 1, per: 1 });

  function go(next: { tab?: TabKey; page?: number }) {
    const p = new URLSearchParams();
    const t = next.tab ?? tab;
    if (t !== 'learning') p.set('tab', t);
    if ((next.page ?? 1) > 1) p.set('page', String(next.page));
    setParams(p, { replace: true });
  }

  const label = (text: string, n: number | undefined) => (n === undefined ? text : `${text}（${n}）`);
  return (
    <>
      <EmployeeAssignedCourses className="my-lessons__assigned" />
      <Card className="my-lessons" variant="borderless" title="我的课程">
        <Tabs
          activeKey={tab}
          onChange={(k) => go({ tab: k as TabKey })}
          items={[
            { key: 'learning', label: label('学习中', counts.data?.learning_count) },
            { key: 'finished', label: label('已完成', counts.data?.finished_count) },
            { key: 'favorite', label: '我的收藏' },
          ]}
        />
        {tab === 'favorite' ? (
          <FavoritesTab page={page} onPage={(p) => go({ page: p })} />
        ) : (
          <MyCoursesTab status={tab} page={page} onPage={(p) => go({ page: p })} />
        )}
      </Card>
    </>
  );
}
