import { expect, test, waitingForClient } from './support/fixtures';
import { type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { passwordToken, useToken } from './support/session';

/** Knowledge and information areas: the content editor schedules news; visitors and members read cases; /linkPage. */

test.use({ actionTimeout: 15_000 });

const EDITOR = { phone: '13800138015', password: 'admin_1234' }; // 内容编辑
const MEMBER = { phone: '13800138016', password: 'demo_1234' }; // 案例会员
const MEMBER_CASE = '某装备制造企业研发费用加计扣除的归集整改';
const CASE_ENDING = '整改后企业当年研发费用归集口径清晰';
/** A 1x1 PNG (the server checks images by content). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

async function pageAs(browser: Browser, request: APIRequestContext, account: { phone: string; password: string }) {
  const context = await browser.newContext();
  const page = waitingForClient(await context.newPage());
  await useToken(page, await passwordToken(request, account));
  return page;
}

/** Picks a Select option, retried: a click during the dropdown's opening animation can be lost. */
async function pickOption(page: Page, label: string, option: string) {
  const field = page.getByLabel(label, { exact: true });
  const select = field.locator('xpath=ancestor::div[contains(concat(" ", normalize-space(@class), " "), " ant-select ")][1]');
  const dropdown = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  await expect(async () => {
    if ((await dropdown.count()) === 0) await field.click();
    if (!(await select.textContent())?.includes(option)) {
      await dropdown.last().locator('.ant-select-item-option').filter({ hasText: new RegExp(`^${option}$`) }).click({ timeout: 2_000 });
    }
    await expect(select).toContainText(option, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(dropdown).toHaveCount(0);
}

/** "2025-03-08 09:30:15" in China time (the browser's time zone in these tests). */
function chinaTime(at: Date): string {
  return new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
}

test('an editor writes a Henan news item with an image and a link, schedules it, and it appears at its time, first on henan.localhost', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const title = `河南学习基地开展数电发票实务培训（${Date.now() % 100000}）`;
  const editor = await pageAs(browser, request, EDITOR);
  await editor.goto('/admin/content-articles');
  await editor.getByRole('button', { name: '写新闻' }).click();
  await editor.getByLabel('标题', { exact: true }).fill(title);
  await pickOption(editor, '地区', '河南');
  await editor.getByLabel('来源或文号').fill('河南学习基地');

  const body = editor.getByRole('textbox', { name: '正文', exact: true });
  await body.click();
  await editor.keyboard.type('河南学习基地举办全面数字化电子发票实务培训，一百余名企业财务人员参加。');
  await editor.keyboard.press('Enter');
  await editor.keyboard.type('详见税务总局网站');
  await editor.keyboard.press('Shift+Home');
  await editor.getByRole('button', { name: '链接' }).click();
  await editor.getByLabel('链接地址').fill('https://www.chinatax.gov.cn/chinatax/n810341/index.html');
  await editor.getByRole('button', { name: /^确\s*定$/ }).click();
  await expect(body.locator('a[href^="https://www.chinatax.gov.cn/"]')).toHaveText('详见税务总局网站');
  // The link's text is still selected. End moves the browser's selection at once, but the editor takes it over on
  // the next selectionchange event; an Enter before that replaces the selected text with a new paragraph. So wait
  // until the editor's own selection (tiptap keeps the editor on its element) is collapsed.
  await expect(editor.getByLabel('链接地址')).toBeHidden();
  await body.press('End');
  await expect
    .poll(() => body.evaluate((el) => (el as HTMLElement & { editor?: { state: { selection: { empty: boolean } } } }).editor?.state.selection.empty))
    .toBe(true);
  await body.press('Enter');
  await editor.getByLabel('选择图片').setInputFiles({ name: '培训现场.png', mimeType: 'image/png', buffer: PNG });
  await expect(body.locator('img[src^="/api/content/images/"]')).toHaveCount(1);
  await expect(body).toContainText('详见税务总局网站');

  await editor.getByRole('button', { name: /^保\s*存$/ }).click();
  await expect(editor.getByText('已保存').first()).toBeVisible();

  const at = new Date(Date.now() + 25_000);
  const picker = editor.getByPlaceholder('选择定时发布时间');
  await picker.click();
  await picker.fill(chinaTime(at));
  await editor.locator('.ant-picker-ok button').click();
  await editor.getByRole('button', { name: '定时发布', exact: true }).click();
  await expect(editor.getByText('已设置定时发布')).toBeVisible();
  await expect(editor.locator('.ant-drawer-extra')).toContainText('定时发布');

  // Before its time a visitor does not see it; at its time it is listed, and first on the Henan site.
  const visitor = waitingForClient(await (await browser.newContext()).newPage());
  await visitor.goto('/newsInformation');
  await expect(visitor.locator('.cms-row').first()).toBeVisible();
  await expect(visitor.getByRole('link', { name: title })).toHaveCount(0);
  await expect(async () => {
    await visitor.goto('/newsInformation');
    await expect(visitor.getByRole('link', { name: title })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 90_000, intervals: [3_000] });

  const henan = baseURL!.replace('//localhost', '//henan.localhost');
  await visitor.goto(`${henan}/newsInformation`);
  await expect(visitor.locator('.cms-row__title').first()).toHaveText(title);
  // Home's news on the Henan site starts with it too; on the main site the newest national item may come first.
  await visitor.goto(`${henan}/`);
  await expect(visitor.locator('.home-news__title').first()).toHaveText(title);
  await visitor.goto(`${henan}/newsInformation`);

  // The article shows its image; its outside link leaves through /linkPage.
  await visitor.getByRole('link', { name: title }).click();
  await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(visitor.locator('.cms-body img')).toHaveCount(1);
  await visitor.context().route('https://www.chinatax.gov.cn/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: '<title>国家税务总局</title>国家税务总局' }),
  );
  // Article links open in a new tab: the interstitial there names the host before going on.
  const [leaving] = await Promise.all([
    visitor.waitForEvent('popup'),
    visitor.locator('.cms-body').getByRole('link', { name: '详见税务总局网站' }).click(),
  ]);
  await expect(leaving).toHaveURL(/\/linkPage\?url=/);
  await expect(leaving.getByText('www.chinatax.gov.cn', { exact: true })).toBeVisible();
  await leaving.getByRole('link', { name: '继续访问' }).click();
  await expect(leaving).toHaveURL('https://www.chinatax.gov.cn/chinatax/n810341/index.html');
});

test('the link page never continues to a javascript: address', async ({ page }) => {
  await page.goto(`/linkPage?url=${encodeURIComponent('javascript:alert(1)')}`);
  await expect(page.getByText('无法跳转')).toBeVisible();
  await expect(page.getByRole('link', { name: '继续访问' })).toHaveCount(0);
});

test('a visitor reads the opening of a members-only case with the join prompt; a member reads it whole', async ({
  page,
  browser,
  request,
}) => {
  await page.goto(`/caseDatabase?keyword=${encodeURIComponent('研发费用加计扣除的归集')}`);
  await page.getByRole('link', { name: MEMBER_CASE }).click();
  await expect(page.getByRole('heading', { level: 1, name: MEMBER_CASE })).toBeVisible();
  await expect(page.getByText('本案例为会员专享内容，开通会员后可阅读全文。')).toBeVisible();
  await expect(page.locator('.cms-join').getByRole('link', { name: '开通会员' })).toBeVisible();
  await expect(page.locator('.cms-body')).not.toContainText(CASE_ENDING);
  const path = new URL(page.url()).pathname;

  const member = await pageAs(browser, request, MEMBER);
  await member.goto(path);
  await expect(member.locator('.cms-body')).toContainText(CASE_ENDING);
  await expect(member.getByText('本案例为会员专享内容，开通会员后可阅读全文。')).toHaveCount(0);
});

test('a home banner leads to its topic page, which lists the articles of its topic', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('region', { name: '推荐专题' }).getByRole('link', { name: /减税降费政策专题/ }).click();
  await expect(page).toHaveURL(/\/publicityPage\/tax-policy$/);
  await expect(page.getByRole('heading', { level: 1, name: '减税降费政策专题' })).toBeVisible();
  await expect(page.locator('.cms-row').first()).toBeVisible();
  await page.goto('/publicityPage/no-such-topic');
  await expect(page.getByText('专题不存在')).toBeVisible();
});
