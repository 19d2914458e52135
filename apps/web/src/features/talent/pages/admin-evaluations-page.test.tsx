import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { talentMessages } from '@app/contracts/talent/talent.rules';
import { renderScreen } from '@/testing/render-screen';
import { makeUser } from '@/testing/fixtures';
import { mockApi, ok } from '@/testing/mock-api';
import { makeAdminRcpj } from '../testing/talent-fixtures';
import AdminEvaluationsPage from './admin-evaluations-page';

vi.setConfig({ testTimeout: 60_000 });

function render() {
  const api = mockApi({
    'GET /api/admin/rcpjs': ok({ list: [makeAdminRcpj()], total: 1, page: 1, per: 10 }),
    'POST /api/admin/rcpjs/7/review': ok(
      makeAdminRcpj({ status: 'rejected' }),
      talentMessages.reviewRejected,
    ),
  });
  renderScreen('/admin/evaluations', <AdminEvaluationsPage />, '/admin/evaluations', {
    session: { token: 't', user: makeUser({ is_staff: true }) },
  });
  return api;
}

describe('staff evaluation review', () => {
  it('lists submitted applications first and rejects only with a reason', async () => {
    const { calls } = render();
    fireEvent.click(await screen.findByRole('button', { name: /审\s?核/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('从事财务工作十年')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('radio', { name: '驳回' }));
    fireEvent.click(within(dialog).getByRole('button', { name: '提交审核' }));
    expect(await within(dialog).findByText(talentMessages.rejectReasonRequired)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(within(dialog).getByPlaceholderText('请填写驳回原因'), {
      target: { value: '证书不符' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: '提交审核' }));
    expect(await screen.findByText(talentMessages.reviewRejected)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ approve: false, reason: '证书不符' });
    expect(calls[0]?.url).toBe('/api/admin/rcpjs');
  });

  it('approves with the level applied for by default', async () => {
    const { calls } = render();
    fireEvent.click(await screen.findByRole('button', { name: /审\s?核/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: '提交审核' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ approve: true, level: 3 }),
    );
  });
});
