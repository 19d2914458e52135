import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/sql';

/** Q&A figures for the staff dashboard: questions waiting for an answer and those past their due time. */
export const qaFigures = {
  async openQuestions(db: DbOrTx, now: Date): Promise<{ open: number; overdue: number }> {
    const [row] = await rowsOf<{ open: number; overdue: number }>(
      db,
      sql`SELECT count(*)::int AS open, count(*) FILTER (WHERE due_at < ${now.toISOString()}::timestamptz)::int AS overdue
            FROM qa_questions WHERE status = 'waiting' AND NOT hidden`,
    );
    return { open: row?.open ?? 0, overdue: row?.overdue ?? 0 };
  },
};
