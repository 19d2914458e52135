import fs from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RANK_SIZE, type RankData, type RankPeriod } from '@app/contracts';
import { rowsOf } from '../../db/sql';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createUser, type TestUser } from '../../testing/test-users';
import { LearningBuffer } from './learning-buffer';
import { learningTime } from './learning-time';
import { createLearningRepository } from './learning.repository';
import { periodKey, periodStart } from './learning.service';

let t: TestApp;
beforeAll(async () => {
  // A Wednesday whose week starts in the previous month and year (Monday 2024-12-30).
  t = await createTestApp();
  t.clock.set('2025-01-01T08:00:00+08:00');
});
afterAll(() => t.close());

const PERIODS: RankPeriod[] = ['week', 'month', 'all'];
const at = (day: string, hour = 10) => new Date(`${day}T${String(hour).padStart(2, '0')}:00:00+08:00`);

/**
 * The ranking as it was computed before per-period totals existed: every user's days of the period summed per
 * request from learning_daily_seconds (days from the period's first China-time day; all days for all time).
 */
async function rankingFromDays(period: RankPeriod, viewers: TestUser[]) {
  const since = periodStart(period, t.clock.now());
  const where = since ? sql`WHERE d.day >= ${since}::date` : sql``;
  const sums = sql`SELECT d.user_id, sum(d.seconds)::int AS seconds FROM learning_daily_seconds d ${where} GROUP BY d.user_id`;
  const top = await rowsOf<{ user_id: number; seconds: number }>(
    t.db,
    sql`SELECT s.user_id, s.seconds FROM (${sums}) s JOIN users u ON u.id = s.user_id
         WHERE s.seconds > 0 ORDER BY s.seconds DESC, s.user_id ASC LIMIT ${RANK_SIZE}`,
  );
  const mine = new Map<number, { rank: number | null; seconds: number; beyond: boolean }>();
  for (const v of viewers) {
    const [row] = await rowsOf<{ seconds: number; ahead: number }>(
      t.db,
      sql`WITH s AS (${sums}), me AS (SELECT COALESCE((SELECT seconds FROM s WHERE user_id = ${v.id}), 0) AS seconds)
          SELECT me.seconds, (SELECT count(*)::int FROM s
                               WHERE s.seconds > me.seconds OR (s.seconds = me.seconds AND s.user_id < ${v.id})) AS ahead
            FROM me`,
    );
    const seconds = row?.seconds ?? 0;
    mine.set(v.id, { seconds, rank: seconds > 0 ? (row?.ahead ?? 0) + 1 : null, beyond: false });
  }
  return { top: top.map((r, i) => ({ rank: i + 1, user_id: r.user_id, seconds: r.seconds })), mine };
}

async function ranking(period: RankPeriod, viewer?: TestUser): Promise<RankData> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/home_page_rank?period=${period}`,
    headers: viewer?.headers ?? {},
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as RankData;
}

async function expectSameAsFromDays(viewers: TestUser[]) {
  for (const period of PERIODS) {
    const expected = await rankingFromDays(period, viewers);
    const visitor = await ranking(period);
    expect(visitor.list.map((e) => ({ rank: e.rank, user_id: e.user_id, seconds: e.seconds })), period).toEqual(
      expected.top,
    );
    expect(visitor.mine).toBeNull();
    for (const v of viewers) {
      expect((await ranking(period, v)).mine, `${period}, user ${v.id}`).toEqual(expected.mine.get(v.id));
    }
  }
}

describe('home ranking from per-period totals', () => {
  let learners: TestUser[] = [];

  it('gives the same top list, ties and places as summing the days, for week, month and all time', async () => {
    learners = [];
    for (let i = 0; i < 12; i++) learners.push(await createUser(t, { nickname: `排名学员${i + 1}` }));
    const [a, b, c, d, e, f, g, h, i, j, k, idle] = learners as [
      TestUser, TestUser, TestUser, TestUser, TestUser, TestUser, TestUser, TestUser, TestUser, TestUser, TestUser, TestUser,
    ];
    // idle never learns: no place in any period.
    const buffer = new LearningBuffer({ db: t.db, intervalMs: 0 });
    // Written through the learning-time buffer's flush, several days of one user and period in one flush.
    const credit = (u: TestUser, day: string, seconds: number, hour = 10) => buffer.addLearning(u.id, seconds, at(day, hour));
    // This week (Mon 2024-12-30 .. Wed 2025-01-01) spans two months: a and b tie.
    credit(a, '2024-12-30', 600_000);
    credit(a, '2025-01-01', 400_000);
    credit(b, '2024-12-31', 1_000_000);
    // c and d tie at the top of the week and of January (c's account is older); c also leads all time.
    credit(c, '2025-01-01', 2_000_000, 1);
    credit(c, '2024-11-15', 3_000_000);
    credit(d, '2025-01-01', 1_500_000, 2);
    credit(d, '2025-01-01', 500_000, 3);
    // Earlier weeks and months only: in all time, not in the week or January.
    credit(e, '2024-12-29', 900_000);
    credit(e, '2024-12-01', 900_000);
    credit(f, '2023-06-30', 1_800_000);
    await buffer.flush();
    // Small ties: "my place" is a count, ties by account order.
    for (const u of [g, h, i]) buffer.addLearning(u.id, 7, at('2025-01-01', 7));
    buffer.addLearning(j.id, 7, at('2024-12-30', 7));
    buffer.addLearning(k.id, 5, at('2024-12-31', 7));
    await buffer.close();
    // Watched live time (another area) goes through learning's same write path.
    await t.db.transaction((tx) => learningTime(tx).add(k.id, 2, at('2025-01-01', 9)));

    await expectSameAsFromDays(learners);
    const week = await ranking('week', a);
    expect(week.since).toBe('2024-12-30');
    expect(week.list.slice(0, 4).map((r) => [r.user_id, r.seconds])).toEqual([
      [c.id, 2_000_000],
      [d.id, 2_000_000],
      [a.id, 1_000_000],
      [b.id, 1_000_000],
    ]);
    expect(week.mine).toEqual({ rank: 3, seconds: 1_000_000, beyond: false });
    expect((await ranking('month', d)).mine).toEqual({ rank: 2, seconds: 2_000_000, beyond: false });
    expect((await ranking('all', idle)).mine).toEqual({ rank: null, seconds: 0, beyond: false });
    expect((await ranking('week', k)).mine?.seconds).toBe(7);
  });

  it('counts my place exactly up to the limit and only says "beyond" past it, however many learners are ahead', async () => {
    const [a, , c] = learners as [TestUser, TestUser, TestUser];
    const repo = createLearningRepository(t.db);
    const week = periodKey('week', t.clock.now());
    // This week: c and d (2,000,000 s) ahead of a (1,000,000 s, third place).
    expect(await repo.rankOf(a.id, week, 3)).toEqual({ seconds: 1_000_000, rank: 3, beyond: false });
    expect(await repo.rankOf(a.id, week, 2)).toEqual({ seconds: 1_000_000, rank: null, beyond: true });
    expect(await repo.rankOf(c.id, week, 1)).toEqual({ seconds: 2_000_000, rank: 1, beyond: false });
    expect(await repo.rankOf(learners[11]!.id, week, 1)).toEqual({ seconds: 0, rank: null, beyond: false });
  });

  it('stays the same when the clock reaches the next week and month', async () => {
    // Monday of February, just after midnight China time (16:30 UTC the day before).
    t.clock.set('2025-02-03T00:30:00+08:00');
    try {
      // Keep the learners' sessions open past their 30 days.
      await t.db.execute(sql`UPDATE auth_sessions SET expires_at = expires_at + interval '60 days'
                              WHERE user_id IN (${sql.join(learners.map((u) => sql`${u.id}`), sql`, `)})`);
      const later = learners;
      const buffer = new LearningBuffer({ db: t.db, intervalMs: 0 });
      buffer.addLearning(later[5]!.id, 60, t.clock.now());
      buffer.addLearning(later[6]!.id, 60, t.clock.now());
      await buffer.close();
      await expectSameAsFromDays(later);
      expect((await ranking('week', later[5])).mine).toEqual({ rank: 1, seconds: 60, beyond: false });
      expect((await ranking('month', later[6])).mine).toEqual({ rank: 2, seconds: 60, beyond: false });
    } finally {
      t.clock.set('2025-01-01T08:00:00+08:00');
    }
  });

  it('rebuilds the same totals from the recorded days with the migration backfill', async () => {
    // The latest recorded day is today (summing "days from the first day of the period" assumes no later day).
    t.clock.set('2025-02-03T09:00:00+08:00');
    const dir = fileURLToPath(new URL('../../../drizzle/', import.meta.url));
    const file = (await fs.readdir(dir)).find((f) => f.endsWith('_learning_period_seconds.sql'));
    const text = await fs.readFile(`${dir}${file}`, 'utf8');
    const backfill = text.slice(text.indexOf('-- hand-written'));
    const before = await rowsOf<Record<string, unknown>>(
      t.db,
      sql`SELECT * FROM learning_period_seconds ORDER BY period_kind, period_key, user_id`,
    );
    expect(before.length).toBeGreaterThan(learners.length);
    await t.db.execute(sql`DELETE FROM learning_period_seconds`);
    await t.db.execute(sql.raw(backfill));
    const after = await rowsOf<Record<string, unknown>>(
      t.db,
      sql`SELECT * FROM learning_period_seconds ORDER BY period_kind, period_key, user_id`,
    );
    expect(after).toEqual(before);
    await expectSameAsFromDays(learners);
  });
});
