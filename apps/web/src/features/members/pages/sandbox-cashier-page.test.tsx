import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, ok } from '@/testing/mock-api';
import { currentUrl } from '@/testing/render';
import { renderScreen } from '@/testing/render-screen';
import SandboxCashierPage from './sandbox-cashier-page';

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 60_000 });

const cashier = {
  order_no: 'C1',
  subject: '年度会员',
  amount: 29800,
  state: 'pending',
  expires_at: new Date(Date.now() + 20 * 60_000).toISOString(),
  merchant_name: '财务管理协会人才培训平台',
};
const PATH = '/payment/sandbox-cashier?order_no=C1&token=tk';

function render(path = PATH) {
  return renderScreen('/payment/sandbox-cashier', <SandboxCashierPage />, path);
}

describe('/payment/sandbox-cashier', () => {
  it('shows merchant, subject and amount without a login; 确认支付 sends the ticket and returns to the payment page', async () => {
    const api = mockApi({
      'GET /api/payments/sandbox/cashier': ok(cashier),
      'POST /api/payments/sandbox/confirm': ok({ order_no: 'C1', state: 'paid', return_url: '/payment?order_no=C1' }, '支付成功'),
    });
    const { router } = render();
    const wallet = await screen.findByRole('region', { name: '模拟收银台' });
    expect(await within(wallet).findByText('298.00')).toBeInTheDocument();
    expect(within(wallet).getByText('年度会员')).toBeInTheDocument();
    expect(within(wallet).getByText('财务管理协会人才培训平台')).toBeInTheDocument();
    expect(within(wallet).getByText('这是模拟支付渠道，不会产生真实扣款。')).toBeInTheDocument();

    fireEvent.click(within(wallet).getByRole('button', { name: /确认支付/ }));
    expect(await within(wallet).findByText('支付成功')).toBeInTheDocument();
    expect(api.calls.find((c) => c.url === '/api/payments/sandbox/confirm')?.body).toEqual({ order_no: 'C1', token: 'tk' });
    expect(api.calls.every((c) => c.token === undefined)).toBe(true);
    fireEvent.click(within(wallet).getByRole('button', { name: /返回商户页面/ }));
    await waitFor(() => expect(currentUrl(router)).toBe('/payment?order_no=C1'));
  });

  it('a link without a ticket, or one the server refuses, is reported as invalid or expired', async () => {
    mockApi({ 'GET /api/payments/sandbox/cashier': { code: 404, message: '支付链接无效或已过期', data: null } });
    render('/payment/sandbox-cashier?order_no=C1');
    expect(await screen.findByText('支付链接无效或已过期')).toBeInTheDocument();
  });

  it('an order that is no longer pending shows its state instead of 确认支付', async () => {
    mockApi({ 'GET /api/payments/sandbox/cashier': ok({ ...cashier, state: 'cancelled' }) });
    render();
    expect(await screen.findByText('订单已取消')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /确认支付/ })).toBeNull();
  });

  it('取消 goes back to the payment page unpaid', async () => {
    const api = mockApi({ 'GET /api/payments/sandbox/cashier': ok(cashier) });
    const { router } = render();
    fireEvent.click(await screen.findByRole('button', { name: /取\s*消/ }));
    await waitFor(() => expect(currentUrl(router)).toBe('/payment?order_no=C1'));
    expect(api.calls.some((c) => c.url === '/api/payments/sandbox/confirm')).toBe(false);
  });
});

describe('/payment/sandbox-cashier variants (phone payments)', () => {
  it('the H5 variant plays WeChat Pay in a phone browser and returns to redirect_url when it is our order page', async () => {
    mockApi({
      'GET /api/payments/sandbox/cashier': ok(cashier),
      'POST /api/payments/sandbox/confirm': ok({ order_no: 'C1', state: 'paid', return_url: '/payment?order_no=C1' }, '支付成功'),
    });
    const back = encodeURIComponent(`${window.location.origin}/payment?order_no=C1&from=h5`);
    const { router } = render(`${PATH}&variant=h5&redirect_url=${back}`);
    const wallet = await screen.findByRole('region', { name: '模拟微信支付（手机浏览器）' });
    expect(await within(wallet).findByText('模拟微信零钱')).toBeInTheDocument();
    fireEvent.click(within(wallet).getByRole('button', { name: /确认支付/ }));
    fireEvent.click(await within(wallet).findByRole('button', { name: '返回商户页面' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/payment?order_no=C1&from=h5'));
  });

  it('the wap variant plays Alipay phone-website pay and never returns to another site', async () => {
    mockApi({ 'GET /api/payments/sandbox/cashier': ok(cashier) });
    const { router } = render(`${PATH}&variant=wap&return_url=${encodeURIComponent('https://evil.example.com/payment')}`);
    const wallet = await screen.findByRole('region', { name: '模拟支付宝（手机网站支付）' });
    fireEvent.click(await within(wallet).findByRole('button', { name: /取\s*消/ }));
    await waitFor(() => expect(currentUrl(router)).toBe('/payment?order_no=C1'));
  });
});
