import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type Locator, type Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { PHONE, expectFitsPhone } from './support/phone-width';
import { passwordToken, useToken } from './support/session';

/** The e-magazine reader and the live classes on a 390 x 844 touch phone, as the demo member. */

test.use(PHONE);

const SHOTS = '/tmp/phone-magazine-live-shots';
const MEMBER = { phone: '13800138001', password: 'demo_1234' };
const LIVE_STAFF = { phone: '13800138014', password: 'admin_1234' };
const repoRoot = path.resolve(process.cwd(), '../..');

const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }));

/** A one-finger swipe across `target` through the Chrome DevTools touch events (a real touch sequence). */
async function swipe(page: Page, target: Locator, dx: number) {
  // The finger lands on the page on screen: under the centre's banner and menu bar the reader may start below the fold.
  await drawnPage(page).first().scrollIntoViewIfNeeded();
  const box = (await target.boundingBox())!;
  const y = Math.max(box.y, 0) + Math.min(box.height / 2, 300);
  const x0 = box.x + box.width / 2 - dx / 2;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: x0, y }] });
  for (let i = 1; i <= 5; i++) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: x0 + (dx * i) / 5, y }] });
  // The finger rests before it lifts, as after a deliberate swipe: no fling left running to swallow the next tap.
  for (let i = 0; i < 3; i++) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: x0 + dx, y }] });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

const indicator = (page: Page) => page.getByTestId('page-indicator');
const drawnPage = (page: Page, n?: number) =>
  page.locator(n === undefined ? '.mreader__main canvas[data-rendered]' : `.mreader__main canvas[data-rendered="${n}"]`);

test('on a phone a member reads three magazine pages the width of the screen, turning by swipe and by button', async ({ page, request }) => {
  test.slow();
  await useToken(page, await passwordToken(request, MEMBER));
  await page.goto('/center/magazine');
  await expect(page.getByTestId('magazine-card').first()).toBeVisible();
  await expectFitsPhone(page);
  await shot(page, 'magazine');
  await page.getByTestId('magazine-card').first().getByRole('link').first().tap();
  await expect(page).toHaveURL(/\/center\/magazine-read\/\d+$/);

  // Start from the first page whatever page the member reached last time.
  await expect(indicator(page)).toHaveText(/^\d+ \/ 4$/);
  await page.getByRole('spinbutton', { name: '页码' }).fill('1');
  await page.getByRole('spinbutton', { name: '页码' }).blur();
  await expect(indicator(page)).toHaveText('1 / 4');
  const page1 = drawnPage(page, 1);
  await expect(page1).toBeVisible();
  const box = (await page1.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE.viewport.width);
  expect(box.width).toBeGreaterThan(PHONE.viewport.width * 0.85);
  await expectFitsPhone(page);
  await shot(page, 'magazine-page-1');

  // Swipe left: the next page; the 下一页 button: the third; swipe right: back to the second. Buttons are clicked:
  // a tap straight after a synthetic swipe is sometimes taken for the end of the gesture.
  await swipe(page, page.locator('.mreader__main'), -200);
  await expect(indicator(page)).toHaveText('2 / 4');
  await expect(drawnPage(page, 2)).toBeVisible();
  await page.getByRole('button', { name: '下一页' }).click();
  await expect(indicator(page)).toHaveText('3 / 4');
  await expect(drawnPage(page, 3)).toBeVisible();
  await shot(page, 'magazine-page-3');
  await swipe(page, page.locator('.mreader__main'), 200);
  await expect(indicator(page)).toHaveText('2 / 4');

  // A vertical scroll is not a page turn; zoomed in, the finger pans the page instead of turning it.
  await page.getByRole('button', { name: '放大' }).click();
  await expect(page.getByText(/^\d+%$/)).toBeVisible();
  await swipe(page, page.locator('.mreader__main'), -200);
  await expect(indicator(page)).toHaveText('2 / 4');
  await page.getByRole('button', { name: '适合宽度' }).click();
  await expectFitsPhone(page);
});

test.describe('live classes on a phone', () => {
  let stream: ChildProcess | undefined;
  const playlist = path.join(process.env.E2E_DATA_DIR!, 'live', 'demo', 'index.m3u8');

  test.beforeAll(async () => {
    // The demo stream: Debian's ffmpeg turns the demo clip into a live HLS playlist the app serves.
    stream = spawn('node', ['scripts/live-demo-stream.mjs', '--data-dir', process.env.E2E_DATA_DIR!], { cwd: repoRoot, stdio: 'ignore' });
    await expect
      .poll(() => (existsSync(playlist) ? (readFileSync(playlist, 'utf8').match(/\.ts/g) ?? []).length : 0), { timeout: 30_000 })
      .toBeGreaterThanOrEqual(2);
  });
  test.afterAll(() => {
    stream?.kill('SIGTERM');
  });

  test('on a phone a member books a live class and watches it inline, full width at 16:9, the chat under the video', async ({ page, request }) => {
    test.setTimeout(120_000);
    const staffToken = await passwordToken(request, LIVE_STAFF);
    const title = `手机直播课 ${Date.now().toString(36)}`;
    const res = await request.post('/api/admin/live', {
      headers: { token: staffToken },
      data: {
        title,
        teacher: '周建国',
        teacher_title: '注册税务师',
        starts_at: new Date(Date.now() + 25_000).toISOString(),
        duration_minutes: 30,
        description: '手机端端到端测试用直播课',
        capacity: 10,
        access: 'member_free',
        stream_url: '/media/live/demo/index.m3u8',
      },
    });
    expect(((await res.json()) as { code: number }).code).toBe(200);

    await useToken(page, await passwordToken(request, MEMBER));
    await page.goto('/center/master-live');
    await expect(page.getByTestId('live-quota')).toBeVisible();
    const card = page.getByTestId('live-card').filter({ hasText: title });
    await card.getByRole('button', { name: /^预\s?约$/ }).tap();
    await expect(card.getByText('已预约', { exact: true })).toBeVisible();
    await expectFitsPhone(page);
    await shot(page, 'master-live');

    // The room counts down to the start (or, on a slow run, the class has already begun), then plays the stream.
    await card.getByRole('button', { name: '进入直播间' }).tap();
    await expect(page).toHaveURL(/\/center\/master-live\/\d+$/);
    const video = page.getByTestId('live-video');
    await expect(video).toBeVisible({ timeout: 45_000 });
    await expect(video).toHaveAttribute('playsinline', '');
    await expect(video).toHaveAttribute('webkit-playsinline', 'true');
    await expect(video).toHaveAttribute('x5-playsinline', 'true');
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 30_000 }).toBeGreaterThan(0);

    const stage = (await page.locator('.live-room__stage').boundingBox())!;
    const main = (await page.locator('.live-room').boundingBox())!;
    expect(stage.width).toBeGreaterThanOrEqual(main.width - 1);
    expect(Math.abs(stage.height - (stage.width * 9) / 16)).toBeLessThanOrEqual(2);
    const chat = page.getByRole('list', { name: '聊天消息' });
    expect((await chat.boundingBox())!.y).toBeGreaterThan(stage.y + stage.height);
    await expect(page.getByText('已连接')).toBeVisible();
    await expectFitsPhone(page);

    const input = page.getByRole('textbox', { name: '发言内容' });
    await input.tap();
    await expect(input).toBeInViewport();
    const text = `手机上提问：汇算清缴的截止日期？${Date.now().toString(36)}`;
    await input.fill(text);
    await page.getByRole('button', { name: /^发\s?送$/ }).tap();
    await expect(chat.getByText(text)).toBeVisible();
    await shot(page, 'live-room');
  });
});
