import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { describe, expect, it, vi } from 'vitest';
import { makeUser } from '@/testing/fixtures';
import { mockApi } from '@/testing/mock-api';
import { renderScreen } from '@/testing/render-screen';
import AdminExportsPage from './admin-exports-page';

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 60_000 });

const session = { token: 'finance', user: makeUser({ staff_roles: ['finance'] }) };
const section = async (title: string) => (await screen.findByRole('heading', { name: title })).closest('section')!;

describe('/admin/exports', () => {
  it('downloads last year’s learning hours by default as an Excel file', async () => {
    const asked: unknown[] = [];
    mockApi({
      'GET /api/admin/exports/learning_hours': (config) => {
        asked.push(config.params);
        return { code: 200, message: 'ok', data: null };
      },
    });
    const created = vi.fn(() => 'blob:export');
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() });
    renderScreen('/admin/exports', <AdminExportsPage />, '/admin/exports', { session });
    fireEvent.click(within(await section('年度学习时长')).getByRole('button', { name: '导出Excel' }));
    await waitFor(() => expect(asked).toEqual([{ year: new Date().getFullYear() - 1 }]));
    await waitFor(() => expect(created).toHaveBeenCalled());
  });

  it('exports last month’s paid orders for 财务 and hides exam results, which need 题库与考试', async () => {
    const asked: unknown[] = [];
    mockApi({
      'GET /api/admin/exports/orders': (config) => {
        asked.push(config.params);
        return { code: 200, message: 'ok', data: null };
      },
    });
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:orders'), revokeObjectURL: vi.fn() });
    renderScreen('/admin/exports', <AdminExportsPage />, '/admin/exports', { session });
    fireEvent.click(within(await section('已支付订单')).getByRole('button', { name: '导出Excel' }));
    const start = dayjs().subtract(1, 'month').startOf('month');
    await waitFor(() =>
      expect(asked).toEqual([{ from: start.format('YYYY-MM-DD'), to: start.endOf('month').format('YYYY-MM-DD') }]),
    );
    expect(screen.getByRole('heading', { name: '发票申请' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: '考试成绩' })).toBeNull();
  });
});
