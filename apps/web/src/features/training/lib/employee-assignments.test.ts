import { describe, expect, it } from 'vitest';
import type { MyAssignment } from '@app/contracts/training/training.schemas';
import { deadlineText, isOverdue, sortAssignments } from './employee-assignments';

function a(over: Partial<MyAssignment>): MyAssignment {
  return {
    id: 1,
    course_id: 10,
    course_title: '课程',
    cover: null,
    plan_name: null,
    deadline: '2026-12-31',
    days_left: 30,
    percent: 0,
    finished_at: null,
    status: 'not_started',
    ...over,
  };
}

describe('assigned courses order and deadlines', () => {
  it('puts unfinished courses first by deadline (overdue ones lead) and finished ones last', () => {
    const list = [
      a({ id: 1, deadline: '2026-12-31' }),
      a({ id: 2, deadline: '2026-01-10', finished_at: '2026-01-05T02:00:00Z', status: 'done', percent: 100 }),
      a({ id: 3, deadline: '2026-06-30', status: 'learning' }),
      a({ id: 4, deadline: '2026-03-01', days_left: -5, status: 'overdue' }),
      a({ id: 5, deadline: '2026-06-30' }),
    ];
    expect(sortAssignments(list).map((x) => x.id)).toEqual([4, 3, 5, 1, 2]);
    expect(list.map((x) => x.id)).toEqual([1, 2, 3, 4, 5]);
  });

  it('says how many days are left, that today is the last day, or how long it is overdue', () => {
    expect(deadlineText(a({ days_left: 12 }))).toBe('还剩12天');
    expect(deadlineText(a({ days_left: 0 }))).toBe('今天截止');
    expect(deadlineText(a({ days_left: -3, status: 'overdue' }))).toBe('已逾期3天');
    expect(deadlineText(a({ days_left: -3, status: 'done', finished_at: '2026-01-01T00:00:00Z' }))).toBe('已完成');
  });

  it('marks a course overdue only while it is unfinished past its deadline', () => {
    expect(isOverdue(a({ days_left: -1, status: 'learning' }))).toBe(true);
    expect(isOverdue(a({ days_left: 2, status: 'overdue' }))).toBe(true);
    expect(isOverdue(a({ days_left: -1, status: 'done', finished_at: '2026-01-01T00:00:00Z' }))).toBe(false);
    expect(isOverdue(a({ days_left: 0 }))).toBe(false);
  });
});
