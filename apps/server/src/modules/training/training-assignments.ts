import { sql } from 'drizzle-orm';
import {
  ASSIGNMENT_DEADLINE_MAX_DAYS,
  trainingMessages as m,
  type Assignable,
  type Assignment,
  type AssignmentStatus,
  type CreateAssignmentBody,
  type MyAssignment,
  type createAssignmentBodySchema,
} from '@app/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { pgArray } from '../../db/pg-array';
import { lockKey, rowsOf, type Executor } from '../../db/sql';
import { AppError } from '../../lib/app-error';
import { chinaDay } from '../../lib/china-time';
import type { Clock } from '../../lib/clock';
import type { SmsNotices } from '../auth';
import type { MessagesService } from '../messages';
import { activeEmployment } from './training-people';
import { daysUntil, iso, isoOrNull, requireVerified } from './training-shared';
import { trainingAssignees, trainingAssignments, trainingPlans } from './training.table';

/** Courses a company may assign: published, free or members' (a seat makes its holder a member). */
const ASSIGNABLE = sql.raw(`c.published AND c.price_type IN ('free', 'member')`);

/** Reminders claimed per statement by the job. */
const REMINDER_BATCH = 500;

export interface CourseFigures {
  percent: number;
  finished_at: string | null;
}

/**
 * Per (user, course): the same figures as the course's record in the member's 我的课程 (watched seconds over the
 * lessons' total duration, floored, 100 once finished), one statement for all the pairs.
 */
export async function courseFigures(ex: Executor, pairs: readonly { userId: number; courseId: number }[]): Promise<Map<string, CourseFigures>> {
  const out = new Map<string, CourseFigures>();
  if (pairs.length === 0) return out;
  const rows = await rowsOf<{ user_id: number; course_id: number; finished_at: Date | string | null; watched: number; total: number }>(
    ex,
    sql`SELECT p.user_id, p.course_id, cp.finished_at,
               COALESCE((SELECT sum(LEAST(lp.credited_seconds, l.duration)) FROM learning_lesson_progress lp
                           JOIN courses_lessons l ON l.id = lp.lesson_id
                          WHERE lp.user_id = p.user_id AND lp.course_id = p.course_id), 0)::float8 AS watched,
               COALESCE((SELECT sum(l.duration) FROM courses_lessons l WHERE l.course_id = p.course_id), 0)::int AS total
          FROM unnest(${pgArray(pairs.map((p) => p.userId))}::int[], ${pgArray(pairs.map((p) => p.courseId))}::int[]) AS p(user_id, course_id)
          LEFT JOIN learning_course_progress cp ON cp.user_id = p.user_id AND cp.course_id = p.course_id`,
  );
  for (const r of rows) {
    const seconds = Math.floor(Math.min(r.watched, r.total));
    out.set(`${r.user_id}:${r.course_id}`, {
      percent: r.finished_at ? 100 : r.total > 0 ? Math.min(100, Math.floor((seconds / r.total) * 100)) : 0,
      finished_at: isoOrNull(r.finished_at),
    });
  }
  return out;
}

export function statusOf(f: CourseFigures, deadline: string, now: Date): AssignmentStatus {
  if (f.finished_at) return 'done';
  if (daysUntil(deadline, now) < 0) return 'overdue';
  return f.percent > 0 ? 'learning' : 'not_started';
}

/** Reminder marks for an assignee joining `daysLeft` before the deadline: the assignment's own message stands in for a passed one. */
function reminderMarks(daysLeft: number, now: Date) {
  return { r7: daysLeft <= 7 ? now : null, r1: daysLeft <= 1 ? now : null };
}

/**
 * A person who joins (accepts) gets the company's open assignments for everyone; one who comes back finds the
 * courses this company assigned them before, under the new employment.
 */
export async function joinOpenAssignments(tx: Executor, v: { companyId: number; employmentId: number; userId: number; now: Date }): Promise<void> {
  const today = chinaDay(v.now);
  await tx.execute(
    sql`UPDATE ${trainingAssignees} a SET employment_id = ${v.employmentId}
          FROM ${trainingAssignments} t
         WHERE t.id = a.assignment_id AND t.company_id = ${v.companyId} AND a.user_id = ${v.userId}`,
  );
  await tx.execute(
    sql`INSERT INTO ${trainingAssignees} (assignment_id, user_id, employment_id, reminded_7_at, reminded_1_at)
        SELECT t.id, ${v.userId}, ${v.employmentId},
               CASE WHEN t.deadline - ${today}::date <= 7 THEN ${v.now}::timestamptz END,
               CASE WHEN t.deadline - ${today}::date <= 1 THEN ${v.now}::timestamptz END
          FROM ${trainingAssignments} t
         WHERE t.company_id = ${v.companyId} AND t.everyone AND t.cancelled_at IS NULL AND t.deadline >= ${today}::date
        ON CONFLICT DO NOTHING`,
  );
}

interface MyRow {
  id: number;
  course_id: number;
  course_title: string;
  cover: string | null;
  plan_name: string | null;
  deadline: string;
}

/** The person's 单位指派 courses from their current company: unfinished by deadline first, finished last. */
export async function assignmentsOf(ex: Executor, userId: number, now: Date): Promise<MyAssignment[]> {
  const rows = await rowsOf<MyRow>(
    ex,
    sql`SELECT t.id, t.course_id, c.title AS course_title, c.cover, pl.name AS plan_name, t.deadline::text AS deadline
          FROM ${trainingAssignees} a
          JOIN ${trainingAssignments} t ON t.id = a.assignment_id AND t.cancelled_at IS NULL
          JOIN training_employments e ON e.id = a.employment_id AND e.state = 'active'
          JOIN courses c ON c.id = t.course_id
          LEFT JOIN ${trainingPlans} pl ON pl.id = t.plan_id
         WHERE a.user_id = ${userId}
         ORDER BY t.deadline, t.id`,
  );
  const figures = await courseFigures(ex, rows.map((r) => ({ userId, courseId: r.course_id })));
  const list = rows.map((r): MyAssignment => {
    const f = figures.get(`${userId}:${r.course_id}`) ?? { percent: 0, finished_at: null };
    return {
      id: r.id,
      course_id: r.course_id,
      course_title: r.course_title,
      cover: r.cover,
      plan_name: r.plan_name,
      deadline: r.deadline,
      days_left: daysUntil(r.deadline, now),
      percent: f.percent,
      finished_at: f.finished_at,
      status: statusOf(f, r.deadline, now),
    };
  });
  return [...list.filter((a) => a.status !== 'done'), ...list.filter((a) => a.status === 'done')];
}

interface AssignmentRow {
  id: number;
  course_id: number;
  course_title: string;
  plan_name: string | null;
  everyone: boolean;
  deadline: string;
  created_at: Date | string;
  total: number;
  done: number;
}

export function createAssignments(deps: { db: Db; clock: Clock; messages: MessagesService; sms: SmsNotices; log: { warn(o: object, msg: string): void } }) {
  const { db, clock, messages, sms, log } = deps;

  async function list(companyId: number, ids?: readonly number[]): Promise<Assignment[]> {
    const today = chinaDay(clock.now());
    const rows = await rowsOf<AssignmentRow>(
      db,
      sql`SELECT t.id, t.course_id, c.title AS course_title, pl.name AS plan_name, t.everyone, t.deadline::text AS deadline, t.created_at,
                 count(e.id)::int AS total, count(e.id) FILTER (WHERE cp.finished_at IS NOT NULL)::int AS done
            FROM ${trainingAssignments} t
            JOIN courses c ON c.id = t.course_id
            LEFT JOIN ${trainingPlans} pl ON pl.id = t.plan_id
            LEFT JOIN ${trainingAssignees} a ON a.assignment_id = t.id
            LEFT JOIN training_employments e ON e.id = a.employment_id AND e.state = 'active'
            LEFT JOIN learning_course_progress cp ON cp.user_id = e.user_id AND cp.course_id = t.course_id
           WHERE t.company_id = ${companyId} AND t.cancelled_at IS NULL
                 ${ids ? sql`AND t.id = ANY(${pgArray([...ids])}::int[])` : sql``}
           GROUP BY t.id, c.title, pl.name
           ORDER BY t.deadline, t.id`,
    );
    return rows.map((r) => ({
      id: r.id,
      course_id: r.course_id,
      course_title: r.course_title,
      plan_name: r.plan_name,
      everyone: r.everyone,
      deadline: r.deadline,
      created_at: iso(r.created_at),
      counts: { total: r.total, done: r.done, overdue: r.deadline < today ? r.total - r.done : 0 },
    }));
  }

  return {
    list,

    async assignable(): Promise<Assignable> {
      const [courses, plans] = await Promise.all([
        rowsOf<{ id: number; title: string; price_type: string; credits: number | null }>(
          db,
          sql`SELECT c.id, c.title, c.price_type, cs.credits FROM courses c
                LEFT JOIN credits_course_settings cs ON cs.course_id = c.id
               WHERE ${ASSIGNABLE} ORDER BY c.id DESC LIMIT 500`,
        ),
        rowsOf<{ id: number; name: string; description: string; course_titles: string[] | null }>(
          db,
          sql`SELECT pl.id, pl.name, pl.description,
                     (SELECT array_agg(c.title ORDER BY x.ord) FROM unnest(pl.course_ids) WITH ORDINALITY x(id, ord)
                        JOIN courses c ON c.id = x.id WHERE ${ASSIGNABLE}) AS course_titles
                FROM ${trainingPlans} pl WHERE pl.active ORDER BY pl.id`,
        ),
      ]);
      return {
        courses,
        plans: plans.filter((p) => (p.course_titles ?? []).length > 0).map((p) => ({ ...p, course_titles: p.course_titles ?? [] })),
      };
    },

    /**
     * Assigns a course (or each course of a plan) to the employees named or to everyone, due on a China-time day;
     * a person already holding an open assignment of the same course is skipped. Each assignee gets a message.
     */
    async create(companyId: number, body: z.output<typeof createAssignmentBodySchema>): Promise<Assignment[]> {
      const now = clock.now();
      const { name: companyName } = await requireVerified(db, companyId);
      const left = daysUntil(body.deadline, now);
      if (left < 0) throw AppError.badRequest(m.deadlinePast, { deadline: m.deadlinePast });
      if (left > ASSIGNMENT_DEADLINE_MAX_DAYS) throw AppError.badRequest(m.deadlineTooFar, { deadline: m.deadlineTooFar });
      let courseIds: number[];
      let planId: number | null = null;
      if (body.plan_id !== undefined) {
        const [plan] = await rowsOf<{ ids: number[] }>(
          db,
          sql`SELECT ARRAY(SELECT c.id FROM unnest(pl.course_ids) WITH ORDINALITY x(id, ord) JOIN courses c ON c.id = x.id
                            WHERE ${ASSIGNABLE} ORDER BY x.ord) AS ids
                FROM ${trainingPlans} pl WHERE pl.id = ${body.plan_id} AND pl.active`,
        );
        if (!plan || plan.ids.length === 0) throw AppError.notFound(m.planNotFound);
        courseIds = plan.ids;
        planId = body.plan_id;
      } else {
        const [course] = await rowsOf<{ id: number }>(db, sql`SELECT c.id FROM courses c WHERE c.id = ${body.course_id!} AND ${ASSIGNABLE}`);
        if (!course) throw AppError.notFound(m.courseNotFound);
        courseIds = [course.id];
      }
      const marks = reminderMarks(left, now);
      const created = await db.transaction(async (tx) => {
        await lockKey(tx, `training-assign:${companyId}`);
        let people: { id: number; user_id: number }[];
        if (body.everyone) {
          people = await rowsOf(tx, sql`SELECT id, user_id FROM training_employments WHERE company_id = ${companyId} AND state = 'active'`);
        } else {
          people = [];
          for (const id of new Set(body.employment_ids)) people.push(await activeEmployment(tx, companyId, id));
        }
        const ids: number[] = [];
        const reached = new Set<number>();
        for (const courseId of courseIds) {
          const [t] = await rowsOf<{ id: number }>(
            tx,
            sql`INSERT INTO ${trainingAssignments} (company_id, course_id, plan_id, everyone, deadline, created_at)
                VALUES (${companyId}, ${courseId}, ${planId}, ${body.everyone}, ${body.deadline}::date, ${now}) RETURNING id`,
          );
          const added = await rowsOf<{ user_id: number }>(
            tx,
            sql`INSERT INTO ${trainingAssignees} (assignment_id, user_id, employment_id, reminded_7_at, reminded_1_at)
                SELECT ${t!.id}, p.user_id, p.id, ${marks.r7}::timestamptz, ${marks.r1}::timestamptz
                  FROM unnest(${pgArray(people.map((p) => p.id))}::int[], ${pgArray(people.map((p) => p.user_id))}::int[]) AS p(id, user_id)
                 WHERE NOT EXISTS (SELECT 1 FROM ${trainingAssignees} a2 JOIN ${trainingAssignments} t2 ON t2.id = a2.assignment_id
                                    WHERE a2.user_id = p.user_id AND t2.company_id = ${companyId} AND t2.course_id = ${courseId}
                                      AND t2.cancelled_at IS NULL AND t2.id <> ${t!.id})
                RETURNING user_id`,
          );
          if (added.length === 0 && !body.everyone) {
            await tx.execute(sql`DELETE FROM ${trainingAssignments} WHERE id = ${t!.id}`);
            continue;
          }
          ids.push(t!.id);
          for (const a of added) reached.add(a.user_id);
        }
        if (ids.length === 0) throw AppError.conflict(m.nothingToAssign);
        const titles = await rowsOf<{ title: string }>(tx, sql`SELECT title FROM courses WHERE id = ANY(${pgArray(courseIds)}::int[])`);
        if (reached.size > 0)
          await messages.sendMany(
            [...reached],
            '单位指派课程',
            `${companyName}为您指派了课程${titles.map((c) => `《${c.title}》`).join('、')}，请在${body.deadline}前学完。可在个人中心“我的单位”查看。`,
            tx,
          );
        return { ids, reached: reached.size };
      });
      return list(companyId, created.ids);
    },

    async cancel(companyId: number, id: number): Promise<void> {
      const [row] = await rowsOf<{ id: number }>(
        db,
        sql`UPDATE ${trainingAssignments} SET cancelled_at = ${clock.now()} WHERE id = ${id} AND company_id = ${companyId} AND cancelled_at IS NULL RETURNING id`,
      );
      if (!row) throw AppError.notFound(m.assignmentNotFound);
    },

    /**
     * Sends the reminders that are due: 7 days before the deadline, then 1 day before, each once whichever process
     * gets there (claimed by the UPDATE that marks it, rows another process holds are skipped), only to employees
     * still in the company who have not finished the course. The message is written in the claiming transaction;
     * the SMS follows the commit.
     */
    async remind(): Promise<{ seven: number; one: number }> {
      const now = clock.now();
      const today = chinaDay(now);
      const tally = { seven: 0, one: 0 };
      for (const stage of ['one', 'seven'] as const) {
        for (;;) {
          const claimed = await db.transaction(async (tx) => {
            const days = stage === 'one' ? 1 : 7;
            const rows = await rowsOf<{ user_id: number; phone: string; title: string; deadline: string; company: string }>(
              tx,
              sql`WITH due AS (
                    SELECT a.assignment_id, a.user_id FROM ${trainingAssignees} a
                      JOIN ${trainingAssignments} t ON t.id = a.assignment_id AND t.cancelled_at IS NULL
                      JOIN training_employments e ON e.id = a.employment_id AND e.state = 'active'
                     WHERE ${stage === 'one' ? sql`a.reminded_1_at IS NULL` : sql`a.reminded_7_at IS NULL`}
                       AND t.deadline - ${today}::date BETWEEN ${stage === 'one' ? 0 : 2} AND ${days}
                       AND NOT EXISTS (SELECT 1 FROM learning_course_progress cp
                                        WHERE cp.user_id = a.user_id AND cp.course_id = t.course_id AND cp.finished_at IS NOT NULL)
                     LIMIT ${REMINDER_BATCH}
                     FOR UPDATE OF a SKIP LOCKED)
                  UPDATE ${trainingAssignees} a
                     SET ${stage === 'one' ? sql`reminded_1_at = ${now}, reminded_7_at = COALESCE(a.reminded_7_at, ${now})` : sql`reminded_7_at = ${now}`}
                    FROM due, ${trainingAssignments} t, courses c, users u, users co
                   WHERE a.assignment_id = due.assignment_id AND a.user_id = due.user_id
                     AND t.id = a.assignment_id AND c.id = t.course_id AND u.id = a.user_id AND co.id = t.company_id
                  RETURNING a.user_id, u.phone, c.title, t.deadline::text AS deadline, COALESCE(co.company_name, '单位') AS company`,
            );
            for (const r of rows) {
              const left = daysUntil(r.deadline, now);
              await messages.send(
                r.user_id,
                '单位指派课程即将到期',
                `${r.company}为您指派的课程《${r.title}》将于${r.deadline}截止，${left === 0 ? '今天是最后一天' : `还有${left}天`}，请尽快学完。`,
                tx,
              );
            }
            return rows;
          });
          tally[stage] += claimed.length;
          for (const r of claimed) {
            const outcome = await sms.send({ phone: r.phone, kind: 'training_deadline', params: { course: r.title.slice(0, 20), deadline: r.deadline } });
            if (outcome === 'failed') log.warn({ user: r.user_id }, 'training reminder sms failed');
          }
          if (claimed.length < REMINDER_BATCH) break;
        }
      }
      return tally;
    },
  };
}
export type Assignments = ReturnType<typeof createAssignments>;
export type { CreateAssignmentBody };
