import { expect, test } from './support/fixtures';
import { shellReady, TOP_LINKS } from './support/site';

test.describe('header', () => {
  test('shows the ten top links in order and the association link', async ({ page }) => {
    await page.goto('/help-center');
    await shellReady(page);
    const header = page.getByRole('banner');
    for (const [name, href] of TOP_LINKS) {
      await expect(header.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
    const association = header.getByRole('link', { name: '协会官网' });
    await expect(association).toHaveAttribute('href', /^https?:\/\//);
    await expect(association).toHaveAttribute('target', '_blank');

    // Order as in SPEC §2: each link sits to the right of the previous one.
    let lastX = -1;
    for (const [name] of TOP_LINKS) {
      const box = await header.getByRole('link', { name, exact: true }).boundingBox();
      expect(box, name).not.toBeNull();
      expect(box!.x, `${name} comes after the previous link`).toBeGreaterThan(lastX);
      lastX = box!.x;
    }
  });

  test('a top link navigates inside the site', async ({ page }) => {
    await page.goto('/');
    await shellReady(page);
    await page.getByRole('banner').getByRole('link', { name: '关于我们', exact: true }).click();
    await expect(page).toHaveURL(/\/aboutus$/);
  });

  test('a visitor sees login and register, both leading to /login', async ({ page }) => {
    await page.goto('/help-center');
    await shellReady(page);
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: '登录', exact: true })).toHaveAttribute('href', /^\/login/);
    await expect(header.getByRole('link', { name: '注册', exact: true })).toHaveAttribute('href', /^\/login/);
  });

  test('the course search goes to /courseSearch with the text as courseName', async ({ page }) => {
    await page.goto('/help-center');
    await shellReady(page);
    const search = page.getByRole('banner').getByRole('searchbox', { name: '搜索课程' });
    await search.fill('税务筹划');
    await search.press('Enter');
    await expect(page).toHaveURL(/\/courseSearch\?courseName=%E7%A8%8E%E5%8A%A1%E7%AD%B9%E5%88%92$/);
  });

  test('a regional sub-domain shows its learning-base name in the logo', async ({ page, baseURL }) => {
    const regional = baseURL!.replace('//localhost', '//henan.localhost');
    await page.goto(`${regional}/`);
    await shellReady(page);
    await expect(page.getByRole('banner').getByText('河南学习基地')).toBeVisible();

    await page.goto('/');
    await shellReady(page);
    await expect(page.getByRole('banner').getByText('河南学习基地')).toHaveCount(0);
  });

  test('on home the navigation becomes fixed after scrolling, with a 36 px spacer and no layout jump', async ({ page }) => {
    // A short viewport so even a short home page scrolls past the navigation.
    await page.setViewportSize({ width: 1280, height: 320 });
    await page.goto('/');
    await shellReady(page);
    const nav = page.getByRole('navigation', { name: '主导航' });
    const spacer = page.locator('.site-nav-spacer');
    const position = () => nav.evaluate((el) => getComputedStyle(el).position);
    const docTop = (el: Element) => el.getBoundingClientRect().top + window.scrollY;
    expect(await position()).not.toBe('fixed');
    await expect(spacer).toHaveCount(0);

    const navTop = await nav.evaluate(docTop);
    const main = page.getByRole('main');
    const mainTopBefore = await main.evaluate(docTop);

    await page.evaluate((y) => window.scrollTo(0, y), navTop + 40);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(navTop);
    await expect.poll(position).toBe('fixed');
    await expect.poll(() => nav.evaluate((el) => Math.round(el.getBoundingClientRect().top))).toBe(0);
    await expect(spacer).toHaveCount(1);
    expect(await spacer.evaluate((el) => el.getBoundingClientRect().height)).toBe(36);
    expect(await main.evaluate(docTop), 'content does not jump when the navigation leaves the flow').toBe(mainTopBefore);

    await page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(position).not.toBe('fixed');
    await expect(spacer).toHaveCount(0);
  });

  test('the navigation stays in the flow on other pages', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 320 });
    await page.goto('/help-center');
    await shellReady(page);
    await page.evaluate(() => window.scrollTo(0, 400));
    const nav = page.getByRole('navigation', { name: '主导航' });
    expect(await nav.evaluate((el) => getComputedStyle(el).position)).not.toBe('fixed');
  });
});
