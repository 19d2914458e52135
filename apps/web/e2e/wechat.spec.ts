import { expect, test, waitingForClient } from './support/fixtures';
import { registerAccount, useToken } from './support/session';

/** WeChat official account with the development stand-in: bind in 账号设置, sign in inside WeChat, unbind. */

const WECHAT_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/81.0.4044.138 Safari/537.36 NetType/WIFI MicroMessenger/7.0.20.1781(0x6700143B) WindowsWechat(0x6309092b) XWEB/8519 Flue';
const WECHAT_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.50(0x1800323c) NetType/WIFI Language/zh_CN';

test('a member binds WeChat, opens a centre link inside WeChat signed in without typing, and unbinds', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const account = (await registerAccount(page.request, 'personal'))!;
  await useToken(page, account.token);

  // Desk browser: 账号设置 -> 绑定微信 -> the stand-in's authorise screen -> back, bound.
  await page.goto('/center/setting?tab=account');
  await page.getByRole('button', { name: /绑定微信/ }).click();
  await expect(page).toHaveURL(/\/api\/wechat\/sandbox\/authorize/);
  await expect(page.getByText('申请获取你的昵称、头像')).toBeVisible();
  await page.getByRole('link', { name: '以「测试微信用户甲」允许' }).click();
  await expect(page).toHaveURL(/\/center\/setting\?tab=account&wechat=bound/);
  await expect(page.getByText('微信绑定成功')).toBeVisible();
  await expect(page.getByText(/已绑定微信「测试微信用户甲」/)).toBeVisible();

  // Inside WeChat (here WeChat for Windows; the phone's centre layout is another page's work): a link to the centre
  // signs the bound member in through WeChat.
  const wechat = await browser.newContext({ userAgent: WECHAT_WINDOWS, viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  const phone = waitingForClient(await wechat.newPage());
  await phone.goto('/center/lesson');
  await expect(phone).toHaveURL(/\/api\/wechat\/sandbox\/authorize/);
  await expect(phone.getByText('申请获取你的身份标识（静默授权）')).toBeVisible();
  await phone.getByRole('link', { name: '以「测试微信用户甲」允许' }).click();
  await expect(phone).toHaveURL(/\/center\/lesson$/);
  const token = await phone.evaluate(() => window.localStorage.getItem('verify'));
  expect(token).toBeTruthy();
  const me = await phone.request.post('/api/users/get_current_user', { headers: { token: token! } });
  expect((await me.json()).data.phone).toBe(account.phone);

  // One session per account: the desk browser's session ended.
  const old = await page.request.post('/api/users/get_current_user', { headers: { token: account.token } });
  expect((await old.json()).code).toBe(406);

  // Unbind (with confirmation) inside WeChat.
  await phone.goto('/center/setting?tab=account');
  const dialogClose = phone.getByRole('button', { name: '关闭' });
  if (await dialogClose.isVisible().catch(() => false)) await dialogClose.click();
  await phone.getByRole('button', { name: '解除绑定' }).click();
  await phone.getByRole('button', { name: '确定解除' }).click();
  await expect(phone.getByRole('button', { name: /绑定微信/ })).toBeVisible();
  await phone.screenshot({ path: 'test-results/wechat-setting.png', fullPage: false });
  await wechat.close();
});

test('inside WeChat, a WeChat that is bound to no account comes back to /login with the note and the password form', async ({ browser }) => {
  const wechat = await browser.newContext({ userAgent: WECHAT_IPHONE, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'zh-CN' });
  const phone = waitingForClient(await wechat.newPage());
  await phone.goto('/center/student');
  await phone.getByRole('link', { name: '以「测试微信用户丙」允许' }).click();
  await expect(phone).toHaveURL(/\/login\?.*wechat_error=not_bound/);
  await expect(phone.getByText(/该微信尚未绑定本站账号/)).toBeVisible();
  await expect(phone.getByRole('button', { name: /微信一键登录/ })).toBeVisible();
  await expect(phone.getByRole('tabpanel', { name: '密码登录' })).toBeVisible();
  const width = await phone.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  await phone.screenshot({ path: 'test-results/wechat-login-390.png' });
  await wechat.close();
});
