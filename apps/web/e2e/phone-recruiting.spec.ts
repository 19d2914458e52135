import { mkdirSync } from 'node:fs';
import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { PHONE, expectFitsPhone } from './support/phone-width';
import { passwordToken, registerAccount, useToken } from './support/session';

/** Recruiting on a 390 x 844 touch phone: a learner applies for a job, a company reads the application. */

test.use(PHONE);

const SHOTS = '/tmp/phone-recruiting-shots';
const COMPANY = { phone: '13800138002', password: 'demo_1234' };

type Envelope<T> = { code: number; message: string; data: T };
async function api<T>(request: APIRequestContext, method: 'GET' | 'POST', url: string, token: string, data?: object): Promise<T> {
  const res = method === 'GET' ? await request.get(url, { headers: { token } }) : await request.post(url, { headers: { token }, data: data ?? {} });
  const body = (await res.json()) as Envelope<T>;
  expect(body.code, `${url}: ${body.message}`).toBe(200);
  return body.data;
}

/** A new member (first plan paid through the sandbox cashier's API) with a published job intention. */
async function memberSeekingWork(request: APIRequestContext): Promise<string> {
  const account = await registerAccount(request, 'personal');
  if (!account) throw new Error('the accounts API is missing from this build');
  const { token } = account;
  const plans = await api<{ id: number }[]>(request, 'GET', '/api/members', token);
  const order = await api<{ id: number }>(request, 'POST', '/api/orders', token, { product_type: 'member', product_id: plans[0]!.id });
  const pay = await api<{ pay_url: string }>(request, 'POST', `/api/orders/${order.id}/pay`, token);
  const url = new URL(pay.pay_url);
  await api(request, 'POST', '/api/payments/sandbox/confirm', token, { order_no: url.searchParams.get('order_no'), token: url.searchParams.get('token') });
  await api(request, 'POST', '/api/user_apply_jobs', token, {
    name: '孟晓雯',
    sex: '女',
    biithday: '1994-03-12',
    salary: '3',
    show_personal_info: true,
    citys: '河南省:郑州市',
    positions: '财务经理',
    industries: '制造业',
  });
  return token;
}

const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });

test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }));

test('on a phone a learner edits the job intention in a full-screen sheet, finds a job, reads it in one column and applies', async ({
  page,
  request,
}) => {
  test.slow();
  await useToken(page, await memberSeekingWork(request));

  // The portrait: one column, the radar no wider than the screen; the job intention opens as a full-screen sheet.
  await page.goto('/center/talentPortrayal');
  const radar = page.getByRole('figure', { name: '人才画像雷达图' });
  await expect(radar).toBeVisible();
  expect((await radar.boundingBox())!.width).toBeLessThanOrEqual(PHONE.viewport.width);
  await expectFitsPhone(page);
  await page.getByRole('button', { name: '编辑求职意向' }).click();
  const sheet = page.getByRole('dialog', { name: '求职意向' });
  await expect(sheet.getByLabel('姓名')).toHaveValue('孟晓雯');
  // Measured once the opening animation (a scale transform) has finished.
  await expect.poll(async () => (await sheet.boundingBox())?.width).toBeGreaterThanOrEqual(PHONE.viewport.width - 1);
  await expect.poll(async () => (await sheet.boundingBox())?.height).toBeGreaterThanOrEqual(PHONE.viewport.height - 1);
  await expect(sheet.getByRole('button', { name: /^发\s?布$/ })).toBeInViewport();
  await shot(page, 'job-intention-sheet');
  await sheet.getByRole('button', { name: /^取\s?消$/ }).tap();
  // Leaving the sheet asks first (the dialog's own rule), whatever the screen.
  await page.locator('.ant-modal-confirm').getByRole('button', { name: /^确\s?定$/ }).tap();
  await expect(sheet).toBeHidden();

  // The job board and a job's page: the job text takes the screen's width, the company card follows below it.
  await page.goto('/jobDetail');
  const first = page.locator('.rc-post-card').first();
  await expect(first).toBeVisible();
  await expectFitsPhone(page);
  await shot(page, 'job-board');
  const title = (await first.locator('.rc-post-card__title').textContent())!.trim();
  await first.getByRole('link', { name: title }).tap();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  const description = page.locator('.rc-section').filter({ has: page.getByRole('heading', { name: '职位描述' }) });
  expect((await description.boundingBox())!.width).toBeGreaterThan(PHONE.viewport.width * 0.8);
  const company = await page.getByLabel('企业名片').boundingBox();
  expect(company!.y).toBeGreaterThan((await description.boundingBox())!.y);
  await expectFitsPhone(page);
  await shot(page, 'job-info');

  const apply = page.getByRole('button', { name: '投递简历' });
  const applyBox = (await apply.boundingBox())!;
  expect(applyBox.height).toBeGreaterThanOrEqual(44);
  await apply.tap();
  await page.getByRole('dialog').getByRole('button', { name: '确认投递' }).tap();
  await expect(page.getByText('投递成功')).toBeVisible();
  await expect(page.getByRole('button', { name: /已投递/ })).toBeVisible();

  // 我的求职: the application as a card with its labelled lines.
  await page.goto('/center/applyJob');
  const card = page.getByRole('row').filter({ hasText: title });
  await expect(card).toContainText('已投递');
  await expect(card.getByRole('cell').first()).toHaveAttribute('data-label', '职位');
  await expectFitsPhone(page);
  await shot(page, 'apply-job');

  await page.goto('/recommend');
  await expectFitsPhone(page);
  await page.goto('/center/talent-pool');
  await expect(page.getByText('您已进入全国人才库')).toBeVisible();
  await expectFitsPhone(page);
  await shot(page, 'talent-pool-personal');
});

test('on a phone the company reads an application from its card and looks through its posts, talents and pool', async ({ page, request }) => {
  test.slow();
  await useToken(page, await passwordToken(request, COMPANY));

  await page.goto('/center/applyJob');
  const card = page.getByRole('row').filter({ has: page.getByRole('link', { name: '查看简历' }) }).first();
  await expect(card).toBeVisible();
  await expect(page.locator('.ant-table-thead')).toBeHidden();
  await expectFitsPhone(page);
  await shot(page, 'received-applications');
  await card.getByRole('link', { name: '查看简历' }).tap();
  await expect(page).toHaveURL(/\/center\/recruitment\/resumePreview\?id=\d+/);
  await expect(page.getByLabel('平台认证学习记录')).toBeVisible();
  await expect(page.getByText(/\d{3}\*{4}\d{4}/)).toBeVisible();
  await expectFitsPhone(page);
  await shot(page, 'resume-preview');

  for (const [path, ready, name] of [
    ['/center/recruitment', page.locator('.rc-toolbar').getByRole('button', { name: '发布职位' }), 'recruitment'],
    ['/center/recruitment/companyEdit', page.getByLabel('企业名称'), 'company-edit'],
    ['/center/recruitment/postEdit', page.getByLabel('职位名称'), 'post-edit'],
    ['/filtrate', page.getByRole('button', { name: /^查\s*询$/ }), 'filtrate'],
    ['/recommend', page.getByRole('heading', { level: 1 }), 'recommend'],
    ['/center/talent-pool', page.getByRole('heading', { name: '人才库' }), 'talent-pool-company'],
  ] as const) {
    await page.goto(path);
    await expect(ready).toBeVisible();
    await expectFitsPhone(page);
    await shot(page, name);
  }
});
