import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
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
      invoice_kind: 'normal',
      email: 'finance@example.com',
      amount: 29800,
    });
  });

  it('增值税专用发票 is offered for a company title only; going back to a personal title goes back to 电子普通发票', async () => {
    mockApi({ 'GET /api/orders/9': ok(paid) });
    render();
    await screen.findByText('¥298.00');
    const special = () => screen.getByRole('radio', { name: '增值税专用发票' });
    expect(screen.getByRole('radio', { name: '电子普通发票' })).toBeChecked();
    expect(special()).toBeDisabled();
    expect(screen.getByText('个人抬头只能开具普通发票')).toBeInTheDocument();

    // Chosen as a user would: the radio is clicked until it shows as chosen (a click while the form is still
    // settling on a loaded machine is otherwise the one thing this test would be timing).
    const company = () => screen.getByRole('radio', { name: '企业' });
    await waitFor(() => {
      if (!(company() as HTMLInputElement).checked) fireEvent.click(company());
      expect(company()).toBeChecked();
    });
    await waitFor(() => expect(special()).toBeEnabled());
    fireEvent.click(special());
    expect(await screen.findByLabelText('银行账号')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('radio', { name: '个人' }));
    await waitFor(() => expect(screen.queryByLabelText('银行账号')).toBeNull());
    expect(screen.getByRole('radio', { name: '电子普通发票' })).toBeChecked();
    expect(special()).toBeDisabled();
  });

  it('a special invoice needs its four details, checked with the server’s words, and sends them', async () => {
    const api = mockApi({
      'GET /api/orders/9': ok(paid),
      'POST /api/invoices': ok({ id: 1 }),
    });
    const { router } = render();
    await screen.findByText('¥298.00');
    fireEvent.click(screen.getByRole('radio', { name: '企业' }));
    fireEvent.click(await screen.findByRole('radio', { name: '增值税专用发票' }));
    fireEvent.change(screen.getByLabelText('发票抬头'), { target: { value: '某某财务咨询有限公司' } });
    fireEvent.change(await screen.findByLabelText('纳税人识别号'), { target: { value: VALID_CODE } });
    fireEvent.change(screen.getByLabelText('接收邮箱'), { target: { value: 'finance@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: /提交申请/ }));
    expect(await screen.findByText('请输入注册地址')).toBeInTheDocument();
    expect(screen.getByText('请输入注册电话')).toBeInTheDocument();
    expect(screen.getByText('请输入开户银行')).toBeInTheDocument();
    expect(screen.getByText('请输入银行账号')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('注册电话'), { target: { value: '62345678' } });
    fireEvent.change(screen.getByLabelText('银行账号'), { target: { value: '6222 0212' + 'A' } });
    expect(await screen.findByText('注册电话格式不正确，请填写固定电话（如010-12345678）或手机号')).toBeInTheDocument();
    expect(await screen.findByText('银行账号应为8至30位数字')).toBeInTheDocument();
    expect(api.calls.some((c) => c.url === '/api/invoices')).toBe(false);

    fireEvent.change(screen.getByLabelText('注册地址'), { target: { value: '北京市海淀区中关村大街1号' } });
    fireEvent.change(screen.getByLabelText('注册电话'), { target: { value: '010-62345678' } });
    fireEvent.change(screen.getByLabelText('开户银行'), { target: { value: '中国工商银行北京中关村支行' } });
    fireEvent.change(screen.getByLabelText('银行账号'), { target: { value: '0200 0045 0902 4567 890' } });
    fireEvent.click(screen.getByRole('button', { name: /提交申请/ }));
    await waitFor(() => expect(currentUrl(router)).toBe('/center/invoice'));
    expect(api.calls.find((c) => c.url === '/api/invoices')?.body).toEqual({
      order_id: 9,
      title_type: 'company',
      title: '某某财务咨询有限公司',
      tax_no: VALID_CODE,
      invoice_kind: 'special',
      reg_address: '北京市海淀区中关村大街1号',
      reg_phone: '010-62345678',
      bank_name: '中国工商银行北京中关村支行',
      bank_account: '0200 0045 0902 4567 890',
      email: 'finance@example.com',
      amount: 29800,
    });
  });

  it('shows the server’s word about a special-invoice detail under its field', async () => {
    mockApi({
      'GET /api/orders/9': ok(paid),
      'POST /api/invoices': { code: 400, message: '银行账号应为8至30位数字', data: { fieldErrors: { bank_account: '银行账号应为8至30位数字' } } },
    });
    render();
    await screen.findByText('¥298.00');
    fireEvent.click(screen.getByRole('radio', { name: '企业' }));
    fireEvent.click(await screen.findByRole('radio', { name: '增值税专用发票' }));
    fireEvent.change(screen.getByLabelText('发票抬头'), { target: { value: '某某财务咨询有限公司' } });
    fireEvent.change(await screen.findByLabelText('纳税人识别号'), { target: { value: VALID_CODE } });
    fireEvent.change(screen.getByLabelText('注册地址'), { target: { value: '北京市海淀区中关村大街1号' } });
    fireEvent.change(screen.getByLabelText('注册电话'), { target: { value: '13912345678' } });
    fireEvent.change(screen.getByLabelText('开户银行'), { target: { value: '中国工商银行北京中关村支行' } });
    fireEvent.change(screen.getByLabelText('银行账号'), { target: { value: '12345678' } });
    fireEvent.change(screen.getByLabelText('接收邮箱'), { target: { value: 'finance@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: /提交申请/ }));
    const field = (await screen.findByText('银行账号应为8至30位数字')).closest('.ant-form-item')!;
    expect(within(field as HTMLElement).getByLabelText('银行账号')).toBeInTheDocument();
  });

  it('an order that already has an invoice request shows that instead of the form', async () => {
    mockApi({ 'GET /api/orders/9': ok({ ...paid, invoiceable: false, invoice: { id: 3, state: 'requested' } }) });
    render();
    expect(await screen.findByText('该订单已申请过发票')).toBeInTheDocument();
    expect(screen.queryByLabelText('发票抬头')).toBeNull();
  });
});
