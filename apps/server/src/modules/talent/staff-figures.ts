import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/sql';

/** Star-level evaluation applications waiting for staff review (dashboard). */
export const talentFigures = {
  async pendingStars(db: DbOrTx): Promise<number> {
    const [row] = await rowsOf<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM talent_rcpjs WHERE status = 'submitted'`);
    return row?.n ?? 0;
  },
};
