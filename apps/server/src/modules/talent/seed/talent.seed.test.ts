import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedDatabase } from '../../../db/seed/index';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { authRepository } from '../../auth/auth.repository';
import { talentPapers, talentRcpjs } from '../talent.table';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('gives the member demo account a public portrait with records of every kind', async () => {
  const member = await authRepository.findUserByPhone(t.db, '13800138001');
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/user_infos/public_portrait?user_id=${member!.id}`,
  });
  expect(res.statusCode).toBe(200);
  const p = res.json().data.personal_info;
  expect(p.user_info).toMatchObject({ real_name: '刘会员', phone: '138****8001', show_personal_info: true });
  for (const kind of ['customer_edus', 'customer_jobs', 'credentials', 'job_profits', 'papers'])
    expect(p[kind].length).toBeGreaterThan(0);
  expect(p.user_apply_job.positions).toBe('财务经理,预算经理');
});

it('leaves one submitted star application of a demo learner for the staff page, and re-seeding adds nothing', async () => {
  const learner = await authRepository.findUserByPhone(t.db, '13900000001');
  const apps = await t.db.select().from(talentRcpjs).where(eq(talentRcpjs.userId, learner!.id));
  expect(apps.map((a) => a.status)).toEqual(['submitted']);
  const [before] = await t.db.select({ n: count() }).from(talentPapers);
  await seedDatabase(t.db, { config: t.config, clock: t.clock }, { force: true });
  const [after] = await t.db.select({ n: count() }).from(talentPapers);
  expect(after!.n).toBe(before!.n);
  expect(await t.db.select().from(talentRcpjs).where(eq(talentRcpjs.userId, learner!.id))).toHaveLength(1);
});
