import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Profile } from '@app/contracts';
import { careMode } from '@/shared/lib/care-mode';
import { makeUser } from '@/testing/fixtures';
import { mockApi, ok } from '@/testing/mock-api';
import { renderScreen } from '@/testing/render-screen';
import SettingPage from './setting-page';

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 60_000 });

const profile: Profile = {
  id: 1001,
  phone: '13800138000',
  role: 'personal',
  nickname: '张会计',
  avatar: null,
  real_name: '张三',
  id_number: '11010519491231002X',
  gender: 1,
  political_status: 2,
  company_name: null,
  credit_code: null,
};

function renderSetting(path = '/center/setting') {
  return renderScreen('/center/setting', <SettingPage />, path, {
    session: { token: 't1', user: makeUser() },
  });
}

describe('settings page', () => {
  it('prefills 个人信息 from the profile and saves the edited fields', async () => {
    const { calls } = mockApi({
      'GET /api/users/profile': ok(profile),
      'POST /api/users/user_setting': ok({ ...profile, nickname: '李会计' }),
      'POST /api/users/get_current_user': ok(makeUser({ nickname: '李会计' })),
    });
    renderSetting();
    const nickname = await screen.findByLabelText('昵称');
    expect(nickname).toHaveValue('张会计');
    expect(screen.getByLabelText('身份证号')).toHaveValue('11010519491231002X');
    expect(screen.getByText('138****8000')).toBeInTheDocument();

    fireEvent.change(nickname, { target: { value: '李会计' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() =>
      expect(calls.find((c) => c.url === '/api/users/user_setting')?.body).toEqual({
        nickname: '李会计',
        real_name: '张三',
        id_number: '11010519491231002X',
        gender: 1,
        political_status: 2,
      }),
    );
  });

  it('checks the ID number with the SPEC §5 rule before saving', async () => {
    const { calls } = mockApi({ 'GET /api/users/profile': ok({ ...profile, id_number: null }) });
    renderSetting();
    const id = await screen.findByLabelText('身份证号');
    fireEvent.change(id, { target: { value: '12345' } });
    fireEvent.blur(id);
    expect(await screen.findByText('身份证号格式不正确')).toBeInTheDocument();
    fireEvent.change(id, { target: { value: '' } });
    fireEvent.blur(id);
    expect(await screen.findByText('请输入身份证号')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await new Promise((r) => setTimeout(r, 300));
    expect(calls.some((c) => c.url === '/api/users/user_setting')).toBe(false);
  });

  it('账号设置 turns 关怀模式 off and saves it to the account', async () => {
    const { calls } = mockApi({
      'GET /api/users/profile': ok(profile),
      'PUT /api/users/care_mode': ok({ care_mode: false }),
    });
    careMode.set(true);
    renderScreen('/center/setting', <SettingPage />, '/center/setting?tab=account', {
      session: { token: 't1', user: makeUser({ care_mode: true }) },
    });
    const toggle = await screen.findByRole('switch', { name: '关怀模式' });
    expect(toggle).toBeChecked();
    fireEvent.click(toggle);
    await waitFor(() => expect(calls.find((c) => c.url === '/api/users/care_mode')?.body).toEqual({ enabled: false }));
    expect(toggle).not.toBeChecked();
    expect(document.documentElement).not.toHaveClass('care-mode');
  });

  it('账号设置 changes the phone with the new phone, its code and the login password', async () => {
    const { calls } = mockApi({
      'GET /api/users/profile': ok(profile),
      'POST /api/users/send_msg': ok({ expires_in: 300, resend_after: 60 }),
      'POST /api/users/change_phone': ok({ phone: '13900001111' }),
      'POST /api/users/get_current_user': ok(makeUser({ phone: '13900001111' })),
    });
    renderSetting('/center/setting?tab=account');
    const newPhone = await screen.findByLabelText('新手机号');
    expect(newPhone).toHaveAttribute('inputmode', 'tel');
    expect(newPhone).toHaveAttribute('autocomplete', 'tel');
    expect(screen.getByLabelText('验证码')).toHaveAttribute('autocomplete', 'one-time-code');
    fireEvent.change(newPhone, { target: { value: '13900001111' } });
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    await waitFor(() =>
      expect(calls.find((c) => c.url === '/api/users/send_msg')?.body).toEqual({
        phone: '13900001111',
        purpose: 'change_phone',
      }),
    );
    fireEvent.change(screen.getByLabelText('验证码'), { target: { value: '654321' } });
    fireEvent.change(screen.getByLabelText('登录密码'), { target: { value: 'demo_1234' } });
    fireEvent.click(screen.getByRole('button', { name: '更换手机号' }));
    await waitFor(() =>
      expect(calls.find((c) => c.url === '/api/users/change_phone')?.body).toEqual({
        new_phone: '13900001111',
        new_code: '654321',
        password: 'demo_1234',
      }),
    );
  });
});
