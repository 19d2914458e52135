import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test, waitingForClient } from './support/fixtures';
import { registerAccount, useToken } from './support/session';

/** Monthly e-magazine (PDF.js reader, sample for non-members) and live classes (booking, HLS player, live chat). */

type Envelope<T> = { code: number; message: string; data: T };
async function api<T>(request: APIRequestContext, method: 'GET' | 'POST', url: string, token: string, data?: object): Promise<T> {
  const headers = token ? { token } : undefined;
  const res = method === 'GET' ? await request.get(url, { headers }) : await request.post(url, { headers, data: data ?? {} });
  const body = (await res.json()) as Envelope<T>;
  expect(body.code, `${url}: ${body.message}`).toBe(200);
  return body.data;
}

/** A new personal account; a member after paying the first plan through the sandbox cashier's API. */
async function freshAccount(request: APIRequestContext, member: boolean): Promise<string> {
  const account = await registerAccount(request, 'personal');
  if (!account) throw new Error('the accounts API is missing from this build');
  if (member) {
    const plans = await api<{ id: number }[]>(request, 'GET', '/api/members', account.token);
    const order = await api<{ id: number }>(request, 'POST', '/api/orders', account.token, { product_type: 'member', product_id: plans[0]!.id });
    const pay = await api<{ pay_url: string }>(request, 'POST', `/api/orders/${order.id}/pay`, account.token);
    const url = new URL(pay.pay_url);
    await api(request, 'POST', '/api/payments/sandbox/confirm', account.token, {
      order_no: url.searchParams.get('order_no'),
      token: url.searchParams.get('token'),
    });
  }
  return account.token;
}

const indicator = (page: Page) => page.getByTestId('page-indicator');
/** The main canvas once PDF.js has drawn page `n`. */
const drawnPage = (page: Page, n: number) => page.locator(`.mreader__main canvas[data-rendered="${n}"]`);

test.describe('e-magazine', () => {
  test('a member opens the latest issue, turns pages by button and keyboard, leaves and returns on the same page', async ({ page, request }) => {
    // PDF.js is fetched and the issue drawn twice (before and after leaving): more than the default 30 s on a busy machine.
    test.slow();
    const token = await freshAccount(request, true);
    await useToken(page, token);
    await page.goto('/center/magazine');
    await expect(page.getByRole('heading', { name: '电子杂志' })).toBeVisible();
    await expect(page.getByText('开通会员，每月新刊全文阅读')).toHaveCount(0);
    await page.getByTestId('magazine-card').first().getByRole('link').click();

    await expect(page).toHaveURL(/\/center\/magazine-read\/\d+$/);
    await expect(drawnPage(page, 1)).toBeVisible();
    await expect(indicator(page)).toHaveText('1 / 4');
    await page.getByRole('button', { name: '下一页' }).click();
    await expect(drawnPage(page, 2)).toBeVisible();
    await page.locator('.mreader__main').focus();
    await page.keyboard.press('ArrowRight');
    await expect(indicator(page)).toHaveText('3 / 4');
    await expect(drawnPage(page, 3)).toBeVisible();

    // The table of contents and the search both jump to a page.
    await page.getByRole('tab', { name: '搜索' }).click();
    // "财税人才月刊" is in every page's footer: one result per page.
    await page.getByRole('searchbox', { name: '在本期中搜索' }).fill('财税人才月刊');
    await page.getByRole('searchbox', { name: '在本期中搜索' }).press('Enter');
    await expect(page.getByRole('list', { name: '搜索结果' }).getByRole('button')).toHaveCount(4);
    await page.getByRole('tab', { name: '目录' }).click();
    await page.getByRole('list', { name: '目录' }).getByRole('button').last().click();
    await expect(indicator(page)).toHaveText('4 / 4');
    await page.keyboard.press('ArrowLeft');
    await expect(indicator(page)).toHaveText('3 / 4');

    const readerUrl = page.url();
    await page.goto('/center/magazine');
    await expect(page.getByTestId('magazine-card').first()).toBeVisible();
    await page.goto(readerUrl);
    await expect(indicator(page)).toHaveText('3 / 4');
    await expect(drawnPage(page, 3)).toBeVisible();
  });

  test('a non-member sees the sample of the latest issue only, with the join prompt', async ({ page, request }) => {
    const token = await freshAccount(request, false);
    await useToken(page, token);
    await page.goto('/center/magazine');
    await expect(page.getByText('开通会员，每月新刊全文阅读')).toBeVisible();
    const cards = page.getByTestId('magazine-card');
    await expect(cards.first().getByText('可试读')).toBeVisible();
    await expect(cards.nth(1).getByText('会员专享')).toBeVisible();
    await expect(cards.nth(1).getByRole('link')).toHaveCount(0);

    await cards.first().getByRole('link').click();
    await expect(drawnPage(page, 1)).toBeVisible();
    await expect(indicator(page)).toHaveText('1 / 2');
    await expect(page.getByText(/试读本：本期共 4 页/)).toBeVisible();
    await page.keyboard.press('ArrowRight');
    await expect(drawnPage(page, 2)).toBeVisible();
    await expect(page.getByTestId('join-prompt')).toBeVisible();
    await expect(page.getByRole('button', { name: '下一页' })).toBeDisabled();
    await expect(page.getByTestId('join-prompt').getByRole('link')).toHaveAttribute('href', '/payment?type=buyVip');
  });
});

const LIVE_STAFF = { phone: '13800138014', password: 'admin_1234' };
const repoRoot = path.resolve(process.cwd(), '../..');

test.describe('live classes', () => {
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

  test('a member books a class, opens it at its time, the HLS stream plays and a chat message reaches a second viewer within a second', async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const { token: staffToken } = await api<{ token: string }>(request, 'POST', '/api/users/account_login', '', LIVE_STAFF);
    const title = `端到端直播课 ${Date.now().toString(36)}`;
    const startsAt = new Date(Date.now() + 30_000);
    const created = await api<{ id: number }>(request, 'POST', '/api/admin/live', staffToken, {
      title,
      teacher: '周建国',
      teacher_title: '注册税务师',
      starts_at: startsAt.toISOString(),
      duration_minutes: 30,
      description: '端到端测试用直播课',
      capacity: 10,
      access: 'member_free',
      stream_url: '/media/live/demo/index.m3u8',
    });

    // A second member books too, to watch from another browser context.
    const otherToken = await freshAccount(request, true);
    await api(request, 'POST', `/api/live/${created.id}/booking`, otherToken);

    const token = await freshAccount(request, true);
    await useToken(page, token);
    await page.goto('/center/master-live');
    const card = page.getByTestId('live-card').filter({ hasText: title });
    await card.getByRole('button', { name: /^预\s?约$/ }).click();
    await expect(card.getByText('已预约', { exact: true })).toBeVisible();
    await expect(page.getByTestId('live-quota')).toContainText('已用 1 / 6 次');

    await card.getByRole('button', { name: '进入直播间' }).click();
    await expect(page.getByTestId('live-countdown')).toBeVisible();

    // At the start the countdown gives way to the stream, and the video plays.
    const video = page.getByTestId('live-video');
    await expect(video).toBeVisible({ timeout: 45_000 });
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 30_000 }).toBeGreaterThan(0);
    const t0 = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 }).toBeGreaterThan(t0 + 1);

    // A second viewer in another browser context.
    const roomUrl = page.url();
    expect(new URL(roomUrl).pathname).toBe(`/center/master-live/${created.id}`);
    const ctx = await browser.newContext();
    const other = waitingForClient(await ctx.newPage());
    await useToken(other, otherToken);
    await other.goto(roomUrl);
    await expect(other.getByText('已连接')).toBeVisible();
    await expect(page.getByText('已连接')).toBeVisible();

    const text = `老师好，留抵退税的进项构成比例怎么算？${Date.now().toString(36)}`;
    await page.getByRole('textbox', { name: '发言内容' }).fill(text);
    const sent = page.waitForResponse((r) => r.url().endsWith('/chat') && r.request().method() === 'POST');
    await page.getByRole('button', { name: /^发\s?送$/ }).click();
    expect((await sent).status()).toBe(200);
    await expect(other.getByRole('list', { name: '聊天消息' }).getByText(text)).toBeVisible({ timeout: 1_000 });
    await ctx.close();
  });
});
