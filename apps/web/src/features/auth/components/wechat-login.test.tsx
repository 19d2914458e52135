import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from '@/testing/fixtures';
import { mockApi, ok } from '@/testing/mock-api';
import { renderScreen } from '@/testing/render-screen';
import { useSessionStore } from '@/shared/lib/session/session-store';
import LoginPage from '../pages/login-page';
import { leaveSite } from '../api/wechat-api';
import { WECHAT_AUTO_LOGIN_KEY } from './wechat-login';

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 60_000 });

const WECHAT_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.50(0x1800323c) NetType/WIFI Language/zh_CN';
const realUa = navigator.userAgent;

function insideWechat() {
  Object.defineProperty(window.navigator, 'userAgent', { value: WECHAT_UA, configurable: true });
}

afterEach(() => {
  Object.defineProperty(window.navigator, 'userAgent', { value: realUa, configurable: true });
  window.sessionStorage.clear();
  vi.restoreAllMocks();
});

const config = ok({ enabled: true, app_id: 'wx1234567890abcdef', sandbox: false });

describe('/login with WeChat', () => {
  it('offers 微信一键登录 only inside WeChat with WeChat switched on', async () => {
    const { calls } = mockApi({ 'GET /api/wechat/config': config });
    const first = renderScreen('/login', <LoginPage />, '/login');
    await screen.findByRole('heading', { name: '欢迎登录' });
    await new Promise((r) => setTimeout(r, 200));
    expect(screen.queryByRole('button', { name: /微信一键登录/ })).toBeNull();
    // Outside WeChat the configuration is not even asked for.
    expect(calls.some((c) => c.url === '/api/wechat/config')).toBe(false);
    first.unmount();

    insideWechat();
    const assign = vi.spyOn(leaveSite, 'assign').mockImplementation(() => {});
    mockApi({
      'GET /api/wechat/config': config,
      'POST /api/wechat/oauth/authorize_url': ok({ url: 'https://open.weixin.qq.com/connect/oauth2/authorize?appid=x#wechat_redirect' }),
    });
    renderScreen('/login', <LoginPage />, '/login');
    fireEvent.click(await screen.findByRole('button', { name: /微信一键登录/ }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://open.weixin.qq.com/connect/oauth2/authorize?appid=x#wechat_redirect'));
  });

  it('inside WeChat, a protected page sent here starts the silent WeChat sign-in by itself, once per tab', async () => {
    insideWechat();
    const assign = vi.spyOn(leaveSite, 'assign').mockImplementation(() => {});
    const { calls } = mockApi({
      'GET /api/wechat/config': config,
      'POST /api/wechat/oauth/authorize_url': ok({ url: '/api/wechat/sandbox/authorize?state=s' }),
    });
    const first = renderScreen('/login', <LoginPage />, '/login?redirect=%2Fcenter%2Flesson');
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    expect(calls.find((c) => c.url === '/api/wechat/oauth/authorize_url')?.body).toEqual({ purpose: 'login', redirect: '/center/lesson' });
    expect(window.sessionStorage.getItem(WECHAT_AUTO_LOGIN_KEY)).toBe('1');
    first.unmount();

    renderScreen('/login', <LoginPage />, '/login?redirect=%2Fcenter%2Flesson');
    expect(await screen.findByRole('button', { name: /微信一键登录/ })).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 200));
    expect(assign).toHaveBeenCalledTimes(1);
  });

  it('finishes the sign-in WeChat returned with: exchanges the ticket once and goes to the redirect', async () => {
    const user = makeUser({ id: 7, phone: '13912345678' });
    const { calls } = mockApi({
      'POST /api/wechat/sign_in': ok({ token: 'tok-wechat', user }),
      'POST /api/users/get_current_user': ok(user),
    });
    const { router } = renderScreen('/login', <LoginPage />, '/login?wechat_ticket=T1&redirect=%2Fcenter%2Fstudent');
    await waitFor(() => expect(router.state.location.pathname).toBe('/center/student'));
    expect(calls.filter((c) => c.url === '/api/wechat/sign_in').map((c) => c.body)).toEqual([{ ticket: 'T1' }]);
    expect(useSessionStore.getState().token).toBe('tok-wechat');
  });

  it('says the WeChat is not bound and does not start again by itself', async () => {
    insideWechat();
    const assign = vi.spyOn(leaveSite, 'assign').mockImplementation(() => {});
    mockApi({ 'GET /api/wechat/config': config });
    renderScreen('/login', <LoginPage />, '/login?wechat_error=not_bound&redirect=%2Fcenter%2Fstudent');
    expect(await screen.findByText(/该微信尚未绑定本站账号/)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: /微信一键登录/ })).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 200));
    expect(assign).not.toHaveBeenCalled();
  });

  it('shows why an expired ticket did not sign in', async () => {
    mockApi({ 'POST /api/wechat/sign_in': { code: 400, message: '微信登录已过期，请重新登录', data: null } });
    renderScreen('/login', <LoginPage />, '/login?wechat_ticket=old');
    expect(await screen.findByText('微信登录已过期，请重新登录')).toBeInTheDocument();
  });
});
