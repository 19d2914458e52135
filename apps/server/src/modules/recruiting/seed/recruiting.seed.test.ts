import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedDatabase } from '../../../db/seed/index';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { sessionFor } from '../../../testing/test-users';
import { api } from '../../talent/talent.test-support';
import { recruitingPublicPages } from '../index';
import { recruitingApplications, recruitingPosts } from '../recruiting.table';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const BASE_PROVINCES = ['河南省', '河北省', '吉林省', '贵州省', '浙江省:宁波市', '广西壮族自治区'];

it('puts 30+ online posts of verified companies on the board in every regional base province', async () => {
  const all = await api(t, 'GET', '/api/job_board?per=50');
  expect(all.data.total).toBeGreaterThanOrEqual(30);
  const companies = new Set(all.data.list.map((p: { company: { user_id: number } }) => p.company.user_id));
  expect(companies.size).toBeGreaterThanOrEqual(6);
  for (const province of BASE_PROVINCES) {
    const res = await api(t, 'GET', `/api/job_board?city=${encodeURIComponent(province)}`);
    expect(res.data.total, province).toBeGreaterThan(0);
  }
});

it('gives the member demo account applications in several states and the demo company received ones', async () => {
  const member = await sessionFor(t, '13800138001');
  const sent = await api(t, 'GET', '/api/job_applications/sent?per=50', member);
  expect(new Set(sent.data.list.map((a: { status: string }) => a.status))).toEqual(
    new Set(['sent', 'viewed', 'interview', 'unsuitable', 'withdrawn']),
  );
  const company = await sessionFor(t, '13800138002');
  expect((await api(t, 'GET', '/api/job_applications/received', company)).data.total).toBeGreaterThanOrEqual(
    4,
  );
  expect((await api(t, 'GET', '/api/talent_pool', company)).data.total).toBe(3);
});

it('adds nothing when seeded again', async () => {
  const [posts] = await t.db.select({ n: count() }).from(recruitingPosts);
  const [apps] = await t.db.select({ n: count() }).from(recruitingApplications);
  await seedDatabase(t.db, { config: t.config, clock: t.clock }, { force: true });
  expect((await t.db.select({ n: count() }).from(recruitingPosts))[0]!.n).toBe(posts!.n);
  expect((await t.db.select({ n: count() }).from(recruitingApplications))[0]!.n).toBe(apps!.n);
});

it('gives page metadata and sitemap entries for online posts only', async () => {
  const pages = recruitingPublicPages(t.db, () => t.clock.now());
  const [online] = await t.db
    .select()
    .from(recruitingPosts)
    .where(eq(recruitingPosts.status, 'online'))
    .limit(1);
  const [draft] = await t.db
    .select()
    .from(recruitingPosts)
    .where(eq(recruitingPosts.status, 'draft'))
    .limit(1);
  const byId = (id: number) => pages.meta({}, new URLSearchParams({ id: String(id) }));
  const meta = await byId(online!.id);
  expect(meta?.title).toContain(online!.title);
  expect(meta?.description).toContain('元/月');
  expect(await byId(draft!.id)).toBeNull();
  expect(await byId(999_999)).toBeNull();

  // In the HTML: the post's title, and a canonical URL that keeps the id; a draft answers 404.
  const html = await t.app.inject({ method: 'GET', url: `/jobDetail/jinfo?id=${online!.id}&from=share` });
  expect(html.statusCode).toBe(200);
  expect(html.payload).toContain(`<title>财务管理协会人才培训平台 - ${meta!.title}</title>`);
  expect(html.payload).toContain(`<link rel="canonical" href="http://localhost:3000/jobDetail/jinfo?id=${online!.id}" />`);
  expect((await t.app.inject({ method: 'GET', url: `/jobDetail/jinfo?id=${draft!.id}` })).statusCode).toBe(404);
  const paths = (await pages.sitemap()).map((e) => e.path);
  expect(paths).toContain(`/jobDetail/jinfo?id=${online!.id}`);
  expect(paths).not.toContain(`/jobDetail/jinfo?id=${draft!.id}`);
});
