import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { pgArray } from '../../db/pg-array';
import { preparedStatement, rowsOf } from '../../db/sql';

/**
 * A learner's ($1) learning seconds and finished courses per calendar year, China time (the daily totals' days are
 * China-time dates already; finishing times are converted), one row per year with either.
 */
const YEAR_FIGURES = `SELECT coalesce(s.year, f.year) AS year, coalesce(s.seconds, 0) AS seconds,
         coalesce(f.finished, 0) AS finished
    FROM (SELECT extract(year FROM day)::int AS year, sum(seconds)::int AS seconds
            FROM learning_daily_seconds WHERE user_id = $1 GROUP BY 1) s
    FULL JOIN (SELECT extract(year FROM (finished_at AT TIME ZONE 'UTC') + interval '8 hours')::int AS year,
                      count(*)::int AS finished
                 FROM learning_course_progress WHERE user_id = $1 AND finished_at IS NOT NULL GROUP BY 1) f
      ON f.year = s.year`;
const yearFigures = preparedStatement<{ year: number; seconds: number; finished: number }, [number]>(
  'learning_year_figures',
  YEAR_FIGURES,
);

/** A learner's study figures by calendar year, for other areas (the talent area's credit archive). */
export const learningRecord = {
  /** Learning seconds and finished courses per calendar year (China time), in one prepared statement. */
  byYear(db: DbOrTx, userId: number) {
    return yearFigures(db)(userId);
  },

  /**
   * Everyone's learning in one calendar year (China-time days), a page of learners after `afterUserId` in id order:
   * the continuing-education hours export. Reads the account's names read-only.
   */
  yearTotals(db: DbOrTx, v: { year: number; afterUserId: number; limit: number }) {
    const from = `${v.year}-01-01`;
    const to = `${v.year + 1}-01-01`;
    return rowsOf<{
      user_id: number;
      phone: string;
      nickname: string | null;
      real_name: string | null;
      id_number: string | null;
      company_name: string | null;
      seconds: number;
      finished: number;
    }>(
      db,
      sql`SELECT u.id AS user_id, u.phone, u.nickname, u.real_name, u.id_number, u.company_name, s.seconds,
                 (SELECT count(*)::int FROM learning_course_progress p
                   WHERE p.user_id = u.id AND p.finished_at >= (${from}::date::timestamp - interval '8 hours') AT TIME ZONE 'UTC'
                     AND p.finished_at < (${to}::date::timestamp - interval '8 hours') AT TIME ZONE 'UTC') AS finished
            FROM (SELECT user_id, sum(seconds)::int AS seconds FROM learning_daily_seconds
                   WHERE day >= ${from}::date AND day < ${to}::date AND user_id > ${v.afterUserId}
                   GROUP BY user_id ORDER BY user_id LIMIT ${v.limit}) s
            JOIN users u ON u.id = s.user_id
           ORDER BY u.id`,
    );
  },

  /** Learning seconds on China-time days from `fromDay` (yyyy-MM-dd) on: the resume's "last 12 months". */
  async secondsSince(db: DbOrTx, userId: number, fromDay: string): Promise<number> {
    const [row] = await rowsOf<{ seconds: number }>(
      db,
      sql`SELECT coalesce(sum(seconds), 0)::int AS seconds
            FROM learning_daily_seconds WHERE user_id = ${userId} AND day >= ${fromDay}`,
    );
    return row?.seconds ?? 0;
  },

  /**
   * Several learners' learning from China-time day `fromDay` up to (not including) `toDay`: seconds and the titles of
   * the courses finished, in one statement for the batch (the weekly learning digest).
   */
  activityBetween(db: DbOrTx, userIds: readonly number[], fromDay: string, toDay: string) {
    const from = new Date(`${fromDay}T00:00:00+08:00`);
    const to = new Date(`${toDay}T00:00:00+08:00`);
    return rowsOf<{ user_id: number; seconds: number; finished: string[] }>(
      db,
      sql`SELECT u.id AS user_id,
                 (SELECT coalesce(sum(d.seconds), 0)::int FROM learning_daily_seconds d
                   WHERE d.user_id = u.id AND d.day >= ${fromDay}::date AND d.day < ${toDay}::date) AS seconds,
                 (SELECT coalesce(json_agg(c.title ORDER BY p.finished_at, c.id), '[]'::json)
                    FROM learning_course_progress p JOIN courses c ON c.id = p.course_id
                   WHERE p.user_id = u.id AND p.finished_at >= ${from}::timestamptz AND p.finished_at < ${to}::timestamptz) AS finished
            FROM unnest(${pgArray(userIds)}::int[]) AS u(id)`,
    );
  },

  /** Finished courses with their titles, latest first (the resume's verified study record). */
  finishedCourses(db: DbOrTx, userId: number) {
    return rowsOf<{ id: number; title: string; finished_at: string }>(
      db,
      sql`SELECT c.id, c.title, to_char(p.finished_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS finished_at
            FROM learning_course_progress p JOIN courses c ON c.id = p.course_id
           WHERE p.user_id = ${userId} AND p.finished_at IS NOT NULL
           ORDER BY p.finished_at DESC, c.id LIMIT 50`,
    );
  },
};
export type LearningRecord = typeof learningRecord;
