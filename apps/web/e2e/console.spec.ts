import { expect, test } from './support/fixtures';
import ExcelJS from 'exceljs';
import { pageWithToken, passwordToken, registerAccount, useToken } from './support/session';

/** Staff console: roles decide the /admin menu and the staff endpoints; every change lands in the audit log. */

// The console's own administrator (README), so no other spec's staff session is ended by this login.
const ADMIN = { phone: '13800138005', password: 'admin_1234' };

test('an administrator gives a new colleague the 财务 role; the colleague sees only the finance screens; the change is in the audit log', async ({
  browser,
  page,
  request,
}) => {
  const colleague = await registerAccount(request, 'personal');
  if (!colleague) throw new Error('the accounts API is missing from this build');

  // Before: an ordinary account is refused the console.
  const before = await pageWithToken(browser, colleague.token);
  await before.page.goto('/admin');
  await expect(before.page.getByText('管理后台仅限协会工作人员使用。')).toBeVisible();
  await before.context.close();

  // The administrator assigns the role on 员工角色.
  await useToken(page, await passwordToken(request, ADMIN));
  await page.goto('/admin/staff');
  const menu = page.getByRole('navigation', { name: '管理后台菜单' });
  await expect(menu.getByRole('menuitem', { name: '操作日志' })).toBeVisible();
  await page.getByLabel('手机号').fill(colleague.phone);
  await page.getByRole('checkbox', { name: /财务/ }).check();
  await page.getByRole('button', { name: '保存角色' }).click();
  await expect(page.getByText('角色已保存')).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(colleague.phone) });
  await expect(row.getByText('财务', { exact: true })).toBeVisible();

  // The colleague: /admin opens the dashboard, the menu lists only what 财务 may use.
  const clerk = await pageWithToken(browser, colleague.token);
  await clerk.page.goto('/admin');
  await expect(clerk.page.getByText('今日支付订单')).toBeVisible();
  const clerkMenu = clerk.page.getByRole('navigation', { name: '管理后台菜单' });
  await expect(clerkMenu.getByRole('menuitem')).toHaveText(['数据概览', '发票管理', '风险检测报告', '企业培训概览', '学员卡价格', '学习计划', '数据导出']);
  // A screen outside the role names the missing permission.
  await clerk.page.goto('/admin/evaluations');
  await expect(clerk.page.getByText('您没有「星级评定审核」权限，请联系管理员分配相应角色')).toBeVisible();
  await clerk.context.close();

  // The audit log shows who did it, with the roles before and after.
  await menu.getByRole('menuitem', { name: '操作日志' }).click();
  await page.getByLabel('操作人手机号').fill(ADMIN.phone);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  const entry = page.getByRole('row', { name: /设置角色/ }).first();
  await expect(entry).toContainText(ADMIN.phone);
  await entry.getByRole('button', { name: /展开|Expand/ }).click();
  await expect(page.getByText('"finance"').first()).toBeVisible();
});

test('an administrator finds a learner on 用户管理 and disables the account: the learner is logged out at once', async ({
  browser,
  page,
  request,
}) => {
  const learner = await registerAccount(request, 'personal');
  if (!learner) throw new Error('the accounts API is missing from this build');
  const own = await pageWithToken(browser, learner.token);
  await own.page.goto('/center/student');
  await expect(own.page).toHaveURL(/\/center\/student/);

  await useToken(page, await passwordToken(request, ADMIN));
  await page.goto('/admin/users');
  await page.getByLabel('关键词').fill(learner.phone);
  await page.locator('.admin__content').getByRole('button', { name: /搜\s*索/ }).click();
  await page.getByRole('button', { name: `查看${learner.phone}` }).click();
  const drawer = page.getByRole('dialog', { name: `用户 ${learner.phone}` });
  await expect(drawer.getByText('已登录')).toBeVisible();
  await drawer.getByRole('button', { name: '禁用账号' }).click();
  const modal = page.locator('.ant-modal').filter({ hasText: '禁用账号（' });
  await modal.getByLabel('原因').fill('冒用他人身份注册');
  await modal.getByRole('button', { name: '确认禁用账号' }).click();
  await expect(page.getByText('账号已禁用，该用户的所有登录已失效')).toBeVisible();
  await expect(drawer.getByText('未登录')).toBeVisible();

  // The learner's next page load finds the session gone and goes to the login page.
  await own.page.reload();
  await expect(own.page).toHaveURL(/\/login/);
  await own.context.close();
});

async function importFile(rows: string[][]) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('用户导入');
  ws.addRow(['手机号', '姓名', '身份证号', '单位名称', '会员到期日']);
  for (const r of rows) ws.addRow(r);
  return {
    name: '员工名单.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: Buffer.from(await wb.xlsx.writeBuffer()),
  };
}

test('an administrator sees the dashboard, imports employees after fixing the row the dry run reported, and finds them on 用户管理', async ({
  page,
  request,
}) => {
  await useToken(page, await passwordToken(request, ADMIN));
  await page.goto('/admin');
  await expect(page.getByText('今日注册')).toBeVisible();
  await expect(page.getByText('今日收入')).toBeVisible();
  await expect(page.getByText('待回答问答')).toBeVisible();
  // The trend chart is drawn by the lazily loaded ECharts on a canvas.
  await expect(page.getByRole('figure', { name: '近30天注册与活跃学员趋势图' }).locator('canvas')).toBeVisible();

  const tail = String(Date.now() % 100_000_000).padStart(8, '0');
  const phones = [`139${tail}`, `137${tail}`];
  const nextYear = `${new Date().getFullYear() + 1}-06-30`;
  await page.getByRole('navigation', { name: '管理后台菜单' }).getByRole('menuitem', { name: '用户导入' }).click();
  await page.locator('.user-import input[type=file]').setInputFiles(
    await importFile([
      [phones[0]!, '林晓雯', '', '郑州市审计事务所', nextYear],
      [phones[1]!.slice(0, 10), '高志远', '', '郑州市审计事务所', ''],
    ]),
  );
  const errors = page.locator('.user-import__errors');
  await expect(errors.getByRole('row', { name: /第3行\s*手机号\s*手机号格式不正确/ })).toBeVisible();
  await expect(page.getByRole('button', { name: '确认导入' })).toHaveCount(0);

  await page.locator('.user-import input[type=file]').setInputFiles(
    await importFile([
      [phones[0]!, '林晓雯', '', '郑州市审计事务所', nextYear],
      [phones[1]!, '高志远', '', '郑州市审计事务所', ''],
    ]),
  );
  await expect(page.getByText('检查通过：共2位用户，可以导入')).toBeVisible();
  await page.getByRole('button', { name: '确认导入' }).click();
  await expect(page.getByText('成功导入2位用户')).toBeVisible();

  await page.getByRole('button', { name: '到用户管理查看' }).click();
  await page.getByLabel('关键词').fill(phones[1]!);
  await page.locator('.admin__content').getByRole('button', { name: /搜\s*索/ }).click();
  await expect(page.getByRole('button', { name: `查看${phones[1]}` })).toBeVisible();
});
