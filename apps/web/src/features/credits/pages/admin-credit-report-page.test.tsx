import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { CreditReport } from '@app/contracts/credits/credits-report.schemas';
import { chinaDate } from '@/shared/lib/china-time';
import { makeUser } from '@/testing/fixtures';
import { mockApi, ok } from '@/testing/mock-api';
import { renderScreen } from '@/testing/render-screen';
import AdminCreditReportPage from './admin-credit-report-page';

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 60_000 });

const session = { token: 'cm', user: makeUser({ staff_roles: ['course_manager'] }) };
const member = {
  user_id: 7,
  name: '王江苏',
  id_number: '3201**********1234',
  phone: '138****8000',
  region: '江苏省',
  professional: 700,
  public: 200,
  total: 900,
  met: false,
};

function reportFor(region: string | undefined): CreditReport {
  const list = region === '河南省' ? [] : [member];
  return {
    year: 2026,
    regions: [
      { region: '江苏省', met: 3, unmet: 1 },
      { region: '河南省', met: 0, unmet: 2 },
      { region: '未设置地区', met: 1, unmet: 13 },
    ],
    totals: { met: 4, unmet: 16 },
    rules: [
      { region: null, year: 2026, version: 1, required: { total: 900, professional: 600, public: 0 }, source: '财会〔2018〕10号' },
      { region: '江苏省', year: 2026, version: 2, required: { total: 900, professional: 600, public: 300 }, source: '江苏省' },
    ],
    members: { list, total: list.length, page: 1, per: 20 },
  };
}

describe('/admin/credits/report', () => {
  it('shows the year’s 达标 figures by region under each region’s rule, and lists members with masked numbers', async () => {
    const asked: Record<string, unknown>[] = [];
    mockApi({
      'GET /api/admin/credits/report': (config) => {
        asked.push(config.params as Record<string, unknown>);
        return ok(reportFor((config.params as { region?: string }).region));
      },
    });
    renderScreen('/admin/credits/report', <AdminCreditReportPage />, '/admin/credits/report', { session });

    const totals = await screen.findByRole('group', { name: /全国合计/ });
    await waitFor(() => expect(within(totals).getByText('16')).toBeInTheDocument());
    expect(within(totals).getByText('20%')).toBeInTheDocument();
    const rules = screen.getByRole('list', { name: '适用规则' });
    expect(within(rules).getByText(/江苏省：90学分，其中专业科目不少于60、公需科目不少于30/)).toBeInTheDocument();
    const row = (await screen.findByText('3201**********1234')).closest('tr')!;
    expect(within(row).getByText('王江苏')).toBeInTheDocument();
    expect(within(row).getByText('138****8000')).toBeInTheDocument();
    expect(within(row).getByText('未达标')).toBeInTheDocument();
    expect(asked[0]).toMatchObject({ page: 1, per: 20 });
    expect(asked[0]).not.toHaveProperty('region');

    // A region's name narrows the list to it.
    fireEvent.click(screen.getByRole('button', { name: '河南省' }));
    await waitFor(() => expect(asked.at(-1)).toMatchObject({ region: '河南省', page: 1 }));
    expect(await screen.findByRole('heading', { name: '学员（河南省）' })).toBeInTheDocument();
  });

  it('downloads the Excel file of the filter under a Chinese name', async () => {
    const asked: unknown[] = [];
    mockApi({
      'GET /api/admin/credits/report': (config) => ok(reportFor((config.params as { region?: string }).region)),
      'GET /api/admin/credits/report/export': (config) => {
        asked.push(config.params);
        return ok(null);
      },
    });
    const created = vi.fn(() => 'blob:report');
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() });
    renderScreen('/admin/credits/report', <AdminCreditReportPage />, '/admin/credits/report', { session });
    fireEvent.click(await screen.findByRole('button', { name: '江苏省' }));
    fireEvent.click(screen.getByRole('button', { name: '导出Excel' }));
    await waitFor(() => expect(asked).toEqual([{ year: Number(chinaDate(new Date()).slice(0, 4)), region: '江苏省' }]));
    await waitFor(() => expect(created).toHaveBeenCalled());
  });
});
