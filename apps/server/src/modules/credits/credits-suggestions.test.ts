import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { CreditCategory } from '@app/contracts';
import { rowsOf } from '../../db/sql';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createUser } from '../../testing/test-users';
import { creditSuggestions } from './credits-suggestions';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('suggested courses', () => {
  it('are the published courses with credits not yet credited, the preferred category first, then the most credits', async () => {
    const me = await createUser(t);
    const all = await rowsOf<{ id: number; title: string; category: CreditCategory; credits: number; published: boolean }>(
      t.db,
      sql`SELECT c.id, c.title, s.category, s.credits, c.published FROM credits_course_settings s JOIN courses c ON c.id = s.course_id`,
    );
    expect(all.filter((c) => c.published).length).toBeGreaterThan(4);
    // Two of the catalogue's best are already credited to the member.
    const credited = all.filter((c) => c.published).sort((a, b) => b.credits - a.credits || a.id - b.id).slice(0, 2);
    for (const c of credited)
      await t.db.execute(sql`INSERT INTO credits_grants (user_id, year, category, credits, source, source_id, title, rule_id, granted_at)
        VALUES (${me.id}, 2025, ${c.category}, ${c.credits}, 'course', ${c.id}, ${c.title}, (SELECT min(id) FROM credits_rules), now())`);
    for (const prefer of ['professional', 'public'] as const) {
      const expected = all
        .filter((c) => c.published && !credited.some((x) => x.id === c.id))
        .sort((a, b) => Number(b.category === prefer) - Number(a.category === prefer) || b.credits - a.credits || a.id - b.id)
        .map(({ id, title, category, credits }) => ({ id, title, category, credits }));
      for (const limit of [2, 4, 50]) {
        const got = await creditSuggestions(t.db, [{ userId: me.id, prefer }], limit);
        expect(got.get(me.id)).toEqual(expected.slice(0, limit));
      }
    }
  });
});
