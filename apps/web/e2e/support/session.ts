import { expect, type APIRequestContext, type Browser, type Locator, type Page } from '@playwright/test';

export type Role = 'personal' | 'company';

/** A distinct, valid mainland mobile number per call (SPEC §5: 1, then 3-9, then 9 digits). */
export function uniquePhone(): string {
  const tail = String(Date.now() % 1e8).padStart(8, '0') + String(Math.floor(Math.random() * 10));
  return `13${tail}`.slice(0, 11);
}

const CREDIT_ALPHABET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const CREDIT_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/** A unified social credit code with a valid check character (GB 32100-2015), distinct per call. */
export function uniqueCreditCode(): string {
  const body = `91110000${String(Date.now() % 1e9).padStart(9, '0')}`;
  const sum = [...body].reduce((acc, ch, i) => acc + CREDIT_ALPHABET.indexOf(ch) * CREDIT_WEIGHTS[i]!, 0);
  return body + CREDIT_ALPHABET[(31 - (sum % 31)) % 31];
}

async function envelope(res: Awaited<ReturnType<APIRequestContext['post']>>) {
  const body = (await res.json()) as { code: number; message: string; data: unknown };
  if (body.code !== 200) throw new Error(`${res.url()} answered ${body.code}: ${body.message}`);
  return body.data;
}

/**
 * Registers a real account through the API (send_msg, the development SMS outbox, register) and returns
 * its session token. The server runs with NODE_ENV=test, where the outbox exists.
 */
export async function registerAccount(request: APIRequestContext, role: Role): Promise<{ token: string; phone: string } | null> {
  const phone = uniquePhone();
  const sent = await request.post('/api/users/send_msg', { data: { phone, purpose: 'register' } });
  if (sent.status() === 404) return null; // the accounts module is not part of this build
  await envelope(sent);
  const outbox = (await envelope(await request.get('/api/dev/sms_outbox', { params: { phone } }))) as { content: string }[];
  const code = /\d{6}/.exec(outbox.at(-1)?.content ?? '')?.[0];
  if (!code) throw new Error(`no code in the SMS outbox for ${phone}`);
  const data = (await envelope(
    await request.post('/api/users/register', {
      data: {
        phone,
        code,
        password: 'e2e_pass_1234',
        role,
        ...(role === 'company' ? { company_name: '端到端测试有限公司', credit_code: uniqueCreditCode() } : {}),
      },
    }),
  )) as { token: string };
  return { token: data.token, phone };
}

/**
 * Puts the token where the site reads it on start (localStorage `verify`, SPEC §4) before the first page
 * script runs. Only once per browser context (marker key), so a logout in the test stays logged out.
 *
 * Tests that are not about the daily membership-benefits modal start with it already seen for the day, the way a
 * browser that has shown it remembers it (`benefits-modal-seen`); pass `{ benefitsModal: 'due' }` to see it.
 */
export async function useToken(page: Page, token: string, options: { benefitsModal?: 'seen' | 'due'; userId?: number } = {}): Promise<void> {
  await page.addInitScript((t) => {
    if (window.localStorage.getItem('e2e-token-seeded')) return;
    window.localStorage.setItem('e2e-token-seeded', '1');
    window.localStorage.setItem('verify', t);
  }, token);
  if ((options.benefitsModal ?? 'seen') === 'seen') {
    const userId = options.userId ?? (await userIdOf(page.request, token));
    if (userId !== null) await markBenefitsSeenToday(page, userId);
  }
}

async function userIdOf(request: APIRequestContext, token: string): Promise<number | null> {
  const res = await request.post('/api/users/get_current_user', { headers: { token } });
  if (!res.ok()) return null;
  const body = (await res.json()) as { code: number; data?: { id?: number } };
  return body.code === 200 && typeof body.data?.id === 'number' ? body.data.id : null;
}

/**
 * Marks the benefits modal as shown today for `userId` in this context's localStorage, as the site does
 * (`userId@YYYY-MM-DD`, the browser's calendar day), once per context so a test may still clear it.
 */
async function markBenefitsSeenToday(page: Page, userId: number): Promise<void> {
  await page.addInitScript((id) => {
    if (window.localStorage.getItem('e2e-benefits-seeded')) return;
    window.localStorage.setItem('e2e-benefits-seeded', '1');
    const now = new Date();
    const pad = (n: number) => String(n).padStart(2, '0');
    const day = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
    window.localStorage.setItem('benefits-modal-seen', `${id}@${day}`);
  }, userId);
}

/**
 * Client-side session without the accounts API: a token in localStorage and a mocked get_current_user answer
 * (and logout). Enough for what the browser decides on its own (guards, menus, header), nothing more.
 */
export async function mockSession(page: Page, role: Role): Promise<{ token: string; phone: string }> {
  const phone = uniquePhone();
  const user = {
    id: Number(phone.slice(-6)),
    phone,
    nickname: null,
    avatar: null,
    message_num: 0,
    is_member: false,
    member_end_at: null,
    role,
    is_staff: false,
    star_id: 0,
    total_learn_time: 0,
    finish_course_num: 0,
    care_mode: false,
  };
  await page.route('**/api/users/get_current_user', (route) => route.fulfill({ json: { code: 200, message: 'ok', data: user } }));
  await page.route('**/api/users/logout', (route) => route.fulfill({ json: { code: 200, message: 'ok', data: null } }));
  const token = `e2e-${phone}`;
  await useToken(page, token, { userId: user.id });
  return { token, phone };
}

/**
 * Logs the page in as a freshly registered account of `role`; falls back to mockSession when the server
 * has no accounts API.
 */
export async function loginAs(page: Page, request: APIRequestContext, role: Role): Promise<{ token: string; phone: string }> {
  const account = await registerAccount(request, role);
  if (!account) return mockSession(page, role);
  await useToken(page, account.token);
  return account;
}

/** The session token of an existing account (a demo staff account, say), by password login through the API. */
export async function passwordToken(request: APIRequestContext, account: { phone: string; password: string }): Promise<string> {
  const res = await request.post('/api/users/account_login', { data: account });
  const body = (await res.json()) as { code: number; message: string; data: { token: string } };
  expect(body.code, body.message).toBe(200);
  return body.data.token;
}

/** A page in a browser context of its own, signed in with `token` (a second person beside the test's own page). */
export async function pageWithToken(browser: Browser, token: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await useToken(page, token);
  return { context, page };
}

/**
 * Logs out from the header's account menu. The menu opens on hover or click; a page that re-renders under the
 * pointer (a notice arriving, the user reloading) can close it again, so opening is retried until the item shows.
 */
export async function logoutFromHeader(page: Page, trigger: Locator): Promise<void> {
  const item = page.getByRole('menuitem', { name: '退出登录' });
  await expect(async () => {
    await trigger.click();
    await expect(item).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  await item.click();
}
