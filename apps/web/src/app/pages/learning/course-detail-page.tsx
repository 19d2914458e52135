import { ClockCircleOutlined, ExportOutlined, HeartFilled, HeartOutlined, LikeFilled, LikeOutlined, PlayCircleFilled, TeamOutlined } from '@ant-design/icons';
import { lazy, Suspense, useRef } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { formatDuration, type CourseDetail } from '@app/contracts';
import { useCourseDetail, useFavoriteCourse, useLikeCourse } from '@/features/courses/api/use-courses';
import { AccessPrompt } from '@/features/courses/components/access-prompt';
import { CourseDescription } from '@/features/courses/components/course-description';
import { LessonList } from '@/features/courses/components/lesson-list';
import { courseBadge, formatCount, formatYuan } from '@/features/courses/lib/course-badge';
import { coursePath, playPath, tagPath } from '@/features/courses/lib/course-paths';
import { useStandardNotices } from '@/features/standards/api/standard-notices-api';
import { StandardNoticeList } from '@/features/standards/components/standard-notice';
import { AntdIsland } from '@/shared/lib/antd-island';
import { loginPathWithRedirect } from '@/shared/lib/navigation';
import { notifier } from '@/shared/lib/notifier';
import { useNearViewport } from '@/shared/lib/use-near-viewport';
import { PlainAvatar } from '@/shared/ui/plain-avatar';
import { PlainButton } from '@/shared/ui/plain-button';
import { PlainSkeleton } from '@/shared/ui/plain-skeleton';
import { PlainTag } from '@/shared/ui/plain-tag';
import { RecordMissing } from '@/shared/ui/record-missing';
import { useSessionStore } from '@/shared/lib/session/session-store';
import '@/features/courses/components/course-card.css';
import './course-detail-page.css';
import { StoredImg } from '@/shared/ui/stored-img';

// Comments (antd's form, pager and confirm) load when their section comes near the screen: the page itself is drawn
// without antd (route handle `antd: false`).
const CommentSection = lazy(() =>
  import('@/features/comments/components/comment-section').then((m) => ({ default: m.CommentSection })),
);

/** The comments' place: their heading at once, the section itself once it is about to be seen. */
function LazyComments({ courseId }: { courseId: number }) {
  const [ref, near] = useNearViewport<HTMLElement>();
  const placeholder = (
    <>
      <h2 className="comment-section__title">学员评论</h2>
      <PlainSkeleton rows={3} />
    </>
  );
  return (
    <section ref={ref} className="course-detail__card course-detail__comments" aria-label="学员评论">
      {near ? (
        <AntdIsland>
          <Suspense fallback={placeholder}>
            <CommentSection courseId={courseId} />
          </Suspense>
        </AntdIsland>
      ) : (
        placeholder
      )}
    </section>
  );
}

/** Where 开始学习 / 继续学习 leads: the last lesson, else the first lesson the learner may open. */
function startTarget(course: CourseDetail): { lessonId: number; label: string } | null {
  const mine = course.mine;
  const last = mine?.last_lesson_id ? course.lessons.find((l) => l.id === mine.last_lesson_id) : undefined;
  if (last) return { lessonId: last.id, label: mine?.finished ? '再次学习' : '继续学习' };
  const first = course.lessons.find((l) => l.can_watch) ?? course.lessons[0];
  if (!first) return null;
  return { lessonId: first.id, label: mine && !mine.has_access && first.is_trial ? '免费试看' : '开始学习' };
}

function CourseHero({ course, onLocked }: { course: CourseDetail; onLocked(): void }) {
  const navigate = useNavigate();
  const token = useSessionStore((s) => s.token);
  const like = useLikeCourse(course.id);
  const favorite = useFavoriteCourse(course.id);
  const badge = courseBadge(course);
  const target = startTarget(course);
  const mine = course.mine;
  const finishedLessons = mine?.finished_lessons ?? 0;

  function needLogin(): boolean {
    if (token) return false;
    navigate(loginPathWithRedirect(`/train/detail/${course.id}`));
    return true;
  }

  return (
    <section className="course-hero">
      <div className="course-hero__cover">
        <StoredImg
          src={course.cover}
          sizes="(max-width: 767px) 100vw, 480px"
          alt={`${course.title}封面`}
          width={480}
          height={270}
          fetchPriority="high"
        />
      </div>
      <div className="course-hero__info">
        <div className="course-hero__tags">
          <span className={`course-badge course-badge--${badge.kind}`}>{badge.kind === 'member' ? '会员专享' : badge.label}</span>
          {course.tags.map((t) => (
            <Link key={t.id} to={tagPath(t.id)}>
              <PlainTag>{t.name}</PlainTag>
            </Link>
          ))}
        </div>
        <h1 className="course-hero__title">{course.title}</h1>
        <p className="course-hero__summary">{course.summary}</p>
        <ul className="course-hero__stats">
          {course.outer_url ? (
            // Lessons and their length live on the partner platform; a 0 here would say nothing true.
            <li>
              <ExportOutlined /> 合作平台学习
            </li>
          ) : (
            <>
              <li>
                <PlayCircleFilled /> {course.lesson_count}课时
              </li>
              <li>
                <ClockCircleOutlined aria-hidden="true" /> 总时长 {formatDuration(course.total_duration)}
              </li>
            </>
          )}
          <li>
            <TeamOutlined /> {formatCount(course.learner_count)}人学习
          </li>
        </ul>
        {course.price_type === 'paid' && (
          <p className="course-hero__price">
            <span className="course-hero__price-now">¥{formatYuan(course.price)}</span>
            {!!course.member_price && course.member_price < course.price && (
              <span className="course-hero__price-member">会员价 ¥{formatYuan(course.member_price)}</span>
            )}
          </p>
        )}
        {mine?.started && (
          <p className="course-hero__mine">
            已完成 {finishedLessons}/{course.lesson_count} 课时{mine.finished && '，恭喜完成本课程'}
          </p>
        )}
        <div className="course-hero__actions">
          {course.outer_url && (
            <PlainButton variant="primary" onClick={() => navigate(coursePath(course))}>
              前往学习
            </PlainButton>
          )}
          {target && (
            <PlainButton
              variant="primary"
              onClick={() => {
                const lesson = course.lessons.find((l) => l.id === target.lessonId);
                if (token && lesson && !lesson.can_watch) onLocked();
                else navigate(playPath(course.id, target.lessonId));
              }}
            >
              {target.label}
            </PlainButton>
          )}
          <PlainButton
            variant="default"
            className={mine?.liked ? 'is-on' : undefined}
            aria-pressed={!!mine?.liked}
            loading={like.isPending}
            onClick={() => !needLogin() && like.mutate(undefined, { onSuccess: (r) => notifier.success(r.liked ? '点赞成功' : '已取消点赞') })}
          >
            {!like.isPending && (mine?.liked ? <LikeFilled aria-hidden="true" /> : <LikeOutlined aria-hidden="true" />)}
            点赞 {course.like_count}
          </PlainButton>
          <PlainButton
            variant="default"
            className={mine?.favorited ? 'is-on' : undefined}
            aria-pressed={!!mine?.favorited}
            loading={favorite.isPending}
            onClick={() => !needLogin() && favorite.mutate(undefined, { onSuccess: (r) => notifier.success(r.favorited ? '收藏成功' : '已取消收藏') })}
          >
            {!favorite.isPending && (mine?.favorited ? <HeartFilled aria-hidden="true" /> : <HeartOutlined aria-hidden="true" />)}
            {mine?.favorited ? '已收藏' : '收藏'}
          </PlainButton>
        </div>
      </div>
    </section>
  );
}

/**
 * /train/detail/{courseId}: intro, teacher, lessons with my progress, like, favourite, comments, access prompt. Drawn
 * without antd; the comments bring it when they come near the screen.
 */
export default function CourseDetailPage() {
  const id = Number(useParams().courseId) || 0;
  const course = useCourseDetail(id);
  // Asked beside the course (the server renders both), and waited for, so a notice never pushes the page down.
  const notices = useStandardNotices({ courseId: id });
  const token = useSessionStore((s) => s.token);
  const promptRef = useRef<HTMLDivElement>(null);

  if (course.isPending || notices.isLoading)
    return (
      <div className="page-container course-detail">
        <div className="course-detail__loading" aria-busy="true">
          <PlainSkeleton rows={10} />
        </div>
      </div>
    );
  if (course.isError)
    return (
      <RecordMissing title="课程不存在或已下架" description="该课程不存在，或已停止招生。" back={{ to: '/train', label: '返回课程中心' }} />
    );

  const c = course.data;
  const locked = c.price_type !== 'free' && !(c.mine?.has_access ?? false);
  const onLocked = () => {
    notifier.warning(c.price_type === 'paid' ? '该课时需购买课程后学习' : '该课时为会员专享，开通会员后即可学习');
    promptRef.current?.scrollIntoView({ behavior: 'smooth', block: 'center' });
  };

  return (
    <div className="page-container course-detail">
      <nav className="course-detail__crumb" aria-label="位置">
        <Link to="/train">课程中心</Link> / <span>{c.title}</span>
      </nav>
      <CourseHero course={c} onLocked={onLocked} />
      <StandardNoticeList where="course" items={notices.data?.items ?? []} />
      {locked && (
        <div ref={promptRef} className="course-detail__prompt">
          <AccessPrompt course={c} />
        </div>
      )}
      <div className="course-detail__layout">
        <div className="course-detail__main">
          <section className="course-detail__card" aria-labelledby="course-lessons-title">
            <h2 id="course-lessons-title">课程目录</h2>
            {c.lessons.length > 0 ? (
              <LessonList courseId={c.id} lessons={c.lessons} loggedIn={!!token} onLocked={onLocked} />
            ) : (
              <p className="course-detail__empty">
                {c.outer_url ? (
                  <>
                    本课程在合作平台学习，<Link to={coursePath(c)}>前往学习</Link>
                  </>
                ) : (
                  '课时正在准备中，敬请期待'
                )}
              </p>
            )}
          </section>
          <section className="course-detail__card" aria-labelledby="course-intro-title">
            <h2 id="course-intro-title">课程介绍</h2>
            <CourseDescription blocks={c.description} />
          </section>
          <LazyComments courseId={c.id} />
        </div>
        <aside className="course-detail__side">
          <section className="course-detail__card course-teacher" aria-labelledby="course-teacher-title">
            <h2 id="course-teacher-title">主讲老师</h2>
            <div className="course-teacher__head">
              <PlainAvatar name={c.teacher.name} src={c.teacher.photo} size={64} />
              <div>
                <p className="course-teacher__name">{c.teacher.name}</p>
                <p className="course-teacher__title">{c.teacher.title}</p>
              </div>
            </div>
            <p className="course-teacher__intro">{c.teacher.intro}</p>
          </section>
        </aside>
      </div>
    </div>
  );
}
