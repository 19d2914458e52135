import { mkdirSync } from 'node:fs';
import { expect, test } from './support/fixtures';
import { type APIRequestContext, type Page } from '@playwright/test';
import { registerAccount, useToken } from './support/session';
import { shellReady } from './support/site';

/** Membership issue: benefits modal, buying membership through the sandbox cashier, member effects, invoices. */

const SHOTS = '/tmp/members-shots';
// The invoice clerk: the talent spec reviews as 13800138009, and one login ends an account's other session.
const STAFF = { phone: '13800138008', password: 'admin_1234' };

/** A minimal well-formed PDF (the server opens uploaded PDFs and counts their pages). */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 100]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** A new personal non-member; `benefitsModal: 'due'` for the tests about the daily benefits modal. */
async function freshPersonal(page: Page, request: APIRequestContext, benefitsModal: 'seen' | 'due' = 'seen'): Promise<string> {
  const account = await registerAccount(request, 'personal');
  if (!account) throw new Error('the accounts API is missing from this build');
  await useToken(page, account.token, { benefitsModal });
  return account.token;
}

async function staffToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/users/account_login', { data: STAFF });
  const body = (await res.json()) as { code: number; data: { token: string } };
  expect(body.code).toBe(200);
  return body.data.token;
}

test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }));

test('a non-member sees the benefits modal, buys membership in the sandbox cashier, learns a member course and gets an invoice issued', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  await freshPersonal(page, request, 'due');

  // Home: the benefits modal opens once for a logged-in non-member.
  await page.goto('/');
  await shellReady(page);
  const modal = page.getByRole('dialog', { name: '会员专享权益' });
  await expect(modal).toBeVisible();
  const lists = modal.getByRole('list');
  await expect(lists.nth(0).getByRole('listitem')).toHaveCount(7);
  await expect(lists.nth(1).getByRole('listitem')).toHaveCount(5);
  await modal.getByRole('button', { name: '领取权益' }).click();

  // Payment: plans, 立即支付, the pay step with the QR code and the countdown.
  await expect(page).toHaveURL(/\/payment\?type=buyVip$/);
  await expect(modal).toHaveCount(0);
  await expect(page.getByRole('radio', { name: /年度会员/ })).toHaveAttribute('aria-checked', 'true');
  await page.getByRole('button', { name: '立即支付' }).click();
  await expect(page).toHaveURL(/\/payment\?order_no=\w+/);
  const orderNo = new URL(page.url()).searchParams.get('order_no')!;
  await expect(page.getByRole('img', { name: '支付二维码' })).toBeVisible();
  await expect(page.getByRole('timer')).toContainText(/(29|30):\d\d/);
  await expect(page.getByRole('status').filter({ hasText: '等待支付结果' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/payment-page.png`, fullPage: true });

  // The sandbox cashier plays the wallet; paying posts a signed notification to the server.
  await page.getByRole('link', { name: '前往模拟收银台支付' }).click();
  await expect(page).toHaveURL(/\/payment\/sandbox-cashier\?/);
  const wallet = page.getByRole('region', { name: '模拟收银台' });
  await expect(wallet.getByText('298.00')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/sandbox-cashier.png`, fullPage: true });
  await wallet.getByRole('button', { name: /确认支付/ }).click();
  await expect(wallet.getByText('支付成功')).toBeVisible();
  await wallet.getByRole('button', { name: /返回商户页面/ }).click();

  // Back on the payment page: the poll sees the payment.
  await expect(page).toHaveURL(new RegExp(`/payment\\?order_no=${orderNo}$`));
  await expect(page.getByText('支付成功，会员已开通')).toBeVisible();
  await expect(page.getByText(/会员有效期至 \d{4}-\d{2}-\d{2}/)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/payment-success.png`, fullPage: true });

  // Member effects: 298 points on the centre banner, a member course opens.
  await page.getByRole('link', { name: '进入个人中心' }).click();
  await expect(page).toHaveURL(/\/center\/student$/);
  const banner = page.getByRole('region', { name: '个人概况' });
  await expect(banner.getByText('298', { exact: true })).toBeVisible();

  const memberCourses = (await (await request.get('/api/member_courses', { params: { page: 1, per: 1 } })).json()) as {
    data: { list: { id: number }[] };
  };
  const memberCourseId = memberCourses.data.list[0]!.id;
  await page.goto(`/train/detail/${memberCourseId}`);
  await expect(page.getByText('本课程为会员专享课程')).toHaveCount(0);
  await page.getByRole('button', { name: '开始学习' }).click();
  await expect(page).toHaveURL(new RegExp(`/train/play/${memberCourseId}/\\d+$`));
  await expect(page.locator('video')).toBeVisible();

  // Orders: the paid order offers an invoice.
  await page.goto('/center/order');
  const row = page.getByRole('row').filter({ hasText: orderNo });
  await expect(row.getByText('已支付')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/order-list.png`, fullPage: true });
  await row.getByRole('button', { name: '申请发票' }).click();
  await expect(page).toHaveURL(/\/center\/demand-invoice\?order_id=\d+$/);
  await page.getByLabel('发票抬头').fill('张会计');
  await page.getByLabel('接收邮箱').fill('e2e-invoice@example.com');
  await page.getByRole('button', { name: /提交申请/ }).click();
  await expect(page).toHaveURL(/\/center\/invoice$/);
  const invoiceRow = page.getByRole('row').filter({ hasText: orderNo });
  await expect(invoiceRow.getByText('待开票')).toBeVisible();

  // Staff issue it with a PDF on /admin/invoices.
  const staff = await browser.newContext();
  try {
    const staffPage = await staff.newPage();
    await useToken(staffPage, await staffToken(request));
    await staffPage.goto('/admin/invoices');
    const staffRow = staffPage.getByRole('row').filter({ hasText: orderNo });
    await expect(staffRow).toBeVisible();
    await staffPage.screenshot({ path: `${SHOTS}/admin-invoices.png`, fullPage: true });
    await staffRow.locator('input[type=file]').setInputFiles({ name: '发票.pdf', mimeType: 'application/pdf', buffer: PDF });
    await expect(staffPage.getByText('发票已开具')).toBeVisible();
    await expect(staffPage.getByRole('row').filter({ hasText: orderNo })).toHaveCount(0);
  } finally {
    await staff.close();
  }

  // The learner sees it issued and downloads the PDF.
  await page.reload();
  await expect(invoiceRow.getByText('已开票')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/invoice-list.png`, fullPage: true });
  const download = page.waitForEvent('download');
  await invoiceRow.getByRole('button', { name: '下载PDF' }).click();
  expect((await download).suggestedFilename()).toBe(`发票-${orderNo}.pdf`);
});

test('the benefits modal fits the screen at 1920, 1366 and 1024 px and closes with 关闭', async ({ page, request }) => {
  await freshPersonal(page, request, 'due');
  const modal = page.getByRole('dialog', { name: '会员专享权益' });
  await page.goto('/');
  await expect(modal).toBeVisible();
  for (const [width, height] of [
    [1920, 1080],
    [1366, 768],
    [1024, 768],
  ] as const) {
    // Shown once a day: forget the day so the reload at this size shows it again.
    await page.setViewportSize({ width, height });
    await page.evaluate(() => localStorage.removeItem('benefits-modal-seen'));
    await page.reload();
    await expect(modal).toBeVisible();
    const box = (await modal.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(width);
    expect(box.y + box.height).toBeLessThanOrEqual(height);
    // Nothing inside spills out of its box.
    expect(await modal.evaluate((el) => el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight)).toBe(true);
    await page.screenshot({ path: `${SHOTS}/benefits-modal-${width}.png`, animations: 'disabled' });
  }
  await page.getByRole('dialog').getByRole('button', { name: '关闭' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.reload();
  await shellReady(page);
  await expect(page.getByRole('heading', { name: '平台服务' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('the benefits modal belongs to home: leaving home before it opens keeps it off the next page and the day unmarked', async ({
  page,
  request,
}) => {
  await freshPersonal(page, request, 'due');
  // Hold the modal's chunk back until the user has left home, as a slow phone network would.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/benefits-modal-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/');
  await shellReady(page);
  await page.getByRole('searchbox', { name: '搜索课程' }).fill('财务');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/courseSearch\?courseName=/);
  release();
  await expect(page.getByRole('list', { name: '搜索结果' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('dialog', { name: '会员专享权益' })).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('benefits-modal-seen'))).toBeNull();

  // Not shown, so not counted: back on home it opens.
  await page.getByRole('link', { name: '首页' }).first().click();
  await expect(page.getByRole('dialog', { name: '会员专享权益' })).toBeVisible();
});

test('a learner buys a paid course from its detail page through the sandbox cashier, and its lessons open', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await freshPersonal(page, request);
  const paid = (await (
    await request.get('/coursepoolapi/course_pools', { params: { price_type: 'paid', page: 1, per: 1 } })
  ).json()) as { data: { list: { id: number; title: string; price: number }[] } };
  const course = paid.data.list[0]!;
  const price = (course.price / 100).toFixed(2);

  // The detail page of a course not bought yet offers the purchase.
  await page.goto(`/train/detail/${course.id}`);
  await expect(page.getByText('本课程为付费课程')).toBeVisible();
  await page.getByRole('button', { name: '购买课程' }).click();
  await expect(page).toHaveURL(new RegExp(`/payment\\?type=buyCourse&courseId=${course.id}$`));
  await expect(page.getByText(course.title).first()).toBeVisible();

  // Same flow as membership: the server prices the order, the cashier pays it, the poll sees it.
  await page.getByRole('button', { name: '立即支付' }).click();
  await expect(page).toHaveURL(/\/payment\?order_no=\w+/);
  await expect(page.getByText(`¥${price}`).first()).toBeVisible();
  await page.getByRole('link', { name: '前往模拟收银台支付' }).click();
  const wallet = page.getByRole('region', { name: '模拟收银台' });
  await expect(wallet.getByText(price)).toBeVisible();
  await wallet.getByRole('button', { name: /确认支付/ }).click();
  await expect(wallet.getByText('支付成功')).toBeVisible();
  await wallet.getByRole('button', { name: /返回商户页面/ }).click();
  await expect(page.getByText(`已购买课程《${course.title}》`)).toBeVisible();

  // The course is unlocked: no purchase prompt, and learning starts.
  await page.getByRole('button', { name: '去学习' }).click();
  await expect(page).toHaveURL(new RegExp(`/train/detail/${course.id}$`));
  await expect(page.getByRole('button', { name: '开始学习' })).toBeVisible();
  await expect(page.getByText('本课程为付费课程')).toHaveCount(0);
  await page.getByRole('button', { name: '开始学习' }).click();
  await expect(page).toHaveURL(new RegExp(`/train/play/${course.id}/\\d+$`));
  await expect(page.locator('video')).toBeVisible();
});
