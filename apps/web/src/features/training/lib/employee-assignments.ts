import type { MyAssignment } from '@app/contracts/training/training.schemas';

/** The course page an assigned course links to (the course feature's /train/detail/:id). */
export const assignedCoursePath = (courseId: number) => `/train/detail/${courseId}`;

export const isFinished = (a: Pick<MyAssignment, 'finished_at' | 'status'>) => a.finished_at !== null || a.status === 'done';

/** Past its deadline and not finished. */
export const isOverdue = (a: Pick<MyAssignment, 'finished_at' | 'status' | 'days_left'>) =>
  !isFinished(a) && (a.status === 'overdue' || a.days_left < 0);

/**
 * The order the employee meets them in: unfinished ones by deadline (the overdue ones, whose deadlines are past,
 * come first), then the finished ones. The server sends this order too; sorting again keeps the screens right
 * whatever the cache holds.
 */
export function sortAssignments<T extends Pick<MyAssignment, 'id' | 'deadline' | 'finished_at' | 'status'>>(list: readonly T[]): T[] {
  return [...list].sort(
    (a, b) =>
      Number(isFinished(a)) - Number(isFinished(b)) || a.deadline.localeCompare(b.deadline) || a.id - b.id,
  );
}

/** 还剩N天 / 今天截止 / 已逾期N天 / 已完成. */
export function deadlineText(a: Pick<MyAssignment, 'finished_at' | 'status' | 'days_left'>): string {
  if (isFinished(a)) return '已完成';
  if (isOverdue(a)) return a.days_left < 0 ? `已逾期${-a.days_left}天` : '已逾期';
  if (a.days_left === 0) return '今天截止';
  return `还剩${a.days_left}天`;
}
