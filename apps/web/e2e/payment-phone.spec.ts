import { mkdirSync } from 'node:fs';
import { expect, test } from './support/fixtures';
import type { Page } from '@playwright/test';
import { registerAccount, useToken } from './support/session';

/** Paying a membership on a phone (390 x 844, touch): WeChat Pay H5 in a phone browser, JSAPI inside WeChat. */

const SHOTS = '/tmp/payment-phone-shots';
const PHONE = { width: 390, height: 844 };
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const IPHONE_WECHAT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN';

test.use({ viewport: PHONE, isMobile: true, hasTouch: true });
test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }));

/** Nothing scrolls the page sideways on the phone. */
async function expectFitsPhone(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

/** A new personal non-member, logged in; orders the annual membership and lands on its pay step. */
async function orderMembership(page: Page, request: Parameters<typeof registerAccount>[0]): Promise<string> {
  const account = await registerAccount(request, 'personal');
  if (!account) throw new Error('the accounts API is missing from this build');
  await useToken(page, account.token);
  await page.goto('/payment?type=buyVip');
  await page.getByRole('button', { name: '立即支付' }).tap();
  await expect(page).toHaveURL(/\/payment\?order_no=\w+/);
  return new URL(page.url()).searchParams.get('order_no')!;
}

test.describe('in a phone browser', () => {
  test.use({ userAgent: IPHONE_SAFARI });

  test('a member pays a membership through the sandbox H5 cashier by tapping, without a QR code, and returns to the paid order', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const orderNo = await orderMembership(page, request);
    const go = page.getByRole('link', { name: '前往模拟收银台支付' });
    await expect(go).toBeVisible();
    await expect(page.getByRole('img', { name: '支付二维码' })).toHaveCount(0);
    await expect(page.getByRole('timer')).toContainText(/(29|30):\d\d/);
    const box = (await go.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(44);
    await expectFitsPhone(page);
    await page.screenshot({ path: `${SHOTS}/pay-step-h5.png`, fullPage: true });

    await go.tap();
    await expect(page).toHaveURL(/\/payment\/sandbox-cashier\?.*variant=h5/);
    const wallet = page.getByRole('region', { name: '模拟微信支付（手机浏览器）' });
    await expect(wallet.getByText('298.00')).toBeVisible();
    await expectFitsPhone(page);
    await page.screenshot({ path: `${SHOTS}/cashier-h5.png`, fullPage: true });
    await wallet.getByRole('button', { name: /确认支付/ }).tap();
    await expect(wallet.getByText('支付成功')).toBeVisible();
    await wallet.getByRole('button', { name: /返回商户页面/ }).tap();

    await expect(page).toHaveURL(new RegExp(`/payment\\?order_no=${orderNo}$`));
    await expect(page.getByText('支付成功，会员已开通')).toBeVisible();
    await expectFitsPhone(page);
    await page.screenshot({ path: `${SHOTS}/paid-h5.png`, fullPage: true });
  });
});

test.describe("inside WeChat's browser", () => {
  test.use({ userAgent: IPHONE_WECHAT });

  test('a member pays through WeChat JSAPI with the sandbox stand-in of WeixinJSBridge (after WeChat authorisation when it is configured)', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const orderNo = await orderMembership(page, request);
    const authorise = page.getByRole('button', { name: '微信授权后支付' });
    const payButton = page.getByRole('button', { name: /微信支付/ });
    const guidance = page.getByText('请在浏览器中打开');
    await expect(authorise.or(payButton).or(guidance)).toBeVisible();
    await expect(page.getByRole('img', { name: '支付二维码' })).toHaveCount(0);
    await expectFitsPhone(page);

    if (await guidance.isVisible()) {
      // This build has no WeChat authorisation wired (no payer openid source): JSAPI cannot run, and the member is
      // told how to pay in the system browser instead of being shown a QR code.
      await expect(page.getByText(/在浏览器打开/).first()).toBeVisible();
      await expect(page.getByRole('button', { name: /复制本页链接/ })).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/wechat-guidance.png`, fullPage: true });
      return;
    }
    if (await authorise.isVisible()) {
      // WeChat authorisation (its development stand-in) comes back to this order page.
      await authorise.tap();
      await page.getByRole('link', { name: '以「测试微信用户乙」允许' }).tap();
      await page.waitForURL(new RegExp(`/payment\\?order_no=${orderNo}`));
    }
    await payButton.tap();
    const sheet = page.getByRole('dialog', { name: '模拟微信支付' });
    await expect(sheet.getByText('开发环境的微信支付替身，不会产生真实扣款。')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/wechat-jsapi-sheet.png`, fullPage: true });
    await sheet.getByRole('button', { name: /确认支付/ }).tap();
    await expect(page.getByText('支付成功，会员已开通')).toBeVisible();
    await expectFitsPhone(page);
  });
});
