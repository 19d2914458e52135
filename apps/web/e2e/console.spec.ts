import { expect, test } from './support/fixtures';
import { type APIRequestContext, type Browser } from '@playwright/test';
import { registerAccount, useToken } from './support/session';

/** Staff console: roles decide the /admin menu and the staff endpoints; every change lands in the audit log. */

// The console's own administrator (README), so no other spec's staff session is ended by this login.
const ADMIN = { phone: '13800138005', password: 'admin_1234' };

async function tokenOf(request: APIRequestContext, account: { phone: string; password: string }): Promise<string> {
  const res = await request.post('/api/users/account_login', { data: account });
  const body = (await res.json()) as { code: number; message: string; data: { token: string } };
  expect(body.code, body.message).toBe(200);
  return body.data.token;
}

async function pageWith(browser: Browser, token: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await useToken(page, token);
  return { context, page };
}

test('an administrator gives a new colleague the 财务 role; the colleague sees only the finance screens; the change is in the audit log', async ({
  browser,
  page,
  request,
}) => {
  const colleague = await registerAccount(request, 'personal');
  if (!colleague) throw new Error('the accounts API is missing from this build');

  // Before: an ordinary account is refused the console.
  const before = await pageWith(browser, colleague.token);
  await before.page.goto('/admin');
  await expect(before.page.getByText('管理后台仅限协会工作人员使用。')).toBeVisible();
  await before.context.close();

  // The administrator assigns the role on 员工角色.
  await useToken(page, await tokenOf(request, ADMIN));
  await page.goto('/admin/staff');
  const menu = page.getByRole('navigation', { name: '管理后台菜单' });
  await expect(menu.getByRole('menuitem', { name: '操作日志' })).toBeVisible();
  await page.getByLabel('手机号').fill(colleague.phone);
  await page.getByRole('checkbox', { name: /财务/ }).check();
  await page.getByRole('button', { name: '保存角色' }).click();
  await expect(page.getByText('角色已保存')).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(colleague.phone) });
  await expect(row.getByText('财务', { exact: true })).toBeVisible();

  // The colleague: /admin opens their first screen, the menu lists only what 财务 may use.
  const clerk = await pageWith(browser, colleague.token);
  await clerk.page.goto('/admin');
  await expect(clerk.page).toHaveURL(/\/admin\/invoices$/);
  const clerkMenu = clerk.page.getByRole('navigation', { name: '管理后台菜单' });
  await expect(clerkMenu.getByRole('menuitem')).toHaveText(['发票管理', '风险检测报告']);
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
