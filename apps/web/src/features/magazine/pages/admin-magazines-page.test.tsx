import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { magazineMessages as m, type AdminMagazine } from '@app/contracts';
import { renderScreen } from '@/testing/render-screen';
import { makeUser } from '@/testing/fixtures';
import { mockApi, ok } from '@/testing/mock-api';
import AdminMagazinesPage from './admin-magazines-page';

vi.setConfig({ testTimeout: 60_000 });

const session = { token: 't', user: makeUser() };
const issue: AdminMagazine = {
  id: 7,
  title: '成本控制与降本增效',
  issue_no: 11,
  year: 2026,
  month: 11,
  summary: '',
  cover_url: '/media/magazine-covers/7.svg',
  page_count: 4,
  published_at: null,
  toc: [{ title: '目标成本法', page: 2 }],
  file_bytes: 60_000,
};

describe('staff magazine screen', () => {
  it('lists issues with their state and refuses an upload without a PDF, in Chinese', async () => {
    mockApi({ 'GET /api/admin/magazines': ok({ items: [issue] }) });
    renderScreen('/admin/magazines', <AdminMagazinesPage />, '/admin/magazines', { session });
    expect(await screen.findByText('成本控制与降本增效')).toBeInTheDocument();
    expect(screen.getByText('未发布')).toBeInTheDocument();
    expect(screen.getByText('1 条')).toBeInTheDocument();
    expect(screen.getByText('未选择文件')).toBeInTheDocument();

    fireEvent.change(screen.getByPlaceholderText('本期主题'), { target: { value: '跨境税收专题' } });
    fireEvent.change(screen.getByLabelText('年份'), { target: { value: '2030' } });
    fireEvent.change(screen.getByLabelText('月份'), { target: { value: '3' } });
    fireEvent.change(screen.getByLabelText('期号'), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: /上\s?传/ }));
    expect(await screen.findByText(m.pdfMissing)).toBeInTheDocument();
  });

  it('shows the server refusal of a file that is not a PDF next to the file', async () => {
    mockApi({
      'GET /api/admin/magazines': ok({ items: [] }),
      'POST /api/admin/magazines': { code: 400, message: m.notPdf, data: null },
    });
    const { container } = renderScreen('/admin/magazines', <AdminMagazinesPage />, '/admin/magazines', { session });
    fireEvent.change(screen.getByPlaceholderText('本期主题'), { target: { value: '跨境税收专题' } });
    fireEvent.change(screen.getByLabelText('年份'), { target: { value: '2030' } });
    fireEvent.change(screen.getByLabelText('月份'), { target: { value: '3' } });
    fireEvent.change(screen.getByLabelText('期号'), { target: { value: '3' } });
    const input = container.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['PK not a pdf'], 'issue.pdf', { type: 'application/pdf' })] } });
    expect(await screen.findByText('issue.pdf')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /上\s?传/ }));
    await waitFor(() => expect(screen.getByText(m.notPdf)).toBeInTheDocument());
  });
});
