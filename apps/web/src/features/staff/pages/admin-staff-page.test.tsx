import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeUser } from '@/testing/fixtures';
import { mockApi, ok } from '@/testing/mock-api';
import { renderScreen } from '@/testing/render-screen';
import AdminStaffPage from './admin-staff-page';

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 60_000 });

const session = { token: 'admin', user: makeUser({ staff_roles: ['admin'] }) };
const render = () => renderScreen('/admin/staff', <AdminStaffPage />, '/admin/staff', { session });

describe('/admin/staff', () => {
  it('lists the staff accounts with their roles in Chinese', async () => {
    mockApi({
      'GET /api/admin/staff': ok([
        { user_id: 8, phone: '13800138008', nickname: '财务开票员', roles: ['finance', 'grader'] },
      ]),
    });
    render();
    const row = (await screen.findByText('13800138008')).closest('tr')!;
    expect(within(row).getByText('财务')).toBeInTheDocument();
    expect(within(row).getByText('阅卷老师')).toBeInTheDocument();
  });

  it('checks the phone in Chinese, then sends the phone and the chosen roles', async () => {
    const api = mockApi({
      'GET /api/admin/staff': ok([]),
      'POST /api/admin/staff/roles': ok(
        { user_id: 9, phone: '13912345678', nickname: null, roles: ['reviewer'] },
        '角色已保存',
      ),
    });
    render();
    fireEvent.click(await screen.findByRole('button', { name: '保存角色' }));
    expect(await screen.findByText('请输入手机号')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('手机号'), { target: { value: '1391234' } });
    expect(await screen.findByText('手机号格式不正确')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('手机号'), { target: { value: '13912345678' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /审核员/ }));
    fireEvent.click(screen.getByRole('button', { name: '保存角色' }));
    await waitFor(() => expect(api.calls.some((c) => c.url === '/api/admin/staff/roles')).toBe(true));
    const call = api.calls.find((c) => c.url === '/api/admin/staff/roles')!;
    expect(call.body).toEqual({ phone: '13912345678', roles: ['reviewer'] });
  });
});
