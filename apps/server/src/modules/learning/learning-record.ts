import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/sql';

/** A learner's study figures by calendar year, for other areas (the talent area's credit archive). */
export const learningRecord = {
  /** Learning seconds per calendar year (days are China-time dates already). */
  secondsByYear(db: DbOrTx, userId: number) {
    return rowsOf<{ year: number; seconds: number }>(
      db,
      sql`SELECT extract(year FROM day)::int AS year, coalesce(sum(seconds), 0)::int AS seconds
            FROM learning_daily_seconds WHERE user_id = ${userId} GROUP BY 1`,
    );
  },

  /** Courses finished per calendar year, China time. */
  finishedCoursesByYear(db: DbOrTx, userId: number) {
    return rowsOf<{ year: number; n: number }>(
      db,
      sql`SELECT extract(year FROM (finished_at AT TIME ZONE 'UTC') + interval '8 hours')::int AS year, count(*)::int AS n
            FROM learning_course_progress WHERE user_id = ${userId} AND finished_at IS NOT NULL GROUP BY 1`,
    );
  },
};
export type LearningRecord = typeof learningRecord;
