import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AdminUserDetail } from '@app/contracts/staff/staff.schemas';
import { makeUser } from '@/testing/fixtures';
import { mockApi, ok } from '@/testing/mock-api';
import { renderScreen } from '@/testing/render-screen';
import AdminUsersPage from './admin-users-page';

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 60_000 });

const session = { token: 'admin', user: makeUser({ staff_roles: ['admin'] }) };
const user: AdminUserDetail = {
  id: 42,
  phone: '13912345678',
  nickname: '李会计',
  role: 'personal',
  company_name: null,
  is_member: false,
  member_end_at: null,
  staff_roles: [],
  disabled: false,
  created_at: '2026-03-01T02:00:00.000Z',
  real_name: '李明',
  star_id: 2,
  total_learn_time: 5400,
  finish_course_num: 3,
  active_sessions: 1,
};

describe('/admin/users', () => {
  it('searches, opens a user and disables the account with a reason (required, in Chinese)', async () => {
    let current = user;
    const asked: unknown[] = [];
    const api = mockApi({
      'GET /api/admin/users': (config) => {
        asked.push(config.params);
        return ok({ list: [current], total: 1, page: 1, per: 20 });
      },
      'GET /api/admin/users/42': () => ok(current),
      'POST /api/admin/users/42/disabled': () => {
        current = { ...current, disabled: true, active_sessions: 0 };
        return ok(current, '账号已禁用，该用户的所有登录已失效');
      },
    });
    renderScreen('/admin/users', <AdminUsersPage />, '/admin/users', { session });

    fireEvent.change(await screen.findByLabelText('关键词'), { target: { value: '李会计' } });
    fireEvent.click(screen.getByRole('button', { name: '搜 索' }));
    await waitFor(() => expect(asked).toContainEqual({ page: 1, per: 20, keyword: '李会计' }));

    fireEvent.click(await screen.findByRole('button', { name: '查看13912345678' }));
    const drawer = await screen.findByRole('dialog', { name: '用户 13912345678' });
    expect(within(drawer).getByText('1.5小时')).toBeInTheDocument();
    expect(within(drawer).getByText('已登录')).toBeInTheDocument();

    fireEvent.click(within(drawer).getByRole('button', { name: '禁用账号' }));
    const modal = (await screen.findByText('禁用账号（13912345678）')).closest('.ant-modal') as HTMLElement;
    fireEvent.click(within(modal).getByRole('button', { name: '确认禁用账号' }));
    expect(await within(modal).findByText('请填写原因')).toBeInTheDocument();
    fireEvent.change(within(modal).getByLabelText('原因'), { target: { value: '冒用他人身份' } });
    fireEvent.click(within(modal).getByRole('button', { name: '确认禁用账号' }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.url === '/api/admin/users/42/disabled')?.body).toEqual({
        disabled: true,
        reason: '冒用他人身份',
      }),
    );
    expect(await within(drawer).findByText('已禁用')).toBeInTheDocument();
  });

  it('重置密码 asks for confirmation, then sends the reset', async () => {
    const api = mockApi({
      'GET /api/admin/users': ok({ list: [user], total: 1, page: 1, per: 20 }),
      'GET /api/admin/users/42': ok(user),
      'POST /api/admin/users/42/reset_password': ok({ ...user, active_sessions: 0 }, '已重置密码'),
    });
    renderScreen('/admin/users', <AdminUsersPage />, '/admin/users', { session });
    fireEvent.click(await screen.findByRole('button', { name: '查看13912345678' }));
    const drawer = await screen.findByRole('dialog', { name: '用户 13912345678' });
    fireEvent.click(within(drawer).getByRole('button', { name: '重置密码' }));
    fireEvent.click(await screen.findByRole('button', { name: '确认重置' }));
    await waitFor(() =>
      expect(api.calls.some((c) => c.url === '/api/admin/users/42/reset_password')).toBe(true),
    );
  });
});
