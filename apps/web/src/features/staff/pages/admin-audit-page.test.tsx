import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeUser } from '@/testing/fixtures';
import { mockApi, ok } from '@/testing/mock-api';
import { renderScreen } from '@/testing/render-screen';
import AdminAuditPage from './admin-audit-page';

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 60_000 });

const session = { token: 'admin', user: makeUser({ staff_roles: ['admin'] }) };
const entry = {
  id: 3,
  at: '2026-11-20T02:30:00.000Z',
  actor_id: 1,
  actor_phone: '13800138009',
  actor_roles: ['admin'],
  action: 'staff.set_roles',
  entity: 'user',
  entity_id: '42',
  before: { roles: [] },
  after: { roles: ['finance'] },
  ip: '198.51.100.7',
};

describe('/admin/audit', () => {
  it('shows who did what to which record, and searches by the operator phone', async () => {
    const asked: unknown[] = [];
    mockApi({
      'GET /api/admin/audit': (config) => {
        asked.push(config.params);
        return ok({ list: [entry], total: 1, page: 1, per: 20 });
      },
    });
    renderScreen('/admin/audit', <AdminAuditPage />, '/admin/audit', { session });
    const row = (await screen.findByText('设置角色')).closest('tr')!;
    expect(within(row).getByText('13800138009')).toBeInTheDocument();
    expect(within(row).getByText('管理员')).toBeInTheDocument();
    expect(within(row).getByText('user #42')).toBeInTheDocument();
    expect(within(row).getByText('198.51.100.7')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('操作人手机号'), { target: { value: '138009' } });
    fireEvent.click(screen.getByRole('button', { name: '查 询' }));
    await waitFor(() => expect(asked).toContainEqual({ page: 1, per: 20, actor: '138009' }));
  });
});
