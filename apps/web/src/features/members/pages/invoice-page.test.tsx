import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from '@/testing/fixtures';
import { mockApi, ok } from '@/testing/mock-api';
import { currentUrl } from '@/testing/render';
import { renderScreen } from '@/testing/render-screen';
import { makeInvoice } from '../testing/member-fixtures';
import InvoicePage from './invoice-page';

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 60_000 });

const session = { token: 't1', user: makeUser() };

afterEach(() => vi.restoreAllMocks());

describe('/center/invoice', () => {
  it('shows each state: 待开票 waits, 已开票 downloads the PDF, 已驳回 shows the reason and offers a new request', async () => {
    const list = [
      makeInvoice({ id: 1, order_no: 'N1', state: 'requested' }),
      makeInvoice({ id: 2, order_id: 12, order_no: 'N2', state: 'issued', pdf_url: '/api/invoices/2/pdf' }),
      makeInvoice({ id: 3, order_id: 13, order_no: 'N3', state: 'rejected', reject_reason: '抬头与付款人不一致' }),
    ];
    const api = mockApi({
      'GET /api/invoices': ok({ list, page: 1, per: 10, total: 3 }),
      'GET /api/invoices/2/pdf': { code: 200, message: 'ok', data: null },
    });
    // jsdom has no object URLs and cannot follow a download link: record what the page asks for.
    const createObjectURL = vi.fn(() => 'blob:invoice');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const downloads: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this.download);
    });
    const { router } = renderScreen('/center/invoice', <InvoicePage />, '/center/invoice', { session });

    const row = async (no: string) => (await screen.findByText(no)).closest('tr')!;
    expect(within(await row('N1')).getByText('待开票')).toBeInTheDocument();
    expect(within(await row('N1')).getByText('等待开具')).toBeInTheDocument();
    expect(within(await row('N2')).getByText('已开票')).toBeInTheDocument();
    expect(within(await row('N3')).getByText('已驳回')).toBeInTheDocument();
    expect(within(await row('N3')).getByText('驳回原因：抬头与付款人不一致')).toBeInTheDocument();

    fireEvent.click(within(await row('N2')).getByRole('button', { name: '下载PDF' }));
    await waitFor(() => expect(api.calls.some((c) => c.url === '/api/invoices/2/pdf' && c.token === 't1')).toBe(true));
    await waitFor(() => expect(downloads).toEqual(['发票-N2.pdf']));
    expect(createObjectURL).toHaveBeenCalled();

    fireEvent.click(within(await row('N3')).getByRole('link', { name: '重新申请' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/center/demand-invoice?order_id=13'));
  });

  it('shows each request’s kind, and a special invoice’s company details as they were sent', async () => {
    const list = [
      makeInvoice({ id: 1, order_no: 'N1' }),
      makeInvoice({
        id: 2,
        order_id: 12,
        order_no: 'N2',
        title_type: 'company',
        title: '北京财智咨询有限公司',
        tax_no: '91110108MA01ABCD2X',
        invoice_kind: 'special',
        reg_address: '北京市海淀区中关村大街1号',
        reg_phone: '010-62345678',
        bank_name: '中国工商银行北京中关村支行',
        bank_account: '0200004509024567890',
      }),
    ];
    mockApi({ 'GET /api/invoices': ok({ list, page: 1, per: 10, total: 2 }) });
    renderScreen('/center/invoice', <InvoicePage />, '/center/invoice', { session });
    const row = async (no: string) => (await screen.findByText(no)).closest('tr')!;
    expect(within(await row('N1')).getByText('增值税电子普通发票')).toBeInTheDocument();
    const special = await row('N2');
    expect(within(special).getByText('增值税专用发票')).toBeInTheDocument();
    expect(within(special).getByText('税号：91110108MA01ABCD2X')).toBeInTheDocument();
    expect(within(special).getByText('注册地址：北京市海淀区中关村大街1号')).toBeInTheDocument();
    expect(within(special).getByText('银行账号：0200004509024567890')).toBeInTheDocument();
  });

  it('says so when there is no invoice yet', async () => {
    mockApi({ 'GET /api/invoices': ok({ list: [], page: 1, per: 10, total: 0 }) });
    renderScreen('/center/invoice', <InvoicePage />, '/center/invoice', { session });
    expect(await screen.findByText('暂无发票申请')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '去订单中申请发票' })).toHaveAttribute('href', '/center/order');
  });
});
