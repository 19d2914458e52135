import { expect, test, waitingForClient } from './support/fixtures';
import { type APIRequestContext, type Page } from '@playwright/test';
import { logoutFromHeader } from './support/session';

/** Accounts issue: registration by SMS code, logout, password login with redirect, one session per account. */

const PASSWORD = 'e2e_pass_1234';
const ELSEWHERE_NOTICE = '账号已在其他地方登录，请确认是否本人操作';

/** 139 + 8 random digits: a fresh phone per test keeps clear of the per-phone SMS limits. */
function randomPhone(): string {
  return `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
}

/** The newest code sent to `phone`, read from the development SMS outbox. */
async function latestCode(request: APIRequestContext, phone: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const res = await request.get('/api/dev/sms_outbox', { params: { phone } });
      const body = (await res.json()) as { data: { content: string }[] | null };
      code = /\d{6}/.exec(body.data?.at(-1)?.content ?? '')?.[0];
      return code;
    })
    .toBeTruthy();
  return code!;
}

/** Registers `phone` through the API (send_msg, outbox, register). */
async function registerByApi(request: APIRequestContext, phone: string): Promise<void> {
  const sent = await request.post('/api/users/send_msg', { data: { phone, purpose: 'register' } });
  expect((await sent.json()).code).toBe(200);
  const code = await latestCode(request, phone);
  const res = await request.post('/api/users/register', {
    data: { phone, code, password: PASSWORD, role: 'personal' },
  });
  expect((await res.json()).code).toBe(200);
}

async function loginByPassword(page: Page, phone: string, path = '/login'): Promise<void> {
  await page.goto(path);
  const panel = page.getByRole('tabpanel', { name: '密码登录' });
  await panel.getByLabel('手机号').fill(phone);
  await panel.getByLabel('密码', { exact: true }).fill(PASSWORD);
  await panel.getByRole('button', { name: /登\s*录/ }).click();
}

test.describe('accounts', () => {
  test('register by code, log out, log in by password and land on the redirect path', async ({ page }) => {
    const phone = randomPhone();
    await page.goto('/login?mode=register');
    await expect(page.getByRole('heading', { name: '注册账号' })).toBeVisible();
    await page.getByLabel('手机号').fill(phone);
    await page.getByRole('button', { name: '获取验证码' }).click();
    await expect(page.getByRole('button', { name: /重新发送\(\d+s\)/ })).toBeDisabled();
    const code = await latestCode(page.request, phone);
    await page.getByLabel('验证码').fill(code);
    await page.getByLabel('密码', { exact: true }).fill(PASSWORD);
    await page.getByLabel('确认密码').fill(PASSWORD);
    await page.getByRole('button', { name: /注\s*册/ }).click();

    await expect(page).toHaveURL(/\/$/);
    const header = page.getByRole('banner');
    const account = header.getByRole('button', { name: new RegExp(phone) });
    await expect(account).toBeVisible();

    await logoutFromHeader(page, account);
    await expect(header.getByRole('link', { name: '登录', exact: true })).toBeVisible();

    // A login-required page sends the visitor to /login with the path as redirect.
    await page.goto('/center/message');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fcenter%2Fmessage$/);
    const panel = page.getByRole('tabpanel', { name: '密码登录' });
    await panel.getByLabel('手机号').fill(phone);
    await panel.getByLabel('密码', { exact: true }).fill(PASSWORD);
    await panel.getByRole('button', { name: /登\s*录/ }).click();

    await expect(page).toHaveURL(/\/center\/message$/);
    // Registration wrote the welcome notice into the new account's message centre.
    await expect(page.getByText('欢迎加入财务管理协会人才培训平台')).toBeVisible();
  });

  test('a second login elsewhere ends the first session with the elsewhere-login notice', async ({
    browser,
    request,
  }) => {
    const phone = randomPhone();
    await registerByApi(request, phone);

    const first = await browser.newContext();
    const second = await browser.newContext();
    try {
      const a = waitingForClient(await first.newPage());
      await loginByPassword(a, phone, '/login?redirect=%2Fcenter%2Fstudent');
      await expect(a).toHaveURL(/\/center\/student$/);

      const b = waitingForClient(await second.newPage());
      await loginByPassword(b, phone);
      await expect(b).toHaveURL(/\/$/);
      await expect(b.getByRole('banner').getByRole('button', { name: new RegExp(phone) })).toBeVisible();

      // The first device's next call answers 406: notice, then the login page with the path to come back to.
      await a.getByRole('banner').getByRole('link', { name: /^(未读)?消息/ }).click();
      await expect(a.getByText(ELSEWHERE_NOTICE)).toBeVisible();
      await expect(a).toHaveURL(/\/login\?redirect=/);
      await expect(a.getByRole('heading', { name: '欢迎登录' })).toBeVisible();
    } finally {
      await first.close();
      await second.close();
    }
  });

  test('login form messages appear in Chinese on blur', async ({ page }) => {
    await page.goto('/login');
    const panel = page.getByRole('tabpanel', { name: '密码登录' });
    const phone = panel.getByLabel('手机号');
    await phone.focus();
    await phone.blur();
    await expect(panel.getByText('请输入手机号')).toBeVisible();

    await phone.fill('1234567');
    await phone.blur();
    await expect(panel.getByText('手机号格式不正确')).toBeVisible();

    const password = panel.getByLabel('密码', { exact: true });
    await password.fill('short');
    await password.blur();
    await expect(panel.getByText('请输入8-16位由数字、字母、下划线组成的密码')).toBeVisible();

    await page.getByRole('tab', { name: '验证码登录' }).click();
    await expect(page.getByText('验证码登录时未注册的手机号将自动注册为个人账号')).toBeVisible();
  });
});
