import { expect, test } from './support/fixtures';
import { type APIRequestContext, type Page } from '@playwright/test';
import { shellReady } from './support/site';

/** Public pages issue: server-rendered markup and head, no layout shift while the page loads. */

async function firstCourse(request: APIRequestContext) {
  const res = await request.get('/coursepoolapi/course_pools', {
    params: { page: 1, per: 1, newhot: 'hotest' },
  });
  return ((await res.json()) as { data: { list: { id: number; title: string }[] } }).data.list[0]!;
}

/** Sums every layout shift not caused by input, from the page's first moment (observer installed before any script). */
async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __cls: number; __shifts: string[] };
    w.__cls = 0;
    w.__shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources?: { node?: Node }[];
      })[]) {
        if (entry.hadRecentInput) continue;
        w.__cls += entry.value;
        w.__shifts.push(
          `${entry.value.toFixed(3)} ${(entry.sources ?? []).map((s) => (s.node as Element | undefined)?.className ?? s.node?.nodeName).join(',')}`,
        );
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

async function cumulativeShift(page: Page): Promise<{ cls: number; shifts: string[] }> {
  // Data, images and the client's own render have all landed by then.
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  return page.evaluate(() => {
    const w = window as unknown as { __cls: number; __shifts: string[] };
    return { cls: w.__cls, shifts: w.__shifts };
  });
}

for (const viewport of [
  { name: 'desktop', width: 1366, height: 900 },
  { name: 'phone', width: 412, height: 823 },
]) {
  test(`loading a course page shifts no layout above 0.1 (${viewport.name})`, async ({ page, request }) => {
    const course = await firstCourse(request);
    await page.setViewportSize(viewport);
    await recordLayoutShifts(page);
    await page.goto(`/train/detail/${course.id}`);
    await expect(page.getByRole('heading', { level: 1, name: course.title })).toBeVisible();
    const { cls, shifts } = await cumulativeShift(page);
    expect(cls, shifts.join('\n')).toBeLessThanOrEqual(0.1);
  });
}

test('a course page arrives with its content in the HTML and the browser takes it over', async ({
  page,
  request,
}) => {
  const course = await firstCourse(request);
  // As a crawler or link preview sees it: no JavaScript run.
  const html = await (await request.get(`/train/detail/${course.id}`)).text();
  expect(html).toContain(`<title>财务管理协会人才培训平台 - ${course.title}</title>`);
  expect(html).toMatch(new RegExp(`<h1 class="course-hero__title">${course.title}</h1>`));
  expect(html).toContain('<h2 id="course-lessons-title">课程目录</h2>');

  // In the browser: the same page, now interactive (a visitor's 点赞 asks to log in).
  await page.goto(`/train/detail/${course.id}`);
  await shellReady(page);
  await page.getByRole('button', { name: /点赞/ }).click();
  await expect(page).toHaveURL(/\/login\?redirect=/);
});

test("a visitor's server-rendered page is adopted by the browser, not drawn again, and its fields come alive", async ({
  page,
}) => {
  // The first element of the server's markup, held from before any script runs: hydration keeps that very node.
  await page.addInitScript(() =>
    document.addEventListener('DOMContentLoaded', () => {
      (window as unknown as { __first: Element | null }).__first = document.querySelector('#root *');
    }),
  );
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/login');
  await shellReady(page);
  expect(
    await page.evaluate(() => document.contains((window as unknown as { __first: Element }).__first)),
  ).toBe(true);
  // Server markup renders fields disabled; once the browser has taken over they accept input.
  const phone = page.getByPlaceholder(/手机号/).first();
  await expect(phone).toBeEnabled();
  await phone.fill('13800138000');
  await expect(phone).toHaveValue('13800138000');
  expect(errors).toEqual([]);
});

test('the registration and recovery modes of /login, opened directly, bring their forms without console errors', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await page.goto('/login?mode=register');
  await expect(page.getByRole('heading', { name: '注册账号' })).toBeVisible();
  await expect(page.getByRole('radio', { name: '企业' })).toBeAttached();
  await expect(page.getByLabel('确认密码')).toBeEnabled();
  await page.goto('/login?mode=forgot');
  await expect(page.getByRole('heading', { name: '找回密码' })).toBeVisible();
  await expect(page.getByLabel('验证码')).toBeEnabled();
  expect(errors).toEqual([]);
});

test('an unknown course id answers 404 and the page says the course does not exist', async ({ page }) => {
  const res = await page.goto('/train/detail/99999999');
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: '课程不存在或已下架' })).toBeVisible();
});

test.describe('on a phone (412 px)', () => {
  test.use({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });

  test('public pages fit the phone screen without sideways scrolling', async ({ page, request }) => {
    const course = await firstCourse(request);
    for (const path of [
      '/',
      '/train',
      `/train/detail/${course.id}`,
      '/courseSearch?courseName=财务',
      '/login',
      '/quiz',
      '/jobDetail',
      '/financeTool',
    ]) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      const widths = await page.evaluate(() => ({
        scroll: document.documentElement.scrollWidth,
        view: window.innerWidth,
      }));
      expect(widths.scroll, `${path} is ${widths.scroll} px wide`).toBeLessThanOrEqual(widths.view);
    }
  });
});
