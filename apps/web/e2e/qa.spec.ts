import { expect, test, waitingForClient } from './support/fixtures';
import { type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { useToken } from './support/session';

/** Q&A issue: a member asks, an expert claims and answers with a regulation reference, the member reads and rates. */

const MEMBER = { phone: '13800138001', password: 'demo_1234' };
const EXPERT = { phone: '13700137001', password: 'demo_1234' }; // 陈立文: 个人所得税, 企业所得税, 其他
/** A 1x1 PNG (the server checks images by content). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const TITLE = `年终奖单独计税政策延续到什么时候（${Date.now() % 100000}）`;

async function tokenOf(
  request: APIRequestContext,
  account: { phone: string; password: string },
): Promise<string> {
  const res = await request.post('/api/users/account_login', { data: account });
  const body = (await res.json()) as { code: number; message: string; data: { token: string } };
  expect(body.code, body.message).toBe(200);
  return body.data.token;
}

async function pageAs(
  browser: Browser,
  request: APIRequestContext,
  account: { phone: string; password: string },
) {
  const context = await browser.newContext();
  const page = waitingForClient(await context.newPage());
  await useToken(page, await tokenOf(request, account));
  return page;
}

/** Picks a Select option, retried: a click during the dropdown's opening animation can be lost. */
async function pickOption(page: Page, label: string, option: string) {
  const field = page.getByLabel(label);
  const select = field.locator(
    'xpath=ancestor::div[contains(concat(" ", normalize-space(@class), " "), " ant-select ")][1]',
  );
  const dropdown = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  await expect(async () => {
    if ((await dropdown.count()) === 0) await field.click();
    if (!(await select.textContent())?.includes(option)) {
      await dropdown
        .last()
        .locator('.ant-select-item-option')
        .filter({ hasText: new RegExp(`^${option}$`) })
        .click({ timeout: 2_000 });
    }
    await expect(select).toContainText(option, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(dropdown).toHaveCount(0);
}

test('a member asks, an expert claims and answers with a regulation, the member reads, rates, and visitors see it', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);

  // ---- the member asks; similar answered questions are suggested while typing --------------------------------
  const member = await pageAs(browser, request, MEMBER);
  await member.goto('/center/quizQuestion');
  await expect(member.getByText('您是会员：提问不限次数')).toBeVisible();
  await member.getByLabel('问题标题').fill(TITLE);
  const similar = member.getByRole('list', { name: '相似问题' });
  await expect(similar.getByRole('link', { name: '年终奖还能选择单独计税吗？政策到哪年截止' })).toBeVisible();
  await pickOption(member, '问题分类', '个人所得税');
  await member
    .getByLabel('问题描述')
    .fill('公司计划在1月发放上一年度的年终奖，想确认单独计税政策目前是否仍然有效，以及申报时需要注意什么。');
  await member
    .locator('input[type="file"]')
    .setInputFiles({ name: 'payslip.png', mimeType: 'image/png', buffer: PNG });
  await expect(member.locator('.ant-upload-list-item-done')).toHaveCount(1);
  await member.getByRole('button', { name: '提交问题' }).click();
  await expect(member).toHaveURL(/\/center\/quizInfo\?id=\d+/);
  const id = Number(new URL(member.url()).searchParams.get('id'));
  await expect(member.getByText('等待专家解答')).toBeVisible();
  await expect(member.getByText('最晚解答时间')).toBeVisible();
  await expect(member.getByRole('img', { name: '问题配图1' })).toBeVisible();

  // ---- the expert claims it in the workspace and answers ----------------------------------------------------
  const expert = await pageAs(browser, request, EXPERT);
  await expert.goto('/admin/quiz-expert');
  await expect(expert.getByRole('navigation', { name: '管理后台菜单' }).getByRole('menuitem')).toHaveText([
    '专家工作台',
  ]);
  await expert.getByRole('button', { name: TITLE }).click();
  const drawer = expert.getByRole('dialog');
  await drawer.getByRole('button', { name: '认领问题' }).click();
  await expect(expert.getByText(/认领成功/)).toBeVisible();
  const editor = drawer.getByRole('textbox', { name: '解答内容' });
  await editor.click();
  await expert.keyboard.type('可以选择单独计税，全年一次性奖金单独计税政策已延续至2027年12月31日。');
  await drawer.getByRole('button', { name: '添加法规引用' }).click();
  await drawer.getByLabel('法规名称').fill('关于延续实施全年一次性奖金个人所得税政策的公告');
  await drawer.getByLabel('文号').fill('财政部 税务总局公告2023年第30号');
  await drawer.getByRole('button', { name: '提交解答' }).click();
  await expect(expert.getByText('解答已提交')).toBeVisible();

  // ---- the member sees the answer, the message, and rates it ------------------------------------------------
  await member.goto(`/center/quizInfo?id=${id}`);
  await expect(member.getByText('政策已延续至2027年12月31日')).toBeVisible();
  await expect(member.getByText('（财政部 税务总局公告2023年第30号）')).toBeVisible();
  await expect(member.getByText('陈立文')).toBeVisible();
  await member.goto('/center/message');
  await expect(member.getByText('您的提问已有专家解答').first()).toBeVisible();
  await member.goto(`/center/quizInfo?id=${id}`);
  await member.locator('.ant-rate-star').nth(4).click();
  await member.getByRole('button', { name: '提交评价' }).click();
  await expect(member.getByText('您已评价 5 分')).toBeVisible();

  // ---- a logged-out visitor finds it on /quiz ---------------------------------------------------------------
  const visitor = waitingForClient(await (await browser.newContext()).newPage());
  await visitor.goto(`/quiz?keyword=${encodeURIComponent(TITLE.slice(-8))}`);
  await visitor.getByRole('link', { name: TITLE }).click();
  await expect(visitor).toHaveURL(new RegExp(`/quiz/${id}$`));
  await expect(visitor.getByRole('heading', { name: TITLE })).toBeVisible();
  await expect(visitor.getByText('政策已延续至2027年12月31日')).toBeVisible();
  await expect(visitor.getByText('提问：会**')).toBeVisible();
  await expect(visitor.getByText('会员学员')).toHaveCount(0);
});

test('the public Q&A lists answered questions by category and opens a question page', async ({ page }) => {
  await page.goto('/quiz');
  await page
    .getByRole('navigation', { name: '问题分类' })
    .getByRole('button', { name: '社保公积金' })
    .click();
  await expect(page).toHaveURL(/category=/);
  await page.getByRole('link', { name: '试用期员工需要缴纳社保吗' }).click();
  await expect(page.getByRole('heading', { name: '试用期员工需要缴纳社保吗' })).toBeVisible();
  await expect(page.getByText('赵明远')).toBeVisible();
  await expect(page.getByRole('button', { name: /有用/ })).toBeVisible();
});

test('a member opens the 举报 dialog on a question page drawn without antd, and cancels it', async ({ browser, request }) => {
  const member = await pageAs(browser, request, { phone: '13800138001', password: 'demo_1234' });
  await member.goto('/quiz');
  await member.getByRole('link', { name: '试用期员工需要缴纳社保吗' }).click();
  await expect(member.getByRole('heading', { level: 1, name: '试用期员工需要缴纳社保吗' })).toBeVisible();
  await member.getByRole('button', { name: '举报' }).click();
  const dialog = member.getByRole('dialog', { name: '举报问题' });
  await expect(dialog.getByRole('radio', { name: '广告营销' })).toBeVisible();
  await dialog.getByRole('button', { name: /取\s*消/ }).click();
  await expect(dialog).toBeHidden();
});

test('a company requests a finance consultation, staff schedule an expert, the company sees the appointment', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const company = await pageAs(browser, request, { phone: '13800138002', password: 'demo_1234' });
  const topic = `出口退税申报流程梳理（${Date.now() % 100000}）`;
  await company.goto('/center/finance-consult');
  await company.getByRole('button', { name: '申请咨询' }).click();
  const dialog = company.getByRole('dialog', { name: '申请财税咨询' });
  await dialog.getByRole('button', { name: '提交申请' }).click();
  await expect(dialog.getByText('请输入咨询主题')).toBeVisible();
  await dialog.getByLabel('咨询主题').fill(topic);
  await dialog
    .getByLabel('问题描述')
    .fill('公司今年开始做跨境电商出口，想请专家梳理出口退税的备案、单证收集和申报流程。');
  await dialog.getByLabel('方便的时间').fill('工作日上午');
  await dialog.getByRole('button', { name: '提交申请' }).click();
  const row = company.getByRole('row', { name: new RegExp(topic) });
  await expect(row.getByText('待安排')).toBeVisible();

  const staff = await pageAs(browser, request, { phone: '13800138009', password: 'admin_1234' });
  await staff.goto('/admin/quiz');
  await staff.getByRole('tab', { name: '财税咨询' }).click();
  await staff
    .getByRole('row', { name: new RegExp(topic) })
    .getByRole('button', { name: '安排' })
    .click();
  const schedule = staff.getByRole('dialog', { name: new RegExp('安排咨询') });
  await pickOption(staff, '专家', '周雅琴（增值税、发票管理、出口退税）');
  await schedule.getByLabel('咨询时间').fill('2099-03-02 10:00');
  await staff.keyboard.press('Enter');
  await pickOption(staff, '咨询方式', '视频会议');
  await schedule.getByRole('button', { name: '保存并通知' }).click();
  await expect(staff.getByText('已安排专家')).toBeVisible();

  await company.reload();
  await expect(company.getByRole('row', { name: new RegExp(topic) }).getByText('已预约')).toBeVisible();
  await expect(company.getByRole('row', { name: new RegExp(topic) }).getByText('周雅琴')).toBeVisible();
  await company.goto('/center/message');
  await expect(company.getByText('您的财税咨询已安排').first()).toBeVisible();
});
