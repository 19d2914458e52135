import { Card, Progress, Tag } from 'antd';
import { Link } from 'react-router';
import { ASSIGNMENT_STATUS_LABELS, TRAINING_REMINDER_DAYS, type AssignmentStatus } from '@app/contracts/training/training.rules';
import type { MyAssignment } from '@app/contracts/training/training.schemas';
import { chinaDate } from '@/shared/lib/china-time';
import { selectRole, useSessionStore } from '@/shared/lib/session/session-store';
import { useMyCompany } from '../api/employee';
import { assignedCoursePath, deadlineText, isFinished, isOverdue, sortAssignments } from '../lib/employee-assignments';
import './employee.css';

/** Deadlines this close are shown in orange: the first reminder goes out 7 days before. */
const SOON_DAYS = Math.max(...TRAINING_REMINDER_DAYS);

const STATUS_COLORS: Record<AssignmentStatus, string> = {
  done: 'success',
  learning: 'processing',
  not_started: 'default',
  overdue: 'error',
};

/** One assigned course: title, deadline with the days left (red once overdue), progress, status and 去学习. */
function AssignedCourse({ a }: { a: MyAssignment }) {
  const overdue = isOverdue(a);
  const finished = isFinished(a);
  const status: AssignmentStatus = overdue ? 'overdue' : a.status;
  const path = assignedCoursePath(a.course_id);
  return (
    <li className={`assigned-courses__item${overdue ? ' is-overdue' : ''}`}>
      <div className="assigned-courses__body">
        <h3 className="assigned-courses__title">
          <Link to={path}>{a.course_title}</Link>
          <Tag color={STATUS_COLORS[status]}>{ASSIGNMENT_STATUS_LABELS[status]}</Tag>
        </h3>
        <p className="assigned-courses__meta">
          {a.plan_name && <span>学习计划：{a.plan_name}</span>}
          <span>截止 {a.deadline}</span>
          <span className={overdue ? 'assigned-courses__late' : !finished && a.days_left <= SOON_DAYS ? 'assigned-courses__soon' : undefined}>
            {finished && a.finished_at ? `完成于 ${chinaDate(a.finished_at)}` : deadlineText(a)}
          </span>
        </p>
        <Progress
          className="assigned-courses__progress"
          percent={a.percent}
          size="small"
          status={finished ? 'success' : overdue ? 'exception' : 'active'}
          format={(p) => `${p ?? 0}%`}
          aria-label={`学习进度${a.percent}%`}
        />
      </div>
      <Link to={path} className={`assigned-courses__go${finished ? ' is-done' : ''}`} aria-label={`${finished ? '再次学习' : '去学习'}：${a.course_title}`}>
        {finished ? '再次学习' : '去学习'}
      </Link>
    </li>
  );
}

/** The assigned courses in the order the employee meets them (deadline first, finished last). */
export function AssignedCourseList({ assignments }: { assignments: readonly MyAssignment[] }) {
  return (
    <ul className="assigned-courses__list">
      {sortAssignments(assignments).map((a) => (
        <AssignedCourse key={a.id} a={a} />
      ))}
    </ul>
  );
}

/**
 * The 单位指派 block at the top of 学员中心 and 我的课程: the courses the member's company assigned, each with its
 * deadline. Nothing for company accounts, while loading, or when there are none. With `limit`, only the first
 * unfinished ones and a way to 我的单位 for the rest.
 */
export function EmployeeAssignedCourses({ limit, className }: { limit?: number; className?: string }) {
  const personal = useSessionStore(selectRole) === 'personal';
  const q = useMyCompany(personal);
  const all = personal ? (q.data?.assignments ?? []) : [];
  if (all.length === 0) return null;
  const open = all.filter((a) => !isFinished(a));
  const overdue = open.filter(isOverdue).length;
  const shown = limit === undefined ? all : sortAssignments(open.length > 0 ? open : all).slice(0, limit);
  const hidden = all.length - shown.length;
  return (
    <Card
      className={`assigned-courses${className ? ` ${className}` : ''}`}
      title={
        <span className="assigned-courses__head">
          单位指派
          {q.data?.employment && <small>{q.data.employment.company_name}</small>}
        </span>
      }
      extra={
        <span className="assigned-courses__count">
          {open.length > 0 ? `待完成 ${open.length} 门` : '已全部完成'}
          {overdue > 0 && <Tag color="error">逾期 {overdue} 门</Tag>}
        </span>
      }
      role="region"
      aria-label="单位指派"
    >
      <AssignedCourseList assignments={shown} />
      {hidden > 0 && (
        <Link to="/center/my-company" className="assigned-courses__more">
          查看全部 {all.length} 门单位指派课程
        </Link>
      )}
    </Card>
  );
}
