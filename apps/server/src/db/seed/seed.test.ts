import { count } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { contentHelpProblems, contentSiteSettings } from '../../modules/content/content.table';
import { systemSeedRuns } from '../../modules/system/system.table';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { seedDatabase, seedModules } from './index';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function counts() {
  const [problems] = await t.db.select({ n: count() }).from(contentHelpProblems);
  const [settings] = await t.db.select({ n: count() }).from(contentSiteSettings);
  return { problems: problems!.n, settings: settings!.n };
}

it('records every seed module, so a restart runs none', async () => {
  const runs = await t.db.select().from(systemSeedRuns);
  expect(runs.map((r) => r.name).sort()).toEqual(seedModules.map((m) => m.name).sort());
  expect(await seedDatabase(t.db, { config: t.config, clock: t.clock })).toEqual([]);
});

it('is idempotent: forcing every module twice leaves the same counts', async () => {
  const before = await counts();
  expect(before.problems).toBeGreaterThanOrEqual(18);
  await seedDatabase(t.db, { config: t.config, clock: t.clock }, { force: true });
  await seedDatabase(t.db, { config: t.config, clock: t.clock }, { force: true });
  expect(await counts()).toEqual(before);
});

it('does not overwrite settings an admin has changed', async () => {
  const { eq } = await import('drizzle-orm');
  await t.db
    .update(contentSiteSettings)
    .set({ value: 'x@y.cn' })
    .where(eq(contentSiteSettings.key, 'mailbox'));
  await seedDatabase(t.db, { config: t.config, clock: t.clock }, { force: true });
  const [row] = await t.db.select().from(contentSiteSettings).where(eq(contentSiteSettings.key, 'mailbox'));
  expect(row!.value).toBe('x@y.cn');
});

it('leaves demo accounts and the demo catalogue out when demo seeding is off (production default)', async () => {
  const ran = await seedDatabase(t.db, { config: { ...t.config, seedDemo: false }, clock: t.clock }, { force: true });
  const demoNames = seedModules.filter((m) => m.demo).map((m) => m.name);
  expect(demoNames).toEqual(expect.arrayContaining(['users', 'courses']));
  expect(ran).toEqual(seedModules.filter((m) => !m.demo).map((m) => m.name));
});
