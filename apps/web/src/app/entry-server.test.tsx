import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '@/shared/lib/api-client';
import { makeCourseDetail } from '@/features/courses/testing/course-fixtures';
import { makeCommonData, makeProblemGroups } from '@/testing/fixtures';
import { installServerFetch, render, type ServerFetch } from './entry-server';
import { SSR_STATE_ID } from './ssr-state';

const problems = makeProblemGroups();
const calls: string[] = [];
const serverFetch: ServerFetch = async ({ method, url }) => {
  calls.push(`${method} ${url}`);
  const path = url.split('?')[0];
  if (path === '/api/problems') return { status: 200, body: { code: 200, message: 'ok', data: problems } };
  if (path === '/coursepoolapi/course_pools/tower_show_course')
    return {
      status: 200,
      body: {
        code: 200,
        message: 'ok',
        data: makeCourseDetail({ id: 30, title: '管理会计实务', cover: '/media/art/course-30.webp' }),
      },
    };
  if (path === '/api/common_data')
    return { status: 200, body: { code: 200, message: 'ok', data: makeCommonData() } };
  return { status: 404, body: { code: 404, message: '请求的资源不存在', data: null } };
};

let adapterBefore: typeof apiClient.axios.defaults.adapter;
beforeAll(() => {
  adapterBefore = apiClient.axios.defaults.adapter;
  installServerFetch(serverFetch);
});
afterAll(() => {
  apiClient.axios.defaults.adapter = adapterBefore;
});

const firstProblem = problems.flatMap((g) => g.problems ?? [])[0]?.name ?? '';

describe('server-side render of public pages', () => {
  it('draws the simplified home of big tiles for a browser in 关怀模式, and the usual home otherwise', async () => {
    const care = (await render({ url: '/', host: 'localhost:3000', careMode: true }))!;
    expect(care.body).toContain('care-home-tile');
    expect(care.body).toContain('学员中心');
    expect(care.body).not.toContain('home-hero');
    const usual = (await render({ url: '/', host: 'localhost:3000' }))!;
    expect(usual.body).toContain('home-hero');
    expect(usual.body).not.toContain('care-home-tile');
  });

  it("renders the page from its own queries' data, fetched through the server, and ships that data and antd's styles", async () => {
    calls.length = 0;
    const out = (await render({ url: '/help-center', host: 'localhost:3000' }))!;
    expect(out.routeTitle).toBe('帮助中心');
    expect(calls).toEqual(expect.arrayContaining(['GET /api/problems', 'GET /api/common_data']));
    expect(out.body).toContain('class="site-shell"');
    expect(out.body).toContain(firstProblem);
    expect(out.head).toContain('<style');
    const state = new RegExp(`<script type="application/json" id="${SSR_STATE_ID}">(.*)</script>`).exec(
      out.head,
    )![1]!;
    expect(JSON.parse(state).queries.length).toBeGreaterThanOrEqual(2);
    expect(state).not.toMatch(/<\/script/i);
  }, 60_000);

  it('shows the learning base of a regional host in the logo', async () => {
    const out = (await render({ url: '/help-center', host: 'henan.localhost:3000' }))!;
    expect(out.body).toContain('河南学习基地');
  }, 60_000);

  it('renders form fields disabled until the client takes over, so nothing typed is lost', async () => {
    const out = (await render({ url: '/login', host: 'localhost:3000' }))!;
    expect(out.body).toMatch(/<input[^>]*type="search"[^>]*disabled=""/);
    const inputs = out.body.match(/<input\b[^>]*>/g) ?? [];
    expect(inputs.length).toBeGreaterThan(2);
    for (const input of inputs) expect(input).toContain('disabled');
  }, 60_000);

  it("renders the login page's first screen with no antd styles in the HTML", async () => {
    const out = (await render({ url: '/login', host: 'localhost:3000' }))!;
    expect(out.body).toContain('欢迎登录');
    expect(out.body).toContain('role="tabpanel"');
    // antd's style cache leaves only its empty path marker; no rule of any antd component.
    expect(out.head).not.toMatch(/\.ant-/);
  }, 60_000);

  it('renders the course list and the course search with no antd styles in the HTML', async () => {
    for (const url of ['/train', '/courseSearch?courseName=%E9%A2%84%E7%AE%97']) {
      const out = (await render({ url, host: 'localhost:3000' }))!;
      expect(out.body).toContain('role="search"');
      expect(out.head).not.toMatch(/\.ant-/);
    }
  }, 60_000);

  it('renders the risk check with its form in place: no Suspense boundary left for the client to redo (React 419)', async () => {
    const out = (await render({ url: '/financeTool/toolInfo/risk-check', host: 'localhost:3000' }))!;
    expect(out.body).toContain('企业财务风险检测');
    expect(out.body).toContain('企业名称');
    // `<!--$!-->` marks a boundary the server gave up on; `<!--$?-->` one still waiting.
    expect(out.body).not.toMatch(/<!--\$[!?]-->/);
  }, 60_000);

  it('renders an unknown address as the not-found screen with status 404, and known pages with 200', async () => {
    const unknown = (await render({ url: '/no/such/page?x=1', host: 'localhost:3000' }))!;
    expect(unknown.status).toBe(404);
    expect(unknown.body).toContain('页面不存在');
    expect((await render({ url: '/not-found', host: 'localhost:3000' }))!.status).toBe(404);
    expect((await render({ url: '/help-center', host: 'localhost:3000' }))!.status).toBe(200);
  }, 60_000);

  it("draws the lesson player's shared frame, the course cover where the video goes, which the client draws over", async () => {
    const out = (await render({ url: '/train/play/30/88', host: 'localhost:3000' }))!;
    expect(out.status).toBe(200);
    expect(out.routeTitle).toBe('课程学习');
    expect(out.body).toContain('class="site-shell"');
    expect(out.body).toContain('<div class="page-container play-frame" data-ssr-frame="">');
    expect(out.body).toMatch(/<video poster="\/media\/art\/course-30.webp" preload="none"/);
    expect(out.body).toContain('<link rel="preload" href="/media/art/course-30.webp" as="image" fetchPriority="high"/>');
    expect(out.body).toContain('管理会计实务');
    // The course's data goes with it, so the player starts from it; nothing of the learner (no lesson, no session).
    expect(out.head).toContain('"queryKey":["learning","course",30]');
    expect(out.head).not.toContain('video_url');
  }, 60_000);

  it('leaves pages behind a login to the client', async () => {
    expect(await render({ url: '/center/student', host: 'localhost:3000' })).toBeNull();
  }, 60_000);
});
