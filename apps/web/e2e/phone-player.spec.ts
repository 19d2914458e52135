import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { passwordToken, useToken } from './support/session';

// The lesson player on a phone (390 x 844, touch): the demo learner plays a free lesson of the demo catalogue, the
// video plays inline at the screen's width, the seconds played are credited, and a hidden page earns nothing.
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const LEARNER = { phone: '13800138000', password: 'demo_1234' };
const COURSE = '预算考核与激励机制设计';
const LESSON = '考核与激励的挂钩';

async function api<T>(
  request: APIRequestContext,
  token: string,
  method: 'get' | 'post',
  url: string,
  params?: Record<string, string | number>,
) {
  const res = await request[method](url, {
    headers: { token },
    ...(method === 'get' ? { params } : { data: params ?? {} }),
  });
  const body = (await res.json()) as { code: number; message: string; data: T };
  expect(body.code, body.message).toBe(200);
  return body.data;
}

/** What the centre shows: 学员中心's total learning time, and the course record's seconds (我的课程, the player). */
async function learning(request: APIRequestContext, token: string, courseId: number) {
  const user = await api<{ total_learn_time: number }>(request, token, 'post', '/api/users/get_current_user');
  const course = await api<{ record: { learn_seconds: number } | null }>(
    request,
    token,
    'get',
    '/coursepoolapi/course_learn',
    { course_id: courseId },
  );
  return { total: user.total_learn_time, course: course.record?.learn_seconds ?? 0 };
}

const currentTime = (page: Page) => page.evaluate(() => document.querySelector('video')!.currentTime);

/** The page as a locked phone or another app in front would leave it (or bring it back): visibilityState and its event. */
async function setVisibility(page: Page, state: 'hidden' | 'visible') {
  await page.evaluate((s) => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => s });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => s === 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
  }, state);
}

type Reply = {
  url(): string;
  request(): { method(): string; resourceType(): string; postData(): string | null };
};
/** A progress report of `state` answered by the server (the page-hide flush is a beacon, whose body Playwright does not show). */
const isReport = (state: string) => (r: Reply) =>
  r.url().includes('/watch_create') &&
  r.request().method() === 'POST' &&
  (state === 'hidden'
    ? r.request().resourceType() === 'ping'
    : (r.request().postData() ?? '').includes(`"state":"${state}"`));

test('a learner plays a lesson on a phone: inline video at full width, time credited, nothing while the screen is hidden', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const token = await passwordToken(request, LEARNER);
  await useToken(page, token);
  const found = await api<{ list: { id: number; title: string }[] }>(
    request,
    token,
    'get',
    '/coursepoolapi/course_pools',
    { keyword: COURSE, page: 1, per: 10 },
  );
  const courseId = found.list.find((c) => c.title === COURSE)!.id;
  const course = await api<{ lessons: { id: number; title: string }[] }>(
    request,
    token,
    'get',
    '/coursepoolapi/course_pools/tower_show_course',
    { id: courseId },
  );
  const lessonId = course.lessons.find((l) => l.title === LESSON)!.id;

  await page.goto(`/train/play/${courseId}/${lessonId}`);
  const video = page.locator('video');
  await expect(video).toBeVisible();
  await page.waitForFunction(() => (document.querySelector('video')?.readyState ?? 0) >= 1);

  // Inline (never the system player), the screen's width, 16:9, and no sideways scrolling.
  await expect(video).toHaveAttribute('playsinline', '');
  await expect(video).toHaveAttribute('x5-playsinline', 'true');
  const box = (await video.boundingBox())!;
  expect(box.width).toBeGreaterThanOrEqual(300);
  expect(box.width / box.height).toBeCloseTo(16 / 9, 1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  for (const tab of ['课程目录', '笔记', '课后习题', '评论'])
    await expect(page.getByRole('tab', { name: tab })).toBeVisible();
  await expect(page.getByRole('button', { name: '全屏' })).toBeVisible();

  const before = await learning(request, token, courseId);

  // Play (muted, as a page may start it) until the video has moved on at least 3 s.
  const playing = page.waitForResponse(isReport('playing'));
  await page.evaluate(async () => {
    const v = document.querySelector('video')!;
    v.muted = true;
    v.currentTime = 0;
    await v.play();
  });
  await playing;
  await expect.poll(() => currentTime(page), { timeout: 15_000 }).toBeGreaterThan(3);

  // The screen is locked: crediting stops at once and the seconds so far are flushed (state hidden).
  const flushed = page.waitForResponse(isReport('hidden'));
  await setVisibility(page, 'hidden');
  await flushed;
  const atHide = await learning(request, token, courseId);
  expect(atHide.course - before.course).toBeGreaterThanOrEqual(2);

  // The video plays on behind the lock for a while; then it is paused. Nothing of that is credited.
  const hiddenFrom = await currentTime(page);
  await expect.poll(() => currentTime(page), { timeout: 15_000 }).toBeGreaterThan(hiddenFrom + 4);
  const paused = page.waitForResponse(isReport('paused'));
  await page.evaluate(() => document.querySelector('video')!.pause());
  await paused;
  const afterHidden = await learning(request, token, courseId);
  expect(afterHidden.course).toBe(atHide.course);
  // 学员中心's total (written by the server's learning-time buffer) shows the same seconds, and no more.
  await expect
    .poll(async () => (await learning(request, token, courseId)).total - before.total)
    .toBe(atHide.course - before.course);

  // Back to the page: playing again is credited again.
  await setVisibility(page, 'visible');
  const resumed = page.waitForResponse(isReport('playing'));
  await page.evaluate(() => document.querySelector('video')!.play());
  await resumed;
  const backFrom = await currentTime(page);
  await expect.poll(() => currentTime(page), { timeout: 15_000 }).toBeGreaterThan(backFrom + 3);
  const pausedAgain = page.waitForResponse(isReport('paused'));
  await page.evaluate(() => document.querySelector('video')!.pause());
  await pausedAgain;
  const end = await learning(request, token, courseId);
  expect(end.course - afterHidden.course).toBeGreaterThanOrEqual(2);
});
