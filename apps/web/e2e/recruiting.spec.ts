import { mkdirSync } from 'node:fs';
import { expect, test, waitingForClient } from './support/fixtures';
import { type APIRequestContext, type Browser, type Locator, type Page } from '@playwright/test';
import { registerAccount, useToken } from './support/session';

/** Recruiting issue: company verification, job posts and review, the job board, applying, interviews, talent query, pool, recommendation. */

const SHOTS = '/tmp/recruiting-shots';
const STAFF = { phone: '13800138006', password: 'admin_1234' };
const WIDE = { width: 1366, height: 900 };
/** A 1x1 PNG (the server checks files by content). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

async function tokenOf(request: APIRequestContext, account: { phone: string; password: string }): Promise<string> {
  const res = await request.post('/api/users/account_login', { data: account });
  const body = (await res.json()) as { code: number; message: string; data: { token: string } };
  expect(body.code, body.message).toBe(200);
  return body.data.token;
}

async function pageAs(browser: Browser, token: string): Promise<Page> {
  const context = await browser.newContext({ viewport: WIDE, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
  const page = waitingForClient(await context.newPage());
  await useToken(page, token);
  return page;
}

const visibleDropdowns = (page: Page) => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
const openDropdown = (page: Page) => visibleDropdowns(page).last();

/** Picks a Select option (typing it first for long, virtualised lists with `search`). */
async function pickSelect(page: Page, field: Locator, option: string, { search = false } = {}) {
  const select = field.locator('xpath=ancestor::div[contains(concat(" ", normalize-space(@class), " "), " ant-select ")][1]');
  await expect(async () => {
    if ((await visibleDropdowns(page).count()) === 0) await field.click();
    if (!(await select.textContent())?.includes(option)) {
      if (search) await field.fill(option);
      await openDropdown(page)
        .locator('.ant-select-item-option')
        .filter({ hasText: new RegExp(`^${option}$`) })
        .click({ timeout: 2_000 });
    }
    await expect(select).toContainText(option, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  if ((await visibleDropdowns(page).count()) > 0) await page.keyboard.press('Escape');
  await expect(visibleDropdowns(page)).toHaveCount(0);
}

async function pickCascader(page: Page, field: Locator, parent: string, leaf: string) {
  await expect(async () => {
    if ((await visibleDropdowns(page).count()) === 0) await field.click();
    await openDropdown(page).locator(`.ant-cascader-menu-item[title="${parent}"]`).click({ timeout: 2_000 });
    await expect(openDropdown(page).locator(`.ant-cascader-menu-item[title="${leaf}"]`)).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await openDropdown(page).locator(`.ant-cascader-menu-item[title="${leaf}"]`).click();
  if ((await visibleDropdowns(page).count()) > 0) await page.keyboard.press('Escape');
  await expect(visibleDropdowns(page)).toHaveCount(0);
}

/** After an in-app link, the site scrolls to the top in small steps (SPEC §9); clicks wait until it has arrived. */
const scrolledToTop = (page: Page) => expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });

test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }));

test('a verified company posts a job staff approve; a member applies with the portrait; the interview invitation reaches the applicant; the company queries, pools and is recommended the person', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const suffix = String(Date.now() % 100000);
  const companyName = `中原启航财税服务有限公司${suffix}`;
  const title = `总账会计（制造业${suffix}）`;

  const company = await registerAccount(request, 'company');
  const seeker = await registerAccount(request, 'personal');
  if (!company || !seeker) throw new Error('the accounts API is missing from this build');
  // The job seeker's job intention (the talent area's dialog has its own browser test).
  const intention = await request.post('/api/user_apply_jobs', {
    headers: { token: seeker.token },
    data: {
      name: '詹天明',
      sex: '男',
      biithday: '1990-05-01',
      salary: '3',
      show_personal_info: true,
      citys: '河南省:郑州市',
      positions: '总账会计',
      industries: '制造业',
    },
  });
  expect(((await intention.json()) as { code: number }).code).toBe(200);

  // 1. The company fills its profile and sends its licence.
  const c = await pageAs(browser, company.token);
  await c.goto('/center/recruitment/companyEdit');
  await expect(c.locator('.centre__content').getByText('未提交认证')).toBeVisible();
  await c.getByLabel('企业名称').fill(companyName);
  await pickSelect(c, c.getByLabel('所属行业'), '咨询与专业服务', { search: true });
  await pickSelect(c, c.getByLabel('单位规模'), '11-50人');
  await pickCascader(c, c.getByLabel('所在城市'), '河南省', '郑州市');
  await c.getByLabel('详细地址').fill('郑州市金水区花园路39号');
  await c.getByLabel('企业简介').fill('为制造业企业提供代理记账、纳税申报与财务咨询服务。');
  await c.getByLabel('联系人').fill('赵经理');
  await c.getByLabel('联系电话').fill('0371-65551234');
  await c.getByRole('button', { name: '保存企业信息' }).click();
  await expect(c.getByText('企业信息已保存')).toBeVisible();
  await c.locator('input[type=file]').first().setInputFiles({ name: '营业执照.png', mimeType: 'image/png', buffer: PNG });
  await expect(c.locator('.centre__content').getByText('认证审核中')).toBeVisible();
  await shot(c, 'company-edit');

  // 2. Staff approve the company.
  const s = await pageAs(browser, await tokenOf(request, STAFF));
  await s.goto('/admin/companies');
  await expect(s.getByRole('heading', { name: '企业认证审核' })).toBeVisible();
  await shot(s, 'admin-companies-list');
  const companyRow = s.getByRole('row').filter({ hasText: companyName });
  await companyRow.getByRole('button', { name: /^审\s*核$/ }).click();
  const review = s.getByRole('dialog');
  await expect(review.getByRole('img', { name: '营业执照' })).toBeVisible();
  await shot(s, 'admin-companies');
  await review.getByRole('button', { name: '提交审核' }).click();
  await expect(s.getByText('审核完成')).toBeVisible();

  // 3. The verified company posts a job.
  await c.goto('/center/recruitment');
  await c.getByRole('link', { name: '发布职位' }).click();
  await expect(c.getByRole('heading', { name: '发布职位' })).toBeVisible();
  await scrolledToTop(c);
  await c.getByLabel('职位名称').fill(title);
  await pickSelect(c, c.getByLabel('职位类别'), '总账会计', { search: true });
  await pickCascader(c, c.getByLabel('工作城市'), '河南省', '郑州市');
  await pickSelect(c, c.getByLabel('薪资档'), '9000-15999元');
  await c.getByLabel('职位描述').fill('负责总账核算、月末结账与财务报表编制，配合年度审计。');
  await shot(c, 'post-edit');
  await c.getByRole('button', { name: '提交审核' }).click();
  await expect(c.getByText('职位已提交审核')).toBeVisible();
  await expect(c.getByRole('row').filter({ hasText: title }).getByText('审核中')).toBeVisible();

  // 4. Staff approve the post.
  await s.goto('/admin/job-posts');
  await s.getByRole('row').filter({ hasText: title }).getByRole('button', { name: /^审\s*核$/ }).click();
  await shot(s, 'admin-posts');
  await s.getByRole('dialog').getByRole('button', { name: '提交审核' }).click();
  await expect(s.getByText('审核完成')).toBeVisible();
  await c.reload();
  await expect(c.getByRole('row').filter({ hasText: title }).getByText('招聘中')).toBeVisible();
  await shot(c, 'recruitment');

  // 5. The job seeker becomes a member (sandbox cashier), finds the post on the board and applies with the portrait.
  const p = await pageAs(browser, seeker.token);
  await p.goto('/payment?type=buyVip');
  await p.getByRole('button', { name: '立即支付' }).click();
  await p.getByRole('link', { name: '前往模拟收银台支付' }).click();
  const wallet = p.getByRole('region', { name: '模拟收银台' });
  await wallet.getByRole('button', { name: /确认支付/ }).click();
  await expect(wallet.getByText('支付成功')).toBeVisible();
  await p.goto('/jobDetail');
  await expect(p.locator('.rc-post-card').first()).toBeVisible();
  await shot(p, 'job-board');
  await p.getByRole('searchbox', { name: '搜索职位或企业' }).fill(`制造业${suffix}`);
  await p.getByRole('searchbox', { name: '搜索职位或企业' }).press('Enter');
  await expect(p.locator('.rc-post-card')).toHaveCount(1);
  await p.getByRole('link', { name: title }).click();
  await scrolledToTop(p);
  await expect(p.getByRole('heading', { name: title })).toBeVisible();
  await expect(p.getByLabel('企业名片')).toContainText(companyName);
  await shot(p, 'job-info');
  await p.getByRole('button', { name: '投递简历' }).click();
  await p.getByRole('dialog').getByRole('button', { name: '确认投递' }).click();
  await expect(p.getByText('投递成功')).toBeVisible();
  await expect(p.getByRole('button', { name: /已投递/ })).toBeVisible();

  // 6. The company sees the application, reads the masked resume and invites to an interview.
  await c.goto('/center/applyJob');
  const appRow = c.getByRole('row').filter({ hasText: '詹先生' });
  await expect(appRow).toContainText(title);
  await appRow.getByRole('link', { name: '查看简历' }).click();
  await scrolledToTop(c);
  await expect(c.getByLabel('平台认证学习记录')).toBeVisible();
  await expect(c.getByText(/\d{3}\*{4}\d{4}/)).toBeVisible();
  await shot(c, 'resume-preview');
  await c.goto('/center/applyJob');
  await c.getByRole('row').filter({ hasText: '詹先生' }).getByRole('checkbox').check();
  await c.getByRole('button', { name: '邀请面试' }).click();
  const invite = c.getByRole('dialog', { name: /邀请面试/ });
  const when = new Date(Date.now() + 3 * 86_400_000);
  const day = `${when.getFullYear()}-${String(when.getMonth() + 1).padStart(2, '0')}-${String(when.getDate()).padStart(2, '0')}`;
  await invite.getByLabel('面试时间').click();
  await invite.getByLabel('面试时间').fill(`${day} 10:00`);
  await c.keyboard.press('Enter');
  await invite.getByLabel('面试地点').fill('郑州市金水区花园路39号 8楼');
  await invite.getByRole('button', { name: '发送邀请' }).click();
  await expect(c.getByText(/已更新投递状态/)).toBeVisible();
  await expect(c.getByRole('row').filter({ hasText: '詹先生' })).toContainText('邀请面试');
  await shot(c, 'received-applications');

  // 7. The applicant sees the invitation in 我的求职 and in the message centre.
  await p.goto('/center/applyJob');
  const sentRow = p.getByRole('row').filter({ hasText: title });
  await expect(sentRow).toContainText('邀请面试');
  await expect(sentRow).toContainText('郑州市金水区花园路39号 8楼');
  await shot(p, 'apply-job');
  await p.goto('/center/message');
  await expect(p.getByText('面试邀请').first()).toBeVisible();

  // 8. The company queries talents, saves the person to its pool and sees them recommended.
  await c.goto('/filtrate');
  await pickSelect(c, c.getByRole('combobox', { name: '意向职位' }), '总账会计', { search: true });
  await c.getByRole('button', { name: /^查\s*询$/ }).click();
  const card = c.getByRole('article', { name: '詹先生' });
  await expect(card).toBeVisible();
  await shot(c, 'filtrate');
  await card.getByRole('button', { name: '加入人才库' }).click();
  const pool = c.getByRole('dialog', { name: /加入人才库/ });
  await pool.getByLabel('备注（仅本企业可见）').fill('已投递总账会计，沟通顺畅');
  await pool.getByRole('button', { name: /^保\s*存$/ }).click();
  await expect(c.getByText('已加入人才库')).toBeVisible();
  await expect(card.getByRole('button', { name: '已在人才库' })).toBeVisible();

  await c.goto('/recommend');
  const rec = c.getByRole('article', { name: '詹先生' });
  await expect(rec).toBeVisible();
  await expect(rec.getByLabel('匹配原因')).toContainText('职位：总账会计');
  await shot(c, 'recommend');
  await c.goto('/center/talent-pool');
  await expect(c.getByRole('row').filter({ hasText: '詹先生' })).toContainText('沟通顺畅');
  await shot(c, 'talent-pool-company');

  // The member's own talent-pool page: in the national pool, viewed by the company this month, a talent code.
  await p.goto('/center/talent-pool');
  await expect(p.getByText('您已进入全国人才库')).toBeVisible();
  await expect(p.getByRole('img', { name: /个人人才码/ })).toBeVisible();
  await expect(p.getByRole('link', { name: /下载人才码/ })).toHaveAttribute('download', '个人人才码.png');
  await expect(p.getByText('本月查看您画像的企业')).toBeVisible();
  await shot(p, 'talent-pool-personal');
  await p.goto('/recommend');
  await expect(p.getByRole('link', { name: title })).toBeVisible();
});

test('a personal account and a visitor are told why talent query is closed to them', async ({ page, request }) => {
  const seeker = await registerAccount(request, 'personal');
  if (!seeker) throw new Error('the accounts API is missing from this build');
  await page.setViewportSize(WIDE);
  await page.goto('/filtrate');
  await expect(page.getByText('人才查询仅向认证企业开放')).toBeVisible();
  await useToken(page, seeker.token);
  await page.goto('/filtrate');
  await expect(page.getByText('人才查询仅向企业账号开放')).toBeVisible();
  await shot(page, 'filtrate-personal');
});
