import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Profile } from '@app/contracts';
import { makeUser } from '@/testing/fixtures';
import { mockApi, ok } from '@/testing/mock-api';
import { renderScreen } from '@/testing/render-screen';
import SettingPage from '../pages/setting-page';
import { leaveSite } from '../api/wechat-api';

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 60_000 });

const profile: Profile = {
  id: 1001,
  phone: '13800138000',
  role: 'personal',
  nickname: '张会计',
  avatar: null,
  real_name: null,
  id_number: null,
  gender: null,
  political_status: null,
  company_name: null,
  credit_code: null,
};

const bound = { enabled: true, bound: true, nickname: '微信张会计', avatar_url: null, bound_at: '2026-11-01T08:00:00.000Z' };
const unbound = { enabled: true, bound: false, nickname: null, avatar_url: null, bound_at: null };

function renderAccountTab(path = '/center/setting?tab=account') {
  return renderScreen('/center/setting', <SettingPage />, path, { session: { token: 't1', user: makeUser() } });
}

afterEach(() => vi.restoreAllMocks());

describe('账号设置: 微信绑定', () => {
  it('shows nothing about WeChat when the site has WeChat off', async () => {
    mockApi({
      'GET /api/users/profile': ok(profile),
      'GET /api/wechat/binding': ok({ ...unbound, enabled: false }),
      'GET /api/wechat/config': ok({ enabled: false, app_id: null, sandbox: false }),
    });
    renderAccountTab();
    expect(await screen.findByLabelText('新手机号')).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 200));
    expect(screen.queryByText('微信绑定')).toBeNull();
    expect(screen.queryByRole('button', { name: /绑定微信/ })).toBeNull();
  });

  it('shows the bound nickname and unbinds after confirmation', async () => {
    let state: typeof bound | typeof unbound = bound;
    const { calls } = mockApi({
      'GET /api/users/profile': ok(profile),
      'GET /api/wechat/config': ok({ enabled: true, app_id: 'wx1234567890abcdef', sandbox: true }),
      'GET /api/wechat/binding': () => ok(state),
      'DELETE /api/wechat/binding': () => {
        state = unbound;
        return ok(null, '已解除微信绑定');
      },
    });
    renderAccountTab();
    expect(await screen.findByText(/已绑定微信「微信张会计」/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '解除绑定' }));
    // Nothing happens before the confirmation.
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(await screen.findByRole('button', { name: '确定解除' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/wechat/binding')).toBe(true));
    expect(await screen.findByRole('button', { name: /绑定微信/ })).toBeInTheDocument();
  });

  it('binds: starts a bind authorisation that returns to this tab and leaves for the authorise page', async () => {
    const assign = vi.spyOn(leaveSite, 'assign').mockImplementation(() => {});
    const { calls } = mockApi({
      'GET /api/users/profile': ok(profile),
      'GET /api/wechat/config': ok({ enabled: true, app_id: 'wx1234567890abcdef', sandbox: true }),
      'GET /api/wechat/binding': ok(unbound),
      'POST /api/wechat/oauth/authorize_url': ok({ url: '/api/wechat/sandbox/authorize?state=s#wechat_redirect' }),
    });
    renderAccountTab();
    fireEvent.click(await screen.findByRole('button', { name: /绑定微信/ }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/api/wechat/sandbox/authorize?state=s#wechat_redirect'));
    expect(calls.find((c) => c.url === '/api/wechat/oauth/authorize_url')?.body).toEqual({
      purpose: 'bind',
      redirect: '/center/setting?tab=account',
    });
  });

  it('outside WeChat (real WeChat) asks to open the page inside WeChat instead of offering the button', async () => {
    mockApi({
      'GET /api/users/profile': ok(profile),
      'GET /api/wechat/config': ok({ enabled: true, app_id: 'wx1234567890abcdef', sandbox: false }),
      'GET /api/wechat/binding': ok(unbound),
    });
    renderAccountTab();
    expect(await screen.findByText(/请在微信中打开本站的「账号设置」页面/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /绑定微信/ })).toBeNull();
  });

  it("tells the member why binding failed when WeChat returns with 'taken'", async () => {
    mockApi({
      'GET /api/users/profile': ok(profile),
      'GET /api/wechat/config': ok({ enabled: true, app_id: 'wx1234567890abcdef', sandbox: true }),
      'GET /api/wechat/binding': ok(unbound),
    });
    renderAccountTab('/center/setting?tab=account&wechat_error=taken');
    expect(await screen.findByText('该微信已绑定其他账号，请先在那个账号中解除绑定')).toBeInTheDocument();
  });
});
