import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { passwordToken, useToken } from './support/session';

/**
 * The personal centre on a 390 x 844 phone, as each demo role: every centre page of the shell, menu, orders, invoices,
 * questions, settings and records fits the phone's width (nothing scrolls the page sideways; a wide table scrolls in
 * its own box), and the compact 菜单 drawer reaches every entry of the role's menu (SPEC §2, DECISIONS reading 2).
 */
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const PHONE_WIDTH = 390;
const LEARNER = { phone: '13800138000', password: 'demo_1234' };
const MEMBER = { phone: '13800138001', password: 'demo_1234' };
const COMPANY = { phone: '13800138002', password: 'demo_1234' };

const PERSONAL_MENU = ['学员中心', '人才画像', '我的测评', '我的课程', '我的单位', '我的提问', '杂志', '我的求职', '我的招聘', '个人信息', '我的笔记', '消息中心', '账号设置'];
const COMPANY_MENU = ['企业信息', '我的招聘', '收到的简历', '人才库', '培训概览', '员工管理', '学员卡', '课程指派', '我的提问', '订单与发票', '消息中心', '账号设置'];

/** Centre pages a personal account opens (the exam, magazine, live, recruiting and player pages are tested apart). */
const PERSONAL_PAGES: Array<[string, string]> = [
  ['/center/student', '最近消息'],
  ['/center/lesson', '我的课程'],
  ['/center/note', '我的笔记'],
  ['/center/my-company', '我的单位'],
  ['/center/message', '消息中心'],
  ['/center/setting', '个人信息'],
  ['/center/setting?tab=account', '账号设置'],
  ['/center/credit-archive', '学分档案'],
  ['/center/evaluation', '申请记录'],
  ['/center/quiz', '我的提问'],
  ['/center/quizQuestion', '我要提问'],
  ['/center/finance-consult', '财税咨询'],
  ['/center/order', '我的订单'],
  ['/center/invoice', '我的发票'],
  ['/center/demand-invoice', '申请发票'],
  ['/center/riskReports', '风险检测报告'],
];
const COMPANY_PAGES: Array<[string, string]> = [
  ['/center/training', '员工学习情况'],
  ['/center/training/employees', '员工管理'],
  ['/center/training/seats', '本单位的学员卡'],
  ['/center/training/assignments', '课程指派'],
  ['/center/quiz', '我的提问'],
  ['/center/quizQuestion', '我要提问'],
  ['/center/message', '消息中心'],
  ['/center/setting?tab=account', '账号设置'],
  ['/center/finance-consult', '财税咨询'],
  ['/center/order', '我的订单'],
  ['/center/invoice', '我的发票'],
  ['/center/demand-invoice', '申请发票'],
  ['/center/riskReports', '风险检测报告'],
];

async function signIn(page: Page, request: Parameters<typeof passwordToken>[0], account: { phone: string; password: string }) {
  await useToken(page, await passwordToken(request, account));
}

/** Opens a centre page and waits for its screen: the compact menu and the screen's own title. */
async function openCentrePage(page: Page, path: string, title: string) {
  await page.goto(path);
  await expect(page.getByRole('button', { name: '菜单', exact: true })).toBeVisible();
  await expect(page.locator('.centre__content').getByText(title).first()).toBeVisible();
}

async function pageWidth(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth);
}

async function expectFitsPhone(page: Page, path: string) {
  // Data and fonts may still widen the page for a moment after the title shows.
  await expect.poll(() => pageWidth(page), { message: `${path} scrolls the page sideways` }).toBeLessThanOrEqual(PHONE_WIDTH);
}

/** Opens the 菜单 drawer, checks its entries are the role's menu, and taps through every entry. */
async function walkCompactMenu(page: Page, menu: readonly string[]) {
  const drawerNav = page.getByRole('navigation', { name: '个人中心菜单' });
  await page.getByRole('button', { name: '菜单', exact: true }).click();
  await expect(drawerNav.getByRole('menuitem')).toHaveText([...menu]);
  await page.getByRole('button', { name: '关闭菜单' }).click();
  for (const entry of menu) {
    await page.getByRole('button', { name: '菜单', exact: true }).click();
    const item = drawerNav.getByRole('menuitem', { name: entry, exact: true });
    await item.click();
    await expect(drawerNav).toBeHidden();
    // The bar above the screen names the entry the page belongs to (the entries' own screens are tested by their
    // features; only reaching them is tested here).
    await expect(page.locator('.centre-phone-menu__current')).toHaveText(entry);
  }
}

test.describe('personal centre on a phone', () => {
  test('a learner: every centre page fits 390 px and the 菜单 drawer reaches every entry', async ({ page, request }) => {
    test.setTimeout(360_000);
    await signIn(page, request, LEARNER);
    for (const [path, title] of PERSONAL_PAGES) {
      await openCentrePage(page, path, title);
      await expectFitsPhone(page, path);
    }
    await openCentrePage(page, '/center/student', '最近消息');
    const grid = page.getByRole('navigation', { name: '个人中心入口' });
    await expect(grid.getByRole('link')).toHaveText(PERSONAL_MENU);
    await walkCompactMenu(page, PERSONAL_MENU);
  });

  test('a member with orders, questions and reports: the pages fit and wide tables scroll in their own box', async ({ page, request }) => {
    test.setTimeout(360_000);
    await signIn(page, request, MEMBER);
    for (const [path, title] of PERSONAL_PAGES) {
      await openCentrePage(page, path, title);
      await expectFitsPhone(page, path);
    }

    // The question list is wider than the phone: it scrolls inside its box, whose arrow shows there is more.
    await openCentrePage(page, '/center/quiz', '我的提问');
    const more = page.getByRole('button', { name: '向右滚动提问列表' });
    await expect(more).toBeVisible();
    await more.click();
    await expect(page.getByRole('button', { name: '向左滚动提问列表' })).toBeVisible();
    await expectFitsPhone(page, '/center/quiz after scrolling the table');

    // The invoice request form of a paid order.
    await openCentrePage(page, '/center/order', '我的订单');
    await page.locator('.centre__content').getByRole('button', { name: '申请发票' }).first().click();
    await expect(page).toHaveURL(/\/center\/demand-invoice\?order_id=\d+/);
    await expect(page.getByLabel('开票金额（元）')).toHaveAttribute('inputmode', 'decimal');
    await expectFitsPhone(page, '/center/demand-invoice?order_id=');

    // A question's thread (提问详情).
    await openCentrePage(page, '/center/quiz', '我的提问');
    await page.locator('.centre__content a[href*="/center/quizInfo?id="]').first().click();
    await expect(page).toHaveURL(/\/center\/quizInfo\?id=\d+/);
    await expect(page.locator('.centre__content')).toBeVisible();
    await expectFitsPhone(page, '/center/quizInfo');
  });

  test('a company: its centre pages fit 390 px and the 菜单 drawer reaches every company entry', async ({ page, request }) => {
    test.setTimeout(360_000);
    await signIn(page, request, COMPANY);
    for (const [path, title] of COMPANY_PAGES) {
      await openCentrePage(page, path, title);
      await expectFitsPhone(page, path);
    }
    await page.goto('/center/message');
    await walkCompactMenu(page, COMPANY_MENU);
  });
});
