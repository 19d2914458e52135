import type { Page } from '@playwright/test';
import { expect, test, waitingForClient } from './support/fixtures';
import { registerAccount } from './support/session';

/**
 * 关怀模式: turned on in the header it survives a reload (from the first paint: the server sends the page marked),
 * goes with the account when signing in, is on in another browser that signs in to the same account, and is turned
 * off again in 账号设置.
 */

const PASSWORD = 'e2e_pass_1234';

async function careModeOf(page: Page) {
  return page.evaluate(() => ({
    marked: document.documentElement.classList.contains('care-mode'),
    fontSize: parseFloat(getComputedStyle(document.body).fontSize),
  }));
}

async function signIn(page: Page, phone: string): Promise<void> {
  await page.goto('/login');
  const panel = page.getByRole('tabpanel', { name: '密码登录' });
  await panel.getByLabel('手机号').fill(phone);
  await panel.getByLabel('密码', { exact: true }).fill(PASSWORD);
  await panel.getByRole('button', { name: /登\s*录/ }).click();
  // Signed in once the header shows the account's message link.
  await expect(page.getByRole('banner').getByRole('link', { name: /^(未读)?消息/ })).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === '/');
}

test('care mode turned on in the header stays on after a reload, follows the account to another browser and is turned off in 账号设置', async ({ page, browser, request }) => {
  test.setTimeout(90_000);
  const account = await registerAccount(request, 'personal');
  expect(account, 'the accounts API').not.toBeNull();

  await page.goto('/');
  const headerSwitch = page.getByRole('banner').getByRole('button', { name: '关怀模式' });
  await expect(headerSwitch).toHaveAttribute('aria-pressed', 'false');
  expect((await careModeOf(page)).fontSize).toBeLessThan(18);
  await headerSwitch.click();
  await expect(headerSwitch).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('list', { name: '主要服务' }).getByRole('link', { name: /课程中心/ })).toBeVisible();

  // Reloaded, the page comes from the server already in care mode.
  const reloaded = await page.reload();
  expect(await reloaded!.text()).toContain('<html lang="zh-CN" class="care-mode">');
  const care = await careModeOf(page);
  expect(care.marked).toBe(true);
  expect(care.fontSize).toBeGreaterThanOrEqual(18);
  await expect(headerSwitch).toHaveAttribute('aria-pressed', 'true');

  // Signing in keeps it on and saves it to the account.
  await signIn(page, account!.phone);
  await expect(headerSwitch).toHaveAttribute('aria-pressed', 'true');

  // Another browser (its own storage, care mode never chosen there) signs in to the same account: on.
  const other = await browser.newContext();
  try {
    const second = waitingForClient(await other.newPage());
    await second.goto('/');
    expect((await careModeOf(second)).marked).toBe(false);
    await signIn(second, account!.phone);
    await expect(second.getByRole('banner').getByRole('button', { name: '关怀模式' })).toHaveAttribute('aria-pressed', 'true');
    expect((await careModeOf(second)).marked).toBe(true);

    // Turned off in 账号设置: off here, and a reload keeps it off.
    await second.goto('/center/setting?tab=account');
    const settingSwitch = second.getByRole('switch', { name: '关怀模式' });
    await expect(settingSwitch).toBeChecked();
    await settingSwitch.click();
    await expect(settingSwitch).not.toBeChecked();
    expect((await careModeOf(second)).marked).toBe(false);
    await second.reload();
    await expect(second.getByRole('switch', { name: '关怀模式' })).not.toBeChecked();
    const after = await careModeOf(second);
    expect(after.marked).toBe(false);
    expect(after.fontSize).toBeLessThan(18);
  } finally {
    await other.close();
  }
});
