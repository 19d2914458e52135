import { sql } from 'drizzle-orm';
import { evaluateCreditYear, type CreditCategory } from '@app/contracts';
import { pgArray } from '../../db/pg-array';
import { rowsOf, type Executor } from '../../db/sql';
import { rulesFor, ruleTerms } from './credits.service';
import { creditsGrants, creditsProfiles } from './credits.table';

/** One member's year as others may read it (a company about its employees): tenths of a credit. */
export interface CreditStanding {
  year: number;
  total: number;
  required: number;
  /** The fewest credits that would still meet the rule: the total's gap, or both categories' gaps together. */
  missing: number;
  met: boolean;
  /** False when no rule applies to the year. */
  hasRule: boolean;
}

/**
 * Several members' years at once, each under the rule of their own region exactly as their 学分档案 reads it (the
 * same `rulesFor` precedence and `evaluateCreditYear`): one statement for the sums of the year's grants by member and
 * category, one for their regions, one `rulesFor` per distinct region.
 */
export async function creditStandings(ex: Executor, year: number, userIds: readonly number[]): Promise<Map<number, CreditStanding>> {
  const out = new Map<number, CreditStanding>();
  if (userIds.length === 0) return out;
  const ids = pgArray([...userIds]);
  const [sums, regions] = await Promise.all([
    rowsOf<{ user_id: number; category: CreditCategory; credits: number }>(
      ex,
      sql`SELECT g.user_id, g.category, sum(g.credits)::int AS credits
            FROM ${creditsGrants} g
           WHERE g.user_id = ANY(${ids}::int[]) AND g.year = ${year} AND g.withdrawn_at IS NULL
           GROUP BY g.user_id, g.category`,
    ),
    rowsOf<{ user_id: number; region: string }>(
      ex,
      sql`SELECT p.user_id, p.region FROM ${creditsProfiles} p WHERE p.user_id = ANY(${ids}::int[]) AND p.region IS NOT NULL`,
    ),
  ]);
  const regionOf = new Map(regions.map((r) => [r.user_id, r.region]));
  const rules = new Map<string, Awaited<ReturnType<typeof rulesFor>>>();
  for (const region of new Set(['', ...regions.map((r) => r.region)])) {
    rules.set(region, await rulesFor(ex, [year], region === '' ? null : region));
  }
  const byUser = new Map<number, { category: CreditCategory; credits: number }[]>();
  for (const s of sums) {
    const list = byUser.get(s.user_id) ?? [];
    list.push({ category: s.category, credits: s.credits });
    byUser.set(s.user_id, list);
  }
  for (const id of userIds) {
    const rule = rules.get(regionOf.get(id) ?? '')?.get(year) ?? null;
    const terms = rule ? ruleTerms(rule) : { required_total: 0, professional_min: null, professional_share: null, public_min: null };
    const f = evaluateCreditYear(terms, byUser.get(id) ?? []);
    out.set(id, {
      year,
      total: f.total,
      required: f.required.total,
      missing: Math.max(f.missing.total, f.missing.professional + f.missing.public),
      met: rule !== null && f.met,
      hasRule: rule !== null,
    });
  }
  return out;
}
