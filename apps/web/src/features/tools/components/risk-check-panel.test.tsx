import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { RISK_LINES } from '@app/contracts';
import { mockApi, ok } from '@/testing/mock-api';
import { makeUser } from '@/testing/fixtures';
import { renderScreen } from '@/testing/render-screen';
import { currentUrl } from '@/testing/render';
import RiskCheckPanel from './risk-check-panel';

vi.setConfig({ testTimeout: 60_000 });

const path = '/financeTool/toolInfo/risk-check';
const session = { token: 't', user: makeUser() };
const quota = ok({ is_member: false, member_end_at: null, free_per_year: 2, free_used: 0, free_left: 0, price: 9900 });

function fillBalanced() {
  fireEvent.change(screen.getByLabelText('企业名称'), { target: { value: '杭州瑞丰商贸有限公司' } });
  for (const col of ['上年', '本年'])
    for (const l of RISK_LINES) {
      const v = l.key === 'totalAssets' ? '200' : l.key === 'totalLiabilities' || l.key === 'equity' ? '100' : '50';
      fireEvent.change(screen.getByLabelText(`${col}${l.label}`), { target: { value: v } });
    }
}

describe('RiskCheckPanel', () => {
  it('checks the statements in the browser and shows the message of each line and column', async () => {
    const { calls } = mockApi({ 'GET /api/risk-checks/quota': quota });
    renderScreen(path, <RiskCheckPanel />, path, { session });
    fireEvent.change(await screen.findByLabelText('上年货币资金'), { target: { value: '-3' } });
    fireEvent.click(screen.getByRole('button', { name: '生成检测报告' }));
    expect(await screen.findByText('请输入企业名称')).toBeInTheDocument();
    expect(screen.getByText('上年货币资金不能为负数')).toBeInTheDocument();
    expect(screen.getByText('请输入本年营业收入')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('asks a non-member to pay and opens the payment of a risk_report order', async () => {
    const { calls } = mockApi({
      'GET /api/risk-checks/quota': quota,
      'POST /api/risk-checks': ok({ id: 7, company_name: '杭州瑞丰商贸有限公司', state: 'awaiting_payment', source: null, price: 9900, created_at: '2026-01-01T00:00:00Z', ready_at: null, analysis: null, pdf_url: null }),
      'POST /api/orders': ok({ order_no: 'R7' }),
    });
    const { router } = renderScreen(path, <RiskCheckPanel />, path, { session });
    expect(await screen.findByText('非会员每份报告99.00元，开通会员每年可免费生成2份')).toBeInTheDocument();
    fillBalanced();
    fireEvent.click(screen.getByRole('button', { name: '生成检测报告' }));
    expect(await screen.findByText('本次检测需付费')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '去支付' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/payment?order_no=R7'));
    expect(calls.find((c) => c.method === 'POST' && c.url === '/api/orders')?.body).toEqual({ product_type: 'risk_report', product_id: 7 });
  });

  it('keeps what was typed when a visitor goes to log in and comes back', async () => {
    mockApi({});
    const first = renderScreen(path, <RiskCheckPanel />, path);
    fillBalanced();
    fireEvent.click(screen.getByRole('button', { name: '生成检测报告' }));
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/login'));
    first.unmount();
    renderScreen(path, <RiskCheckPanel />, path);
    expect(await screen.findByLabelText('企业名称')).toHaveValue('杭州瑞丰商贸有限公司');
  });
});
