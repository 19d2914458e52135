import { mkdirSync } from 'node:fs';
import { expect, test } from './support/fixtures';
import { type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { fillDate, pickCascader, pickSelect } from './support/antd-fields';
import { registerAccount, useToken } from './support/session';

/** Talent issue: job-intention dialog, talent records and portrait, star evaluation with staff review, credit archive. */

const SHOTS = '/tmp/talent-shots';
const MEMBER = { phone: '13800138001', password: 'demo_1234' };
const STAFF = { phone: '13800138009', password: 'admin_1234' };
const WIDE = { width: 1366, height: 900 };

/** A 1x1 PNG (the server checks files by content). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

async function tokenOf(
  request: APIRequestContext,
  account: { phone: string; password: string },
): Promise<string> {
  const res = await request.post('/api/users/account_login', { data: account });
  const body = (await res.json()) as { code: number; message: string; data: { token: string } };
  expect(body.code, body.message).toBe(200);
  return body.data.token;
}

async function freshPersonal(page: Page, request: APIRequestContext): Promise<string> {
  const account = await registerAccount(request, 'personal');
  if (!account) throw new Error('the accounts API is missing from this build');
  await useToken(page, account.token);
  return account.token;
}

test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }));

test('a member publishes a job intention from the banner: rules, the three-limit, saved values, leave confirmation', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize(WIDE);
  await useToken(page, await tokenOf(request, MEMBER));

  // The first load of the record fails: the form starts empty (SPEC §4), so every rule can be hit.
  await page.route('**/api/user_apply_jobs?**', (route) =>
    route.fulfill({ status: 500, json: { code: 500, message: '接口异常', data: null } }),
  );
  await page.goto('/center/student');
  const failedLoad = page.waitForResponse((r) => r.url().includes('/api/user_apply_jobs?') && r.status() === 500);
  await page.getByRole('region', { name: '个人概况' }).getByRole('button', { name: '求职意向' }).click();
  const dialog = page.getByRole('dialog', { name: '求职意向' });
  await expect(dialog).toBeVisible();
  // The form resets when the load fails (SPEC §4): validate only after that, or the reset clears the messages.
  await failedLoad;
  await expect(page.locator('.ant-message').getByText('接口异常')).toBeVisible();
  // Exactly 650 px once the opening animation has finished.
  await expect
    .poll(() => dialog.evaluate((el) => (el.closest('.ant-modal') ?? el).getBoundingClientRect().width))
    .toBe(650);
  await expect(dialog.getByLabel('姓名')).toHaveValue('');
  await page.unroute('**/api/user_apply_jobs?**');

  const saves: string[] = [];
  page.on('request', (r) => {
    if (/\/api\/user_apply_jobs(\/\d+)?$/.test(new URL(r.url()).pathname) && r.method() !== 'GET')
      saves.push(r.method());
  });

  await dialog.getByRole('button', { name: /发\s*布/ }).click();
  for (const text of [
    '请输入姓名',
    '请选择性别',
    '请选择出生日期',
    '请选择薪资要求',
    '请选择地区',
    '请选择行业',
    '请选择职位',
  ]) {
    await expect(dialog.locator('.ant-form-item-explain-error', { hasText: text })).toBeVisible();
  }
  await page.screenshot({ path: `${SHOTS}/job-dialog-rules.png` });

  // Fill it in, with four positions.
  await dialog.getByLabel('姓名').fill('刘会员');
  await dialog.getByRole('switch').click();
  await expect(dialog.getByRole('switch')).toBeChecked();
  await dialog.getByRole('radio', { name: '女' }).check();
  await dialog.getByLabel('出生日期').click();
  await fillDate(page, dialog.getByLabel('出生日期'), '1990-06-15');
  await pickSelect(page, dialog.getByLabel('薪资要求'), '9000-15999元');
  await pickCascader(page, dialog.getByLabel('期望地区'), '河南省', ['郑州市', '洛阳市']);
  await pickSelect(page, dialog.getByLabel('期望行业'), '金融业', { multiple: true });
  await pickCascader(page, dialog.getByLabel('期望职位'), '会计核算', [
    '总账会计',
    '成本会计',
    '往来会计',
    '税务会计',
  ]);
  await expect(dialog.locator('.ant-form-item-explain-error')).toHaveCount(0);

  // Four positions: the warning, and nothing is sent.
  await dialog.getByRole('button', { name: /发\s*布/ }).click();
  await expect(page.getByText('地区、行业、职位目标均不能超过三个')).toBeVisible();
  await page.waitForTimeout(500);
  expect(saves).toEqual([]);
  await expect(dialog).toBeVisible();

  // Back to three, publish: the server's message as a success toast, the dialog closes.
  await dialog
    .locator('.ant-select-selection-item', { hasText: '税务会计' })
    .locator('.ant-select-selection-item-remove')
    .click();
  await page.screenshot({ path: `${SHOTS}/job-dialog.png` });
  await dialog.getByRole('button', { name: /发\s*布/ }).click();
  await expect(page.locator('.ant-message').getByText('发布成功')).toBeVisible();
  await expect(dialog).toBeHidden();
  expect(saves).toHaveLength(1);

  // Reopen: the saved values come back.
  await page.getByRole('region', { name: '个人概况' }).getByRole('button', { name: '求职意向' }).click();
  await expect(dialog.getByLabel('姓名')).toHaveValue('刘会员');
  await expect(dialog.getByLabel('出生日期')).toHaveValue('1990-06-15');
  for (const text of ['9000-15999元', '郑州市', '洛阳市', '金融业', '总账会计', '成本会计', '往来会计']) {
    await expect(dialog.getByText(text, { exact: true })).toBeVisible();
  }
  await expect(dialog.getByText('税务会计', { exact: true })).toHaveCount(0);
  await expect(dialog.getByRole('switch')).toBeChecked();

  // Unsaved edit, then close: the confirmation; 确定 leaves without saving.
  await dialog.getByLabel('姓名').fill('刘会员改');
  await dialog.getByRole('button', { name: 'Close' }).or(dialog.locator('.ant-modal-close')).first().click();
  const confirm = page.locator('.ant-modal-confirm');
  await expect(confirm.getByText('离开将不会保存修改')).toBeVisible();
  await confirm.getByRole('button', { name: /确\s*定/ }).click();
  await expect(dialog).toBeHidden();
  expect(saves).toHaveLength(1);

  // The member's portrait (seeded records) with the published intention; the radar is drawn lazily.
  await page.goto('/center/talentPortrayal');
  await expect(page.getByRole('region', { name: '教育经历' }).getByText('郑州大学')).toBeVisible();
  await expect(page.getByText('人才画像已公开')).toBeVisible();
  await expect(page.locator('.talent-radar canvas')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/portrait-member.png`, fullPage: true });
});

test('a learner adds, edits and deletes one record of each kind and the portrait reloads', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  await page.setViewportSize(WIDE);
  await freshPersonal(page, request);
  await page.goto('/center/talentPortrayal');
  await expect(page.getByText('尚未发布求职意向')).toBeVisible();

  const reloads = () =>
    page.waitForResponse(
      (r) => r.url().includes('/api/user_infos/personal_info') && r.request().method() === 'GET',
    );

  const kinds: {
    section: string;
    add: string;
    fill: (d: Locator) => Promise<void>;
    title: string;
    edit: (d: Locator) => Promise<void>;
    edited: string;
    required: string;
  }[] = [
    {
      section: '教育经历',
      add: '添加教育经历',
      required: '请输入学校名称',
      title: '郑州大学',
      fill: async (d) => {
        await d.getByLabel('学校').fill('郑州大学');
        await d.getByLabel('专业').fill('会计学');
        await pickSelect(page, d.getByLabel('学历'), '本科');
        await fillDate(page, d.getByLabel('入学日期'), '2008-09-01');
        await fillDate(page, d.getByLabel('毕业日期'), '2012-06-30');
      },
      edit: (d) => d.getByLabel('专业').fill('财务管理'),
      edited: '财务管理',
    },
    {
      section: '工作经历',
      add: '添加工作经历',
      required: '请输入单位名称',
      title: '示例科技有限公司',
      fill: async (d) => {
        await d.getByLabel('单位名称').fill('示例科技有限公司');
        await d.getByLabel('职务').fill('总账会计');
        await pickSelect(page, d.getByLabel('职位层级'), '基层');
        await fillDate(page, d.getByLabel('入职日期'), '2012-07-01');
        await d.getByLabel('工作职责').fill('负责总账与报表。');
      },
      edit: (d) => d.getByLabel('职务').fill('财务主管'),
      edited: '财务主管',
    },
    {
      section: '资格证书',
      add: '添加证书',
      required: '请输入证书名称',
      title: '初级会计师',
      fill: async (d) => {
        await d.getByLabel('证书名称').fill('初级会计师');
        await d.getByLabel('发证机构').fill('财政部');
        await fillDate(page, d.getByLabel('发证日期'), '2013-05-20');
        // A wrong type is refused before sending.
        await d
          .locator('input[type=file]')
          .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('x') });
        await expect(page.getByText('仅支持JPG、PNG图片或PDF文件')).toBeVisible();
        await d
          .locator('input[type=file]')
          .setInputFiles({ name: '证书.png', mimeType: 'image/png', buffer: PNG });
        await expect(d.getByRole('button', { name: '证书.png' })).toBeVisible();
      },
      edit: (d) => d.getByLabel('证书编号').fill('CJ2013001'),
      edited: '编号 CJ2013001',
    },
    {
      section: '获奖情况',
      add: '添加获奖情况',
      required: '请输入名称',
      title: '优秀财务工作者',
      fill: async (d) => {
        await d.getByLabel('奖项名称').fill('优秀财务工作者');
        await pickSelect(page, d.getByLabel('奖励类型'), '单项奖');
        await fillDate(page, d.getByLabel('获奖日期'), '2020-12-01');
        await d.getByLabel('颁发单位').fill('市财政局');
      },
      edit: (d) => d.getByLabel('颁发单位').fill('省财政厅'),
      edited: '省财政厅',
    },
    {
      section: '论文成果',
      add: '添加论文成果',
      required: '请输入论文题目',
      title: '业财融合的实践路径',
      fill: async (d) => {
        await d.getByLabel('论文题目').fill('业财融合的实践路径');
        await d.getByLabel('发表刊物').fill('财务与会计');
        await fillDate(page, d.getByLabel('发表日期'), '2022-03-01');
        await d.getByLabel('论文链接').fill('https://example.org/paper');
      },
      edit: (d) => d.getByLabel('发表刊物').fill('中国会计报'),
      edited: '中国会计报',
    },
  ];

  for (const k of kinds) {
    const section = page.getByRole('region', { name: k.section });
    // Add: the required rule first, then a real save that reloads the portrait.
    await page.getByRole('button', { name: k.add }).click();
    const dialog = page.getByRole('dialog', { name: k.add });
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await expect(dialog.getByText(k.required)).toBeVisible();
    await k.fill(dialog);
    let reload = reloads();
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await reload;
    await expect(dialog).toBeHidden();
    await expect(section.getByText(k.title, { exact: true })).toBeVisible();

    // Edit.
    await section.getByRole('button', { name: `编辑${k.title}` }).click();
    const editDialog = page.getByRole('dialog', { name: k.add.replace('添加', '编辑') });
    await k.edit(editDialog);
    reload = reloads();
    await editDialog.getByRole('button', { name: /保\s*存/ }).click();
    await reload;
    await expect(section.getByText(k.edited)).toBeVisible();
    if (k.section === '教育经历') {
      // The timeline and the radar follow the records.
      await expect(page.locator('.portrait-timeline').getByText('郑州大学 · 财务管理')).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/portrait.png`, fullPage: true });
    }

    // Delete after the confirmation.
    await section.getByRole('button', { name: `删除${k.title}` }).click();
    reload = reloads();
    await page
      .locator('.ant-popover')
      .getByRole('button', { name: /删\s*除/ })
      .click();
    await reload;
    await expect(section.getByText(k.title, { exact: true })).toHaveCount(0);
  }
});

test('a learner applies for a star level, staff approve it on /admin/evaluations, the learner sees the result', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(150_000);
  await page.setViewportSize(WIDE);
  await freshPersonal(page, request);

  // /evaluate explains the levels and leads to my evaluations.
  await page.goto('/evaluate');
  await expect(
    page.getByRole('list', { name: '星级与申请条件' }).getByRole('listitem').filter({ hasText: '星' }),
  ).not.toHaveCount(0);
  await page.getByRole('button', { name: '申请星级评价' }).click();
  await expect(page).toHaveURL(/\/center\/evaluation$/);

  await pickSelect(page, page.getByRole('combobox', { name: '申请星级' }), '一星');
  await page.getByRole('button', { name: '提交申请' }).click();
  await expect(page.getByText('申请成功，请提交测评材料')).toBeVisible();

  // Materials: statement and one uploaded file of a kind.
  await page.getByRole('button', { name: '提交材料' }).click();
  await expect(page.getByText('请填写申请说明')).toBeVisible();
  await page.getByLabel('申请说明').fill('从事出纳工作三年，已完成平台财务课程学习。');
  await pickSelect(page, page.getByRole('combobox', { name: '材料类型' }), '工作证明');
  await page
    .locator('.my-eval__material input[type=file]')
    .setInputFiles({ name: '工作证明.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('button', { name: '工作证明.png' })).toBeVisible();
  await page.getByRole('button', { name: '提交材料' }).click();
  await expect(page.getByText('材料已提交，请等待审核')).toBeVisible();
  const me = (await (
    await request.post('/api/users/get_current_user', {
      headers: { token: await page.evaluate(() => localStorage.getItem('verify')!) },
    })
  ).json()) as {
    data: { phone: string };
  };

  // Staff review it.
  const staff = await browser.newContext({ viewport: WIDE });
  try {
    const staffPage = await staff.newPage();
    await useToken(staffPage, await tokenOf(request, STAFF));
    await staffPage.goto('/admin/evaluations');
    const row = staffPage.getByRole('row').filter({ hasText: me.data.phone });
    await expect(row).toBeVisible();
    await row.getByRole('button', { name: /审\s*核/ }).click();
    const review = staffPage.getByRole('dialog');
    await expect(review.getByText('从事出纳工作三年，已完成平台财务课程学习。')).toBeVisible();
    await expect(review.getByRole('button', { name: '工作证明.png' })).toBeVisible();
    await review.getByRole('button', { name: '提交审核' }).click();
    await expect(staffPage.getByText('审核通过')).toBeVisible();
    await expect(staffPage.getByRole('row').filter({ hasText: me.data.phone })).toHaveCount(0);
  } finally {
    await staff.close();
  }

  // The learner's result notice, acknowledged with 知道了.
  await page.reload();
  const notice = page.getByRole('alert').filter({ hasText: '已通过' });
  await expect(notice).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: '已通过' })).toBeVisible();
  await notice.getByRole('button', { name: '知道了' }).click();
  await expect(notice).toHaveCount(0);
  await expect(page.getByRole('region', { name: '个人概况' }).getByText('一星')).toBeVisible();
});

test('the credit archive lists the year and prints on A4 without the site chrome', async ({
  page,
  request,
}) => {
  await page.setViewportSize(WIDE);
  await freshPersonal(page, request);
  await page.goto('/center/credit-archive');
  const year = new Date().getFullYear();
  await expect(page.getByRole('region', { name: `${year}年度` })).toBeVisible();
  await expect(page.getByRole('button', { name: /打\s*印/ })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/credit-archive.png`, fullPage: true });
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('.site-header')).toBeHidden();
  await expect(page.locator('.centre__side')).toBeHidden();
  await expect(page.getByRole('button', { name: /打\s*印/ })).toBeHidden();
  await expect(page.getByRole('region', { name: `${year}年度` })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/credit-archive-print.png`, fullPage: true });
});

test('a public portrait shows masked contact data; a private one says so', async ({ page, request }) => {
  const userIdOf = async (token: string) =>
    (
      (await (await request.post('/api/users/get_current_user', { headers: { token } })).json()) as {
        data: { id: number };
      }
    ).data.id;
  const jobIntention = (show: boolean) => ({
    name: '公开测试',
    sex: '男',
    biithday: '1991-02-03',
    salary: 2,
    show_personal_info: show,
    citys: '河南省:郑州市',
    industries: '金融业',
    positions: '总账会计',
  });

  // Public: a job intention published with 展示人才画像 on.
  const open = await registerAccount(request, 'personal');
  const saved = await request.post('/api/user_apply_jobs', {
    headers: { token: open!.token },
    data: jobIntention(true),
  });
  expect(((await saved.json()) as { code: number }).code).toBe(200);
  await page.goto(`/jobDetail/talentPortrayal?user_id=${await userIdOf(open!.token)}`);
  await expect(page.getByText(`${open!.phone.slice(0, 3)}****${open!.phone.slice(-4)}`)).toBeVisible();
  await expect(page.getByText(open!.phone)).toHaveCount(0);
  await expect(page.getByRole('button', { name: /编辑|添加|删除/ })).toHaveCount(0);

  // Private: published with it off.
  const hidden = await registerAccount(request, 'personal');
  await request.post('/api/user_apply_jobs', {
    headers: { token: hidden!.token },
    data: jobIntention(false),
  });
  await page.goto(`/jobDetail/talentPortrayal?user_id=${await userIdOf(hidden!.token)}`);
  await expect(page.getByText('该用户未公开人才画像')).toBeVisible();
});
