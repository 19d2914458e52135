import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MyCreditYear } from '@app/contracts/credits/credits.schemas';
import { makeUser } from '@/testing/fixtures';
import { mockApi, ok } from '@/testing/mock-api';
import { renderScreen } from '@/testing/render-screen';
import { CreditYearPanel } from './credit-year-panel';

const RULE = {
  id: 3,
  year: 2026,
  region: null,
  version: 1,
  required_total: 900,
  professional_min: null,
  professional_share: [2, 3] as [number, number],
  public_min: null,
  minutes_per_credit: 50,
  conversions: [],
  filing_deadline: '2027-03-31',
  source: '《会计专业技术人员继续教育规定》（财会〔2018〕10号）',
  created_at: '2026-01-01T00:00:00.000Z',
  created_by: null,
};

function year(over: Partial<MyCreditYear> = {}): MyCreditYear {
  return {
    year: 2026,
    region: null,
    rule: RULE,
    earned: { total: 450, professional: 300, public: 150 },
    required: { total: 900, professional: 600, public: 0 },
    missing: { total: 450, professional: 300, public: 0 },
    met: false,
    grants: [
      { id: 1, source: 'course', title: '企业会计准则第14号——收入精讲', category: 'professional', credits: 80, granted_at: '2026-11-27T19:04:00.000Z', rule_version: 1 },
    ],
    suggestions: [{ id: 9, title: '金融工具准则：分类与计量', category: 'professional', credits: 80 }],
    history: [{ year: 2025, total: 920, met: true }],
    ...over,
  };
}

const render = () =>
  renderScreen('/center/credit-archive', <CreditYearPanel />, '/center/credit-archive', {
    session: { token: 't', user: makeUser({ role: 'personal' }) },
  });

describe('the year of continuing-education credits', () => {
  it('shows what is earned against the rule, what is missing, the deadline and the courses that close the gap', async () => {
    mockApi({ 'GET /api/credits/year': ok(year()) });
    render();
    const panel = (await screen.findByText('2026年度继续教育学分')).closest('.ant-card') as HTMLElement;
    expect(within(panel).getByText('未达标')).toBeInTheDocument();
    expect(within(panel).getByRole('status')).toHaveTextContent('本年度尚未达标：总学分还差 45，专业科目还差 30。学分折算申报截止日期：2027-03-31。');
    expect(within(panel).getByRole('link', { name: '金融工具准则：分类与计量' })).toHaveAttribute('href', '/train/detail/9');
    // The grant is dated in China time: 2026-11-27T19:04Z is the 28th in Beijing.
    expect(within(panel).getByText(/课程学习 · 专业科目 · 2026-11-28/)).toBeInTheDocument();
    expect(within(panel).getByText('+8')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: '2025年度' })).toBeInTheDocument();
    expect(within(panel).getByText('达标')).toBeInTheDocument();
  });

  it('a met year says so', async () => {
    mockApi({ 'GET /api/credits/year': ok(year({ met: true, missing: { total: 0, professional: 0, public: 0 }, suggestions: [] })) });
    render();
    expect(await screen.findByRole('status')).toHaveTextContent('本年度学分已达标。');
  });

  it('choosing a region saves it and reads the year again', async () => {
    let region: string | null = null;
    const api = mockApi({
      'GET /api/credits/year': () => ok(year({ region })),
      'PUT /api/credits/region': (config) => {
        region = (JSON.parse(config.data as string) as { region: string | null }).region;
        return ok({ region });
      },
    });
    render();
    const select = await screen.findByLabelText('继续教育所在地区');
    fireEvent.mouseDown(select);
    fireEvent.change(select, { target: { value: '江苏' } });
    fireEvent.click(await screen.findByTitle('江苏省'));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'PUT' && (c.body as { region: string }).region === '江苏省')).toBe(true));
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'GET' && c.url === '/api/credits/year').length).toBeGreaterThan(1));
  });
});
