import { type APIRequestContext, type Page, type Response } from '@playwright/test';
import { expect, test, waitingForClient } from './support/fixtures';
import { passwordToken, useToken } from './support/session';

// Honest learning time on a phone (390 x 844): a course manager sets a course's presence check (学习确认) to every
// minute; the demo learner's check falls due, goes unanswered, and timing pauses (playing then earns nothing, the
// server says so) until 继续学习 answers it; a short lesson played to its end is finished. Real time on the server:
// the check is due a minute after the lesson opens and pauses a minute later.
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const LEARNER = { phone: '13800138000', password: 'demo_1234' };
const MANAGER = { phone: '13800138017', password: 'admin_1234' };
const COURSE = '财务人员的沟通与影响力';
const PROMPT = '请点击继续学习以确认您仍在学习';
const PAUSED = '学习计时已暂停，点击继续学习恢复计时';

type Envelope<T> = { code: number; message: string; data: T };

async function api<T>(request: APIRequestContext, token: string, method: 'get' | 'post' | 'put', url: string, params?: object) {
  const res = await request[method](url, { headers: { token }, ...(method === 'get' ? { params: params as Record<string, string> } : { data: params ?? {} }) });
  const body = (await res.json()) as Envelope<T>;
  expect(body.code, body.message).toBe(200);
  return body.data;
}

const learnSeconds = async (request: APIRequestContext, token: string, courseId: number) =>
  (await api<{ record: { learn_seconds: number } | null }>(request, token, 'get', '/coursepoolapi/course_learn', { course_id: courseId })).record
    ?.learn_seconds ?? 0;

/** The answer to the next progress report of `state` (fetch, not the page-hide beacon). */
const reportOf = (page: Page, state: string) =>
  page.waitForResponse(
    (r) => r.url().includes('/watch_create') && r.request().method() === 'POST' && (r.request().postData() ?? '').includes(`"state":"${state}"`),
  );
const creditedBy = async (reply: Promise<Response>) => ((await (await reply).json()) as Envelope<{ credited_seconds: number }>).data.credited_seconds;

const video = {
  play: (page: Page) =>
    page.evaluate(async () => {
      const v = document.querySelector('video')!;
      v.muted = true;
      await v.play();
    }),
  pause: (page: Page) => page.evaluate(() => document.querySelector('video')!.pause()),
  paused: (page: Page) => page.evaluate(() => document.querySelector('video')!.paused),
  time: (page: Page) => page.evaluate(() => document.querySelector('video')!.currentTime),
};

test('an unanswered presence check pauses learning time until 继续学习, and a short lesson played to its end is finished', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const managerToken = await passwordToken(request, MANAGER);
  const token = await passwordToken(request, LEARNER);
  const found = await api<{ list: { id: number; title: string }[] }>(request, token, 'get', '/coursepoolapi/course_pools', { keyword: COURSE, page: 1, per: 10 });
  const courseId = found.list.find((c) => c.title === COURSE)!.id;
  const course = await api<{ lessons: { id: number; title: string }[] }>(request, token, 'get', '/coursepoolapi/course_pools/tower_show_course', { id: courseId });
  const [first, , last] = course.lessons;
  // The demo learner has not studied this course: every second credited below is this test's.
  const record = await api<{ lessons: { finished: boolean }[] }>(request, token, 'get', '/coursepoolapi/course_learn', { course_id: courseId }).catch(() => null);
  expect(record?.lessons.some((l) => l.finished) ?? false).toBe(false);

  try {
    // The course manager sets the check to every minute in the course's 基本信息.
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const staff = waitingForClient(await context.newPage());
    await useToken(staff, managerToken);
    await staff.goto(`/admin/courses/${courseId}`);
    await staff.getByLabel('学习确认间隔（分钟，最短）').fill('1');
    await staff.getByLabel('学习确认间隔（分钟，最长）').fill('1');
    await staff.getByRole('button', { name: /^保\s*存$/ }).click();
    await expect(staff.getByText('已保存')).toBeVisible();
    await context.close();

    // The learner opens a lesson; a minute later the check asks, over the video.
    await useToken(page, token);
    await page.goto(`/train/play/${courseId}/${first!.id}`);
    await expect(page.locator('video')).toBeVisible();
    await page.waitForFunction(() => (document.querySelector('video')?.readyState ?? 0) >= 1);
    const dialog = page.getByRole('alertdialog', { name: '学习确认' });
    await expect(dialog).toBeVisible({ timeout: 80_000 });
    await expect(dialog).toHaveAccessibleDescription(PROMPT);
    await expect(dialog).toContainText(/剩余 \d+ 秒/);
    const button = dialog.getByRole('button', { name: '继续学习' });
    await expect(button).toBeFocused();
    const box = (await button.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(44);
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // Unanswered, the video plays on into the last seconds of the answer time; when they run out the player pauses it
    // and says timing is paused. What played before then counts.
    await page.waitForTimeout(50_000);
    const before = await learnSeconds(request, token, courseId);
    const autoPause = reportOf(page, 'paused');
    await video.play(page);
    await expect(dialog).toHaveAccessibleDescription(PAUSED, { timeout: 30_000 });
    expect(await creditedBy(autoPause)).toBeGreaterThan(0);
    await expect.poll(() => video.paused(page)).toBe(true);
    await expect(button).toBeFocused();
    const atPause = await learnSeconds(request, token, courseId);
    expect(atPause).toBeGreaterThan(before);

    // Playing on without answering (as a script would) earns nothing: the server refuses it, not the page.
    const scripted = reportOf(page, 'playing');
    await video.play(page);
    await scripted;
    const from = await video.time(page);
    await expect.poll(() => video.time(page), { timeout: 15_000 }).toBeGreaterThan(from + 3);
    const unanswered = reportOf(page, 'paused');
    await video.pause(page);
    expect(await creditedBy(unanswered)).toBe(0);
    expect(await learnSeconds(request, token, courseId)).toBe(atPause);

    // 继续学习: the check is answered, the video resumes and its time counts again.
    const confirmed = page.waitForResponse((r) => r.url().includes('/api/lesson_presence'));
    await button.click();
    expect((await confirmed).status()).toBe(200);
    await expect(dialog).toBeHidden();
    await expect.poll(() => video.paused(page)).toBe(false);
    const resumedFrom = await video.time(page);
    await expect.poll(() => video.time(page), { timeout: 15_000 }).toBeGreaterThan(resumedFrom + 3);
    const answered = reportOf(page, 'paused');
    await video.pause(page);
    expect(await creditedBy(answered)).toBeGreaterThanOrEqual(2);
    expect(await learnSeconds(request, token, courseId)).toBeGreaterThan(atPause);

    // A short lesson played to its end at 2x is finished: credited to its whole length.
    await page.goto(`/train/play/${courseId}/${last!.id}`);
    await expect(page.locator('video')).toBeVisible();
    await page.waitForFunction(() => (document.querySelector('video')?.readyState ?? 0) >= 1);
    await page.getByRole('button', { name: '2x' }).click();
    const ended = reportOf(page, 'ended');
    await page.evaluate(async () => {
      const v = document.querySelector('video')!;
      v.muted = true;
      v.currentTime = 0;
      await v.play();
    });
    const end = (await (await ended).json()) as Envelope<{ lesson_finished: boolean; percent: number }>;
    expect(end.data).toMatchObject({ lesson_finished: true, percent: 100 });
    await expect(page.getByLabel('本课时学习进度')).toContainText('已完成');
  } finally {
    // The course goes back to the default interval for the other specs of the run.
    const admin = await api<Record<string, unknown>>(request, managerToken, 'get', `/api/admin/courses/${courseId}`);
    const { title, summary, description_html, cover, teacher_id, tag_ids, kind, outer_url, price_type, price, member_price } = admin;
    await api(request, managerToken, 'put', `/api/admin/courses/${courseId}`, {
      title, summary, description_html, cover, teacher_id, tag_ids, kind, outer_url, price_type, price, member_price,
      presence_min_minutes: null, presence_max_minutes: null, max_playback_rate: null,
    });
  }
});
