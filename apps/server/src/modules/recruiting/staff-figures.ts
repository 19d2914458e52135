import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/sql';

/** Company verifications and job posts waiting for staff review (dashboard). */
export const recruitingFigures = {
  async pendingReviews(db: DbOrTx): Promise<{ companies: number; jobPosts: number }> {
    const [row] = await rowsOf<{ companies: number; posts: number }>(
      db,
      sql`SELECT (SELECT count(*)::int FROM recruiting_companies WHERE status = 'pending') AS companies,
                 (SELECT count(*)::int FROM recruiting_posts WHERE status = 'pending') AS posts`,
    );
    return { companies: row?.companies ?? 0, jobPosts: row?.posts ?? 0 };
  },
};
