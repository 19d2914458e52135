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
  it('names the action in Chinese and the record by its title, never by a code', async () => {
    const course = {
      ...entry,
      id: 4,
      action: 'course.publish',
      entity: 'course',
      entity_id: '38',
      before: { title: '新收入准则精讲', state: 'draft' },
      after: { title: '新收入准则精讲', state: 'published' },
    };
    const unnamed = { ...entry, id: 5, action: 'POST /api/admin/something', entity: 'something', entity_id: '7', before: null, after: null };
    mockApi({ 'GET /api/admin/audit': ok({ list: [course, unnamed], total: 2, page: 1, per: 20 }) });
    renderScreen('/admin/audit', <AdminAuditPage />, '/admin/audit', { session });
    const row = (await screen.findByText('发布课程')).closest('tr')!;
    expect(within(row).getByText('课程《新收入准则精讲》')).toBeInTheDocument();
    expect(screen.getByText('其他操作')).toBeInTheDocument();
    expect(screen.getByText('记录 #7')).toBeInTheDocument();
    expect(screen.queryByText(/course\.publish|course #38/)).toBeNull();
  });

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
    expect(within(row).getByText('用户 #42')).toBeInTheDocument();
    expect(within(row).getByText('198.51.100.7')).toBeInTheDocument();
    expect(within(row).getByText('2026-11-20 10:30')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('操作人手机号'), { target: { value: '138009' } });
    fireEvent.click(screen.getByRole('button', { name: '查 询' }));
    await waitFor(() => expect(asked).toContainEqual({ page: 1, per: 20, actor: '138009' }));
  });
});
