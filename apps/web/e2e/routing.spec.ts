import { expect, test } from './support/fixtures';
import { SITE_NAME } from './support/site';

test.describe('route guard and titles', () => {
  test('a login-only centre route sends a visitor to /login with the path as redirect', async ({ page }) => {
    await page.goto('/center/student');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fcenter%2Fstudent$/);
  });

  test('/center itself also requires login', async ({ page }) => {
    await page.goto('/center');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fcenter/);
  });

  test('page titles are the site name, a dash and the route name', async ({ page }) => {
    await page.goto('/help-center');
    await expect(page).toHaveTitle(`${SITE_NAME} - 帮助中心`);
    await page.goto('/aboutus');
    await expect(page).toHaveTitle(`${SITE_NAME} - 关于我们`);
    await page.goto('/');
    await expect(page).toHaveTitle(new RegExp(`^${SITE_NAME} - \\S+`));
  });

  test('an unknown path answers 404 with the not-found screen, at its own address', async ({ page }) => {
    const response = await page.goto('/no-such-page/at/all?x=1');
    expect(response?.status()).toBe(404);
    await expect(page).toHaveURL(/\/no-such-page\/at\/all\?x=1$/);
    await expect(page.getByRole('heading', { name: '页面不存在' })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(`^${SITE_NAME} - `));
  });

  test('the not-found page leads back home', async ({ page }) => {
    await page.goto('/not-found');
    await page.getByRole('button', { name: '返回首页' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});
