import { expect, test } from './support/fixtures';
import { HELP_COLUMNS, shellReady } from './support/site';

test.describe('footer', () => {
  test('each help column lists three problems that open the right answer in the help centre', async ({ page }) => {
    await page.goto('/aboutus');
    await shellReady(page);
    const footer = page.getByRole('contentinfo');
    for (const column of HELP_COLUMNS) {
      const region = footer.getByRole('region', { name: column });
      await expect(region.getByRole('heading', { name: column })).toBeVisible();
      await expect(region.getByRole('link')).toHaveCount(3);
    }

    // Second column, third problem: proves the column and the problem both travel in the link.
    const target = footer.getByRole('region', { name: HELP_COLUMNS[1] }).getByRole('link').nth(2);
    const name = (await target.innerText()).trim();
    await target.click();
    await expect(page).toHaveURL(/\/help-center\?/);
    const url = new URL(page.url());
    expect(url.searchParams.get('classifyName')).toBe(HELP_COLUMNS[1]);
    expect(url.searchParams.get('name')).toBe(name);

    await expect(page.getByRole('tab', { name: HELP_COLUMNS[1], selected: true })).toBeVisible();
    const opened = page.getByRole('button', { name, expanded: true });
    await expect(opened).toBeVisible();
  });

  test('shows working hours and the contact mailbox', async ({ page }) => {
    await page.goto('/aboutus');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByText(/09:00-17:00/)).toBeVisible();
    await expect(footer.getByText(/@/).first()).toBeVisible();
  });

  test('back-to-top appears after scrolling and returns to the top', async ({ page }) => {
    await page.setViewportSize({ width: 1600, height: 400 });
    await page.goto('/');
    await shellReady(page);
    const button = page.getByRole('button', { name: '返回顶部' });
    await expect(button).toHaveCount(0);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(button).toBeVisible();

    // 100 px from the bottom and 80 px from the right of the viewport (SPEC §2).
    const gaps = await button.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const root = document.documentElement;
      return { bottom: Math.round(root.clientHeight - r.bottom), right: Math.round(root.clientWidth - r.right) };
    });
    expect(gaps).toEqual({ bottom: 100, right: 80 });

    await button.click();
    await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 10_000 }).toBe(0);
    await expect(button).toHaveCount(0);
  });

  test('on a screen without a free margin, back-to-top is a bar below the footer and covers nothing', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 400 });
    await page.goto('/');
    await shellReady(page);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const button = page.getByRole('button', { name: '返回顶部' });
    await expect(button).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const place = await button.evaluate((el) => {
      const footer = document.querySelector('footer')!.getBoundingClientRect();
      const r = el.getBoundingClientRect();
      return { belowFooter: r.top >= footer.bottom - 1, position: getComputedStyle(el).position, height: r.height };
    });
    expect(place).toEqual({ belowFooter: true, position: 'static', height: 44 });

    await button.click();
    await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 10_000 }).toBe(0);
  });
});
