import { sql } from 'drizzle-orm';
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

/**
 * Courses that would close a year's gap, for several members in one statement: published, carrying credits, not yet
 * credited to the member, the member's preferred category first, then the most credits. The member's year
 * (GET /api/credits/year) asks for one member, the weekly digest for a batch.
 */
export async function creditSuggestions(
  ex: Executor,
  wants: readonly { userId: number; prefer: CreditCategory }[],
  limit: number,
): Promise<Map<number, CreditSuggestion[]>> {
  const byUser = new Map<number, CreditSuggestion[]>(wants.map((w) => [w.userId, []]));
  if (wants.length === 0) return byUser;
  const rows = await rowsOf<CreditSuggestion & { user_id: number }>(
    ex,
    sql`SELECT w.user_id, x.id, x.title, x.category, x.credits
          FROM unnest(${pgArray(wants.map((w) => w.userId))}::int[], ${pgArray(wants.map((w) => w.prefer))}::text[]) AS w(user_id, prefer)
          CROSS JOIN LATERAL (
                SELECT c.id, c.title, s.category, s.credits
                  FROM ${creditsCourseSettings} s JOIN ${courses} c ON c.id = s.course_id
                 WHERE c.published
                   AND NOT EXISTS (SELECT 1 FROM ${creditsGrants} g
                                    WHERE g.user_id = w.user_id AND g.source = 'course' AND g.source_id = c.id)
                 ORDER BY (s.category = w.prefer) DESC, s.credits DESC, c.id
                 LIMIT ${limit}) x
         ORDER BY w.user_id, (x.category = w.prefer) DESC, x.credits DESC, x.id`,
  );
  for (const r of rows) byUser.get(r.user_id)?.push({ id: r.id, title: r.title, category: r.category, credits: r.credits });
  return byUser;
}
