import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeUser } from '@/testing/fixtures';
import { mockApi, ok } from '@/testing/mock-api';
import { renderScreen } from '@/testing/render-screen';
import { makeAdminInvoice } from '../testing/member-fixtures';
import AdminInvoicesPage from './admin-invoices-page';

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 60_000 });

const session = { token: 'staff', user: makeUser({ is_staff: true }) };

function render() {
  return renderScreen('/admin/invoices', <AdminInvoicesPage />, '/admin/invoices', { session });
}

describe('/admin/invoices', () => {
  it('lists requests waiting for staff with the requester, title, tax number and amounts', async () => {
    const api = mockApi({ 'GET /api/admin/invoices': ok({ list: [makeAdminInvoice()], page: 1, per: 10, total: 1 }) });
    render();
    const row = (await screen.findByText('A7')).closest('tr')!;
    expect(within(row).getByText('张会计')).toBeInTheDocument();
    expect(within(row).getByText('税号：91110108MA01ABCD2X')).toBeInTheDocument();
    expect(within(row).getByText('实付 ¥298.00')).toBeInTheDocument();
    expect(within(row).getByText('待开票')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: /上传发票开具/ })).toBeInTheDocument();
    expect(api.calls[0]!.url).toBe('/api/admin/invoices');
  });

  it('a special invoice shows its kind and the registered address, phone, bank and account staff issue it from', async () => {
    mockApi({
      'GET /api/admin/invoices': ok({
        list: [
          makeAdminInvoice({ id: 8, order_no: 'A8' }),
          makeAdminInvoice({
            invoice_kind: 'special',
            reg_address: '北京市海淀区中关村大街1号',
            reg_phone: '010-62345678',
            bank_name: '中国工商银行北京中关村支行',
            bank_account: '0200004509024567890',
          }),
        ],
        page: 1,
        per: 10,
        total: 2,
      }),
    });
    render();
    const row = (await screen.findByText('A7')).closest('tr')!;
    expect(within(row).getByText('增值税专用发票')).toBeInTheDocument();
    expect(within(row).getByText('注册地址：北京市海淀区中关村大街1号')).toBeInTheDocument();
    expect(within(row).getByText('注册电话：010-62345678')).toBeInTheDocument();
    expect(within(row).getByText('开户银行：中国工商银行北京中关村支行')).toBeInTheDocument();
    expect(within(row).getByText('银行账号：0200004509024567890')).toBeInTheDocument();
    const normal = screen.getByText('A8').closest('tr')!;
    expect(within(normal).getByText('增值税电子普通发票')).toBeInTheDocument();
    expect(within(normal).queryByText(/银行账号/)).toBeNull();
  });

  it('驳回 needs a reason (in Chinese) and sends it', async () => {
    let invoice = makeAdminInvoice();
    const api = mockApi({
      'GET /api/admin/invoices': () => ok({ list: [invoice], page: 1, per: 10, total: 1 }),
      'POST /api/admin/invoices/7/reject': () => {
        invoice = { ...invoice, state: 'rejected', reject_reason: '税号有误' };
        return ok(invoice, '已驳回该发票申请');
      },
    });
    render();
    const row = (await screen.findByText('A7')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: /驳\s*回/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: /确认驳回/ }));
    expect(await within(dialog).findByText('请输入驳回原因')).toBeInTheDocument();
    expect(api.calls.some((c) => c.url === '/api/admin/invoices/7/reject')).toBe(false);

    fireEvent.change(within(dialog).getByLabelText('驳回原因'), { target: { value: ' 税号有误 ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确认驳回/ }));
    await waitFor(() => expect(api.calls.find((c) => c.url === '/api/admin/invoices/7/reject')?.body).toEqual({ reason: '税号有误' }));
    expect(await screen.findByText('已驳回该发票申请')).toBeInTheDocument();
  });

  it('uploading a file that is not a PDF is refused before it is sent', async () => {
    const api = mockApi({ 'GET /api/admin/invoices': ok({ list: [makeAdminInvoice()], page: 1, per: 10, total: 1 }) });
    const { container } = render();
    await screen.findByText('A7');
    const input = container.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['hello'], 'invoice.txt', { type: 'text/plain' })] } });
    expect(await screen.findByText('请上传PDF格式的发票文件')).toBeInTheDocument();
    expect(api.calls.some((c) => c.url.endsWith('/issue'))).toBe(false);
  });

  it('uploading a PDF issues the invoice', async () => {
    const api = mockApi({
      'GET /api/admin/invoices': ok({ list: [makeAdminInvoice()], page: 1, per: 10, total: 1 }),
      'POST /api/admin/invoices/7/issue': ok(makeAdminInvoice({ state: 'issued', pdf_url: '/api/invoices/7/pdf' }), '发票已开具'),
    });
    const { container } = render();
    await screen.findByText('A7');
    const input = container.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['%PDF-1.4'], '发票.pdf', { type: 'application/pdf' })] } });
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST' && c.url === '/api/admin/invoices/7/issue')).toBe(true));
    expect(api.calls.find((c) => c.url === '/api/admin/invoices/7/issue')?.body).toBeInstanceOf(FormData);
    expect(await screen.findByText('发票已开具')).toBeInTheDocument();
  });
});
