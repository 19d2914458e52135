import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeUser } from '@/testing/fixtures';
import { mockApi, ok } from '@/testing/mock-api';
import { currentUrl } from '@/testing/render';
import { renderScreen } from '@/testing/render-screen';
import { makeOrder } from '../testing/member-fixtures';
import DemandInvoicePage from './demand-invoice-page';

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 60_000 });

const session = { token: 't1', user: makeUser() };
const paid = makeOrder({ id: 9, order_no: 'P9', state: 'paid', invoiceable: true, amount: 29800, paid_at: new Date().toISOString() });
/** A unified social credit code with a correct check character (GB 32100). */
const VALID_CODE = '91110000600037341L';

function render() {
  return renderScreen('/center/demand-invoice', <DemandInvoicePage />, '/center/demand-invoice?order_id=9', { session });
}

describe('/center/demand-invoice', () => {
  it('a company title needs a valid unified social credit code; the e-mail must be valid; the amount stays within what was paid', async () => {
    const api = mockApi({ 'GET /api/orders/9': ok(paid) });
    render();
    expect(await screen.findByText('¥298.00')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('radio', { name: '企业' }));
    await screen.findByLabelText('纳税人识别号');
    fireEvent.change(screen.getByLabelText('发票抬头'), { target: { value: '某某财务咨询有限公司' } });
    fireEvent.change(screen.getByLabelText('接收邮箱'), { target: { value: 'not-an-email' } });
    fireEvent.change(screen.getByLabelText('开票金额（元）'), { target: { value: '300' } });
    fireEvent.click(screen.getByRole('button', { name: /提交申请/ }));
        expect(await screen.findByText('请输入纳税人识别号（统一社会信用代码）')).toBeInTheDocument();
    expect(screen.getByText('邮箱格式不正确')).toBeInTheDocument();
    expect(screen.getByText('开票金额不能超过实付金额')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('纳税人识别号'), { target: { value: '911100006000373410' } });
    expect(await screen.findByText('纳税人识别号（统一社会信用代码）不正确')).toBeInTheDocument();
    expect(api.calls.some((c) => c.url === '/api/invoices')).toBe(false);
  });

  it('submits a valid company request in fen and goes to my invoices', async () => {
    const api = mockApi({
      'GET /api/orders/9': ok(paid),
      'POST /api/invoices': ok({ id: 1 }),
    });
    const { router } = render();
    await screen.findByText('¥298.00');
    fireEvent.click(screen.getByRole('radio', { name: '企业' }));
    fireEvent.change(screen.getByLabelText('发票抬头'), { target: { value: '某某财务咨询有限公司' } });
    fireEvent.change(await screen.findByLabelText('纳税人识别号'), { target: { value: VALID_CODE.toLowerCase() } });
    fireEvent.change(screen.getByLabelText('接收邮箱'), { target: { value: 'finance@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: /提交申请/ }));
    await waitFor(() => expect(currentUrl(router)).toBe('/center/invoice'));
    expect(api.calls.find((c) => c.url === '/api/invoices')?.body).toEqual({
      order_id: 9,
      title_type: 'company',
      title: '某某财务咨询有限公司',
      tax_no: VALID_CODE.toLowerCase(),
      email: 'finance@example.com',
      amount: 29800,
    });
  });

  it('an order that already has an invoice request shows that instead of the form', async () => {
    mockApi({ 'GET /api/orders/9': ok({ ...paid, invoiceable: false, invoice: { id: 3, state: 'requested' } }) });
    render();
    expect(await screen.findByText('该订单已申请过发票')).toBeInTheDocument();
    expect(screen.queryByLabelText('发票抬头')).toBeNull();
  });
});
