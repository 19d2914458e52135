import { sql, type SQL } from 'drizzle-orm';
import type { CreditCategory, CreditYearFigures } from '@app/contracts';
import { pgArray } from '../../db/pg-array';
import { rowsOf, type Executor } from '../../db/sql';
import { courses } from '../courses';
import { creditsCourseSettings, creditsGrants } from './credits.table';

export interface CreditSuggestion {
  id: number;
  title: string;
  category: CreditCategory;
  credits: number;
}

/** The category a year's suggestions lead with: 专业科目 while it is short (or nothing is), else 公需科目. */
export function preferredCategory(figures: Pick<CreditYearFigures, 'missing'>): CreditCategory {
  return figures.missing.professional > 0 || figures.missing.public === 0 ? 'professional' : 'public';
}

/** The courses of one category a member has not been credited for, from the most credits down (index walk). */
const walk = (category: SQL, pass: number, limit: number) => sql`(
    SELECT c.id, c.title, s.category, s.credits, ${pass}::int AS pass
      FROM ${creditsCourseSettings} s JOIN ${courses} c ON c.id = s.course_id
     WHERE s.category = ${category} AND c.published
       AND NOT EXISTS (SELECT 1 FROM ${creditsGrants} g
                        WHERE g.user_id = w.user_id AND g.source = 'course' AND g.source_id = c.id)
     ORDER BY s.credits DESC NULLS LAST, s.course_id
     LIMIT ${limit})`;

/**
 * Courses that would close a year's gap, for several members in one statement: published, carrying credits, not yet
 * credited to the member, the member's preferred category first, then the most credits. Each category is walked on
 * `credits_course_settings_order_idx` and the walk stops at the first `limit` courses the member has not been
 * credited for, so the cost does not grow with the catalogue (docs/performance-notes.md). The member's year
 * (GET /api/credits/year) asks for one member, the weekly digest for a batch.
 */
export async function creditSuggestions(
  ex: Executor,
  wants: readonly { userId: number; prefer: CreditCategory }[],
  limit: number,
): Promise<Map<number, CreditSuggestion[]>> {
  const byUser = new Map<number, CreditSuggestion[]>(wants.map((w) => [w.userId, []]));
  if (wants.length === 0) return byUser;
  const other = sql`CASE w.prefer WHEN 'professional' THEN 'public' ELSE 'professional' END`;
  const rows = await rowsOf<CreditSuggestion & { user_id: number }>(
    ex,
    sql`SELECT w.user_id, x.id, x.title, x.category, x.credits
          FROM unnest(${pgArray(wants.map((w) => w.userId))}::int[], ${pgArray(wants.map((w) => w.prefer))}::text[]) AS w(user_id, prefer)
          CROSS JOIN LATERAL (
                SELECT * FROM (${walk(sql`w.prefer`, 0, limit)} UNION ALL ${walk(other, 1, limit)}) u
                 ORDER BY pass, credits DESC, id
                 LIMIT ${limit}) x
         ORDER BY w.user_id, x.pass, x.credits DESC, x.id`,
  );
  for (const r of rows) byUser.get(r.user_id)?.push({ id: r.id, title: r.title, category: r.category, credits: r.credits });
  return byUser;
}
