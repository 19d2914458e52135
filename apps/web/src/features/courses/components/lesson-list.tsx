import { CheckCircleFilled, LockOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { formatDuration, type LessonItem } from '@app/contracts';
import { playPath } from '../lib/course-paths';
import './lesson-list.css';

export interface LessonListProps {
  courseId: number;
  lessons: LessonItem[];
  /** Highlighted lesson (the one playing). */
  currentId?: number;
  /** Called instead of navigating when a locked lesson is chosen. */
  onLocked?(lesson: LessonItem): void;
  /** Logged in: locked lessons are really locked; a visitor is sent to log in by the play route's guard. */
  loggedIn: boolean;
  compact?: boolean;
}

function LessonStatus({ lesson }: { lesson: LessonItem }) {
  const p = lesson.progress;
  if (p?.finished)
    return (
      <span className="lesson-list__done">
        <CheckCircleFilled /> 已完成
      </span>
    );
  if (p && p.percent > 0)
    return (
      <span className="lesson-list__progress" aria-label={`已学${p.percent}%`}>
        <span className="lesson-list__bar" aria-hidden="true">
          <span style={{ width: `${p.percent}%` }} />
        </span>
        <span>{p.percent}%</span>
      </span>
    );
  return <span className="lesson-list__todo">未学习</span>;
}

/** Lessons of a course with my progress per lesson; locked lessons show a lock. */
export function LessonList({ courseId, lessons, currentId, onLocked, loggedIn, compact = false }: LessonListProps) {
  return (
    <ol className={`lesson-list${compact ? ' lesson-list--compact' : ''}`}>
      {lessons.map((l) => {
        const locked = loggedIn && !l.can_watch;
        const content = (
          <>
            <span className="lesson-list__index">{String(l.sort).padStart(2, '0')}</span>
            <span className="lesson-list__icon" aria-hidden="true">
              {locked ? <LockOutlined /> : <PlayCircleOutlined />}
            </span>
            <span className="lesson-list__title">
              {l.title}
              {l.is_trial && <span className="lesson-list__trial">试看</span>}
            </span>
            <span className="lesson-list__duration">{formatDuration(l.duration)}</span>
            {loggedIn && <LessonStatus lesson={l} />}
          </>
        );
        const cls = `lesson-list__item${l.id === currentId ? ' is-current' : ''}${locked ? ' is-locked' : ''}`;
        return (
          <li key={l.id} className={cls}>
            {locked && onLocked ? (
              <button type="button" className="lesson-list__link" onClick={() => onLocked(l)} aria-label={`${l.title}（需开通权限）`}>
                {content}
              </button>
            ) : (
              <Link className="lesson-list__link" to={playPath(courseId, l.id)} aria-current={l.id === currentId ? 'true' : undefined}>
                {content}
              </Link>
            )}
          </li>
        );
      })}
    </ol>
  );
}
