import { expect, test } from './support/fixtures';
import { loginAs, logoutFromHeader } from './support/session';

/** SPEC §2 personal side menu and DECISIONS.md 2 company menu (GLOSSARY-zh.md words). */
const PERSONAL_MENU = ['学员中心', '人才画像', '我的测评', '我的课程', '我的单位', '我的提问', '杂志', '我的求职', '我的招聘', '个人信息', '我的笔记', '消息中心', '账号设置'];
const COMPANY_MENU = ['企业信息', '我的招聘', '收到的简历', '人才库', '培训概览', '员工管理', '学员卡', '课程指派', '我的提问', '订单与发票', '消息中心', '账号设置'];
const PERSONAL_ONLY = PERSONAL_MENU.filter((e) => !COMPANY_MENU.includes(e));
const COMPANY_ONLY = COMPANY_MENU.filter((e) => !PERSONAL_MENU.includes(e));

test.describe('personal centre', () => {
  test('a personal account sees the personal menu only', async ({ page, request }) => {
    await loginAs(page, request, 'personal');
    await page.goto('/center');
    await expect(page).toHaveURL(/\/center\/student$/);
    const menu = page.getByRole('navigation', { name: '个人中心菜单' }).getByRole('menu');
    for (const entry of PERSONAL_MENU) await expect(menu.getByRole('menuitem', { name: entry, exact: true })).toBeVisible();
    for (const entry of COMPANY_ONLY) await expect(menu.getByRole('menuitem', { name: entry, exact: true })).toHaveCount(0);
  });

  test('a company account sees the company menu and is kept out of personal-only routes', async ({ page, request }) => {
    await loginAs(page, request, 'company');
    await page.goto('/center/student');
    const menu = page.getByRole('navigation', { name: '个人中心菜单' }).getByRole('menu');
    for (const entry of COMPANY_MENU) await expect(menu.getByRole('menuitem', { name: entry, exact: true })).toBeVisible();
    for (const entry of PERSONAL_ONLY) await expect(menu.getByRole('menuitem', { name: entry, exact: true })).toHaveCount(0);

    await page.goto('/center/credit-archive');
    await expect(page).toHaveURL(/\/center\/student$/);
  });

  test('a logged-in user visiting /login goes home', async ({ page, request }) => {
    await loginAs(page, request, 'personal');
    await page.goto('/login');
    await expect(page).toHaveURL(/\/$/);
  });

  test('the header shows the account and logs out from its dropdown', async ({ page, request }) => {
    const { phone } = await loginAs(page, request, 'personal');
    await page.goto('/help-center');
    const header = page.getByRole('banner');
    const trigger = header.getByRole('button', { name: phone });
    await expect(trigger).toBeVisible();
    await expect(header.getByRole('link', { name: /^(未读)?消息/ })).toHaveAttribute('href', '/center/message');

    await logoutFromHeader(page, trigger);
    await expect(page).toHaveURL(/\/$/);
    await expect(header.getByRole('link', { name: '登录', exact: true })).toBeVisible();
    expect(await page.evaluate(() => window.localStorage.getItem('verify'))).toBeNull();

    await page.goto('/center/student');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fcenter%2Fstudent$/);
  });
});
