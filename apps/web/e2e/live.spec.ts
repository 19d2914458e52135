import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { registerAccount, useToken } from './support/session';

/** Monthly e-magazine (PDF.js reader, sample for non-members) and live classes (booking, HLS player, live chat). */

type Envelope<T> = { code: number; message: string; data: T };
async function api<T>(request: APIRequestContext, method: 'GET' | 'POST', url: string, token: string, data?: object): Promise<T> {
  const res = method === 'GET' ? await request.get(url, { headers: { token } }) : await request.post(url, { headers: { token }, data: data ?? {} });
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
