import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/sql';

/** Platform-wide learning figures for the staff dashboard, read from the trigger-kept totals (never every learner). */
export const learningFigures = {
  /** Learners with time and seconds per China-time day from `fromDay` to `toDay` (YYYY-MM-DD, both included). */
  dayTotals(db: DbOrTx, fromDay: string, toDay: string) {
    return rowsOf<{ day: string; learners: number; seconds: number }>(
      db,
      sql`SELECT to_char(day, 'YYYY-MM-DD') AS day, learners, seconds::bigint::float8 AS seconds
            FROM learning_day_totals WHERE day >= ${fromDay}::date AND day <= ${toDay}::date ORDER BY day`,
    );
  },

  /** Distinct learners of the China-time month starting on `monthStart` (YYYY-MM-01). */
  async monthLearners(db: DbOrTx, monthStart: string): Promise<number> {
    const [row] = await rowsOf<{ learners: number }>(
      db,
      sql`SELECT learners FROM learning_month_totals WHERE month = ${monthStart}::date`,
    );
    return row?.learners ?? 0;
  },
};
