import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from '@/testing/fixtures';
import { mockApi, ok } from '@/testing/mock-api';
import { currentUrl } from '@/testing/render';
import { leaveSite } from '@/shared/lib/navigation';
import { useSessionStore } from '@/shared/lib/session/session-store';
import { renderScreen } from '@/testing/render-screen';
import { makeOrder, makePlan } from '../testing/member-fixtures';
import PaymentPage from './payment-page';

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 60_000 });

const session = { token: 't1', user: makeUser() };
const plans = [makePlan(), makePlan({ id: 2, name: '两年会员', description: '730天会员权益', price: 49800, period_days: 730 })];
const emptyCourses = ok({ list: [], page: 1, per: 4, total: 0 });

afterEach(() => vi.useRealTimers());

describe('/payment?type=buyVip', () => {
  it('shows the plans in yuan with both benefit lists, and 立即支付 orders the chosen plan without an amount', async () => {
    const api = mockApi({
      'GET /api/members': ok(plans),
      'GET /api/member_courses': emptyCourses,
      'POST /api/orders': ok(makeOrder({ product_id: 2, subject: '两年会员', amount: 49800, order_no: 'M2' })),
    });
    const { router } = renderScreen('/payment', <PaymentPage />, '/payment?type=buyVip', { session });
    const group = await screen.findByRole('radiogroup', { name: '会员套餐' });
    expect(within(group).getByRole('radio', { name: /年度会员.*298/ })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByText('¥298.00')).toBeInTheDocument();
    expect(screen.getByText('学习与服务权益').parentElement!.querySelectorAll('li')).toHaveLength(7);
    expect(screen.getByText('职业发展权益').parentElement!.querySelectorAll('li')).toHaveLength(5);

    fireEvent.click(within(group).getByRole('radio', { name: /两年会员/ }));
    expect(screen.getByText('¥498.00')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '立即支付' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/payment?order_no=M2'));
    const post = api.calls.find((c) => c.method === 'POST' && c.url === '/api/orders');
    expect(post?.body).toEqual({ product_type: 'member', product_id: 2 });
  });

  it('sends a visitor to the login page and back before ordering', async () => {
    const api = mockApi({ 'GET /api/members': ok(plans), 'GET /api/member_courses': emptyCourses });
    const { router } = renderScreen('/payment', <PaymentPage />, '/payment?type=buyVip');
    fireEvent.click(await screen.findByRole('button', { name: '立即支付' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/login?redirect=%2Fpayment%3Ftype%3DbuyVip'));
    expect(api.calls.some((c) => c.url === '/api/orders')).toBe(false);
  });
});

describe('/payment?order_no=', () => {
  it('shows the QR code, cashier link and countdown, polls check_order, then shows success with the end date', async () => {
    const pending = makeOrder({ order_no: 'M9' });
    let polls = 0;
    mockApi({
      'POST /api/orders/check_order': () => {
        polls += 1;
        return ok(polls < 2 ? pending : { ...pending, state: 'paid', paid_at: new Date().toISOString(), member_end_at: '2027-11-22T00:00:00.000Z' });
      },
      'POST /api/orders/501/pay': ok({
        mode: 'qr',
        order: pending,
        channel: 'sandbox',
        qr_content: 'http://localhost/payment/sandbox-cashier?order_no=M9&token=abc',
        qr_image: 'data:image/svg+xml;base64,PHN2Zy8+',
        pay_url: 'http://localhost/payment/sandbox-cashier?order_no=M9&token=abc',
      }),
      'POST /api/users/get_current_user': ok(makeUser({ is_member: true, member_end_at: '2027-11-22T00:00:00.000Z' })),
      'GET /api/member_courses': emptyCourses,
    });
    renderScreen('/payment', <PaymentPage />, '/payment?order_no=M9', { session });
    expect(await screen.findByRole('img', { name: '支付二维码' })).toHaveAttribute('src', 'data:image/svg+xml;base64,PHN2Zy8+');
    expect(screen.getByRole('link', { name: '前往模拟收银台支付' })).toHaveAttribute('href', '/payment/sandbox-cashier?order_no=M9&token=abc');
    expect(screen.getByRole('timer')).toHaveTextContent(/(29|30):\d\d/);
    expect(screen.getByRole('status')).toHaveTextContent('等待支付结果');

    // The next poll (every 2 s) reports the payment.
    expect(await screen.findByText('支付成功，会员已开通', undefined, { timeout: 8_000 })).toBeInTheDocument();
    expect(screen.getByText('会员有效期至 2027-11-22')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '进入个人中心' })).toHaveAttribute('href', '/center/student');
    await waitFor(() => expect(useSessionStore.getState().user?.is_member).toBe(true));
  });

  it('shows an expired order with 重新下单, which orders the same product again', async () => {
    const expired = makeOrder({ order_no: 'M3', state: 'expired' });
    const api = mockApi({
      'POST /api/orders/check_order': ok(expired),
      'POST /api/orders': ok(makeOrder({ id: 502, order_no: 'M4' })),
      'POST /api/orders/502/pay': ok({ mode: 'qr', order: makeOrder({ id: 502, order_no: 'M4' }), channel: 'sandbox', qr_content: null, qr_image: null, pay_url: null }),
    });
    const { router } = renderScreen('/payment', <PaymentPage />, '/payment?order_no=M3', { session });
    expect(await screen.findByText('订单已过期')).toBeInTheDocument();
    expect(api.calls.some((c) => c.url === '/api/orders/501/pay')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: '重新下单' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/payment?order_no=M4'));
    expect(api.calls.find((c) => c.method === 'POST' && c.url === '/api/orders')?.body).toEqual({ product_type: 'member', product_id: 1 });
  });

  it('treats a pending order whose 30 minutes have run out as expired without waiting for the server', async () => {
    const past = new Date(Date.now() - 1000).toISOString();
    mockApi({ 'POST /api/orders/check_order': ok(makeOrder({ order_no: 'M5', expires_at: past })) });
    renderScreen('/payment', <PaymentPage />, '/payment?order_no=M5', { session });
    expect(await screen.findByText('订单已过期')).toBeInTheDocument();
  });
});

describe('/payment?order_no= on the real channels and when things fail', () => {
  const pending = makeOrder({ order_no: 'W1' });
  const payResult = (over: object) => ({ order: pending, qr_content: null, qr_image: null, pay_url: null, ...over });

  it('WeChat Pay: the QR code from code_url, no cashier link', async () => {
    mockApi({
      'POST /api/orders/check_order': ok(pending),
      'POST /api/orders/501/pay': ok(
        payResult({ mode: 'qr', channel: 'wechat', qr_content: 'weixin://wxpay/bizpayurl?pr=abc', qr_image: 'data:image/svg+xml;base64,PHN2Zy8+' }),
      ),
    });
    renderScreen('/payment', <PaymentPage />, '/payment?order_no=W1', { session });
    expect(await screen.findByRole('img', { name: '支付二维码' })).toBeInTheDocument();
    expect(screen.getByText('请使用微信支付扫码支付。')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /前往/ })).toBeNull();
  });

  it('Alipay page pay: a link to the Alipay gateway, no QR code', async () => {
    const gateway = 'https://openapi.alipay.com/gateway.do?method=alipay.trade.page.pay&sign=xyz';
    mockApi({
      'POST /api/orders/check_order': ok(pending),
      'POST /api/orders/501/pay': ok(payResult({ mode: 'redirect', channel: 'alipay', pay_url: gateway })),
    });
    renderScreen('/payment', <PaymentPage />, '/payment?order_no=W1', { session });
    expect(await screen.findByRole('link', { name: '前往支付宝支付' })).toHaveAttribute('href', gateway);
    expect(screen.getByText('请点击下方按钮，前往支付宝完成支付，支付后将返回本页。')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: '支付二维码' })).toBeNull();
  });

  it('a failed pay call shows the reason with 重试, which asks again', async () => {
    let attempts = 0;
    mockApi({
      'POST /api/orders/check_order': ok(pending),
      'POST /api/orders/501/pay': () => {
        attempts += 1;
        return attempts === 1
          ? { code: 503, message: '微信支付暂不可用，请稍后再试', data: null }
          : ok(payResult({ mode: 'qr', channel: 'wechat', qr_content: 'weixin://x', qr_image: 'data:image/svg+xml;base64,PHN2Zy8+' }));
      },
    });
    renderScreen('/payment', <PaymentPage />, '/payment?order_no=W1', { session });
    expect(await screen.findByText('微信支付暂不可用，请稍后再试')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByRole('img', { name: '支付二维码' })).toBeInTheDocument();
  });

  it('a poll lost to the network says so and keeps polling until the payment shows', async () => {
    let polls = 0;
    mockApi({
      'POST /api/orders/check_order': () => {
        polls += 1;
        if (polls === 1) return ok(pending);
        if (polls === 2) return { networkError: true };
        return ok({ ...pending, state: 'paid', paid_at: new Date().toISOString(), member_end_at: '2027-11-22T00:00:00.000Z' });
      },
      'POST /api/orders/501/pay': ok(payResult({ mode: 'redirect', channel: 'sandbox', pay_url: 'http://localhost/payment/sandbox-cashier?order_no=W1&token=t' })),
      'POST /api/users/get_current_user': ok(makeUser({ is_member: true })),
      'GET /api/member_courses': emptyCourses,
    });
    renderScreen('/payment', <PaymentPage />, '/payment?order_no=W1', { session });
    expect(await screen.findByText('网络状态不佳，正在重新查询支付结果…', undefined, { timeout: 8_000 })).toBeInTheDocument();
    expect(await screen.findByText('支付成功，会员已开通', undefined, { timeout: 8_000 })).toBeInTheDocument();
  });

  it('a first status query lost to the network offers 重试', async () => {
    let polls = 0;
    mockApi({
      'POST /api/orders/check_order': () => (++polls === 1 ? { networkError: true } : ok(pending)),
      'POST /api/orders/501/pay': ok(payResult({ mode: 'redirect', channel: 'sandbox', pay_url: 'http://localhost/payment/sandbox-cashier?order_no=W1&token=t' })),
    });
    renderScreen('/payment', <PaymentPage />, '/payment?order_no=W1', { session });
    expect(await screen.findByText('订单状态查询失败')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByRole('link', { name: '前往模拟收银台支付' })).toBeInTheDocument();
  });

  it('a cancelled order says so and offers 重新下单', async () => {
    mockApi({ 'POST /api/orders/check_order': ok({ ...pending, state: 'cancelled' }) });
    renderScreen('/payment', <PaymentPage />, '/payment?order_no=W1', { session });
    expect(await screen.findByText('订单已取消')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /重新下单/ })).toBeInTheDocument();
  });
});

describe('/payment?order_no= on a phone and inside WeChat', () => {
  const pending = makeOrder({ order_no: 'P1' });
  const paid = { ...pending, state: 'paid', paid_at: new Date().toISOString(), member_end_at: '2027-11-22T00:00:00.000Z' };
  const payResult = (over: object) => ({ order: pending, qr_content: null, qr_image: null, pay_url: null, ...over });
  const bridge = {
    appId: 'wxd678efh567hg6787',
    timeStamp: '1735691400',
    nonceStr: '5K8264ILTKCH16CQ2502SI8ZNMTM67VS',
    package: 'prepay_id=wx01083000123456789',
    signType: 'RSA',
    paySign: 'c2lnbmVk',
  };

  afterEach(() => {
    delete window.WeixinJSBridge;
  });

  it('WeChat Pay H5 in a phone browser: one button opening h5_url, no QR code to scan', async () => {
    const h5 = 'https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=wx1&redirect_url=x';
    mockApi({
      'POST /api/orders/check_order': ok(pending),
      'POST /api/orders/501/pay': ok(payResult({ mode: 'redirect', channel: 'wechat', pay_url: h5 })),
    });
    renderScreen('/payment', <PaymentPage />, '/payment?order_no=P1', { session });
    expect(await screen.findByRole('link', { name: '打开微信支付' })).toHaveAttribute('href', h5);
    expect(screen.queryByRole('img', { name: '支付二维码' })).toBeNull();
  });

  it('inside WeChat without an openid: 微信授权后支付 leads to WeChat authorisation', async () => {
    const authorize = '/api/wechat/oauth/start?purpose=pay&redirect=%2Fpayment%3Forder_no%3DP1';
    const wechatPage = 'https://open.weixin.qq.com/connect/oauth2/authorize?appid=wx1&state=s#wechat_redirect';
    const left = vi.spyOn(leaveSite, 'assign').mockImplementation(() => undefined);
    const { calls } = mockApi({
      'POST /api/orders/check_order': ok(pending),
      'POST /api/orders/501/pay': ok(payResult({ mode: 'jsapi', channel: 'wechat', bridge: null, authorize_url: authorize })),
      'POST /api/wechat/oauth/authorize_url': ok({ url: wechatPage }),
    });
    renderScreen('/payment', <PaymentPage />, '/payment?order_no=P1', { session });
    // The session's token goes with a POST (a plain link would reach the server without it); then the page leaves.
    fireEvent.click(await screen.findByRole('button', { name: '微信授权后支付' }));
    await waitFor(() => expect(left).toHaveBeenCalledWith(wechatPage));
    expect(calls.find((c) => c.url === '/api/wechat/oauth/authorize_url')?.body).toEqual({ purpose: 'pay', redirect: '/payment?order_no=P1' });
    left.mockRestore();
  });

  it("inside WeChat: 微信支付 hands the signed parameters to WeixinJSBridge's getBrandWCPayRequest; a cancel says so", async () => {
    const invoke = vi.fn((_name: string, _params: object, cb: (res: { err_msg?: string }) => void) =>
      cb({ err_msg: 'get_brand_wcpay_request:cancel' }),
    );
    window.WeixinJSBridge = { invoke };
    mockApi({
      'POST /api/orders/check_order': ok(pending),
      'POST /api/orders/501/pay': ok(payResult({ mode: 'jsapi', channel: 'wechat', bridge, authorize_url: null })),
    });
    renderScreen('/payment', <PaymentPage />, '/payment?order_no=P1', { session });
    fireEvent.click(await screen.findByRole('button', { name: /微信支付/ }));
    expect(await screen.findByText('您已取消支付，可再次点击按钮支付。')).toBeInTheDocument();
    expect(invoke).toHaveBeenCalledWith('getBrandWCPayRequest', bridge, expect.any(Function));
    expect(screen.queryByRole('dialog', { name: '模拟微信支付' })).toBeNull();
  });

  it('the sandbox: a stand-in for WeChat’s payment sheet pays with the bridge parameters, and the page shows the payment', async () => {
    const sandboxBridge = { ...bridge, signType: 'HMAC-SHA256', package: 'prepay_id=SBX.P1.tk' };
    const invoke = vi.fn();
    window.WeixinJSBridge = { invoke };
    let confirmed = false;
    const api = mockApi({
      'POST /api/orders/check_order': () => ok(confirmed ? paid : pending),
      'POST /api/orders/501/pay': ok(payResult({ mode: 'jsapi', channel: 'sandbox', bridge: sandboxBridge, authorize_url: null })),
      'POST /api/payments/sandbox/jsapi': () => {
        confirmed = true;
        return ok({ order_no: 'P1', state: 'paid', return_url: '/payment?order_no=P1' });
      },
      'POST /api/users/get_current_user': ok(makeUser({ is_member: true })),
      'GET /api/member_courses': emptyCourses,
    });
    renderScreen('/payment', <PaymentPage />, '/payment?order_no=P1', { session });
    fireEvent.click(await screen.findByRole('button', { name: /微信支付/ }));
    const sheet = await screen.findByRole('dialog', { name: '模拟微信支付' });
    fireEvent.click(within(sheet).getByRole('button', { name: /确认支付/ }));
    expect(await screen.findByText('支付成功，会员已开通')).toBeInTheDocument();
    expect(api.calls.find((c) => c.url === '/api/payments/sandbox/jsapi')?.body).toEqual(sandboxBridge);
    // The real bridge is never used with the sandbox.
    expect(invoke).not.toHaveBeenCalled();
  });

  it('Alipay inside WeChat: the guidance to open the page in the browser, and 复制本页链接', async () => {
    const guidance = '微信内无法使用支付宝付款。请点击右上角「···」，选择「在浏览器打开」，在手机浏览器中完成支付。';
    mockApi({
      'POST /api/orders/check_order': ok(pending),
      'POST /api/orders/501/pay': ok(payResult({ mode: 'open_in_browser', channel: 'alipay', guidance })),
    });
    renderScreen('/payment', <PaymentPage />, '/payment?order_no=P1', { session });
    expect(await screen.findByText(guidance)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /复制本页链接/ })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /前往/ })).toBeNull();
  });
});
