import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { creditCodeCheckChar } from '@app/contracts';
import { makeUser } from '@/testing/fixtures';
import { mockApi, ok, type MockHandler, type MockReply } from '@/testing/mock-api';
import { currentUrl } from '@/testing/render';
import { renderScreen } from '@/testing/render-screen';
import LoginPage from './login-page';
import { notifier } from '@/shared/lib/notifier';
import { useSessionStore } from '@/shared/lib/session/session-store';

const SLOW = { timeout: 15_000 };
// antd forms in jsdom are slow on a busy machine; give every async query room.
configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 60_000 });
const user = makeUser({ phone: '13912345678' });

function api(extra: Record<string, MockHandler | MockReply> = {}) {
  return mockApi({
    ...extra,
  });
}

function renderLogin(path: string) {
  return renderScreen('/login', <LoginPage />, path);
}

async function openLogin(path = '/login') {
  const rendered = renderLogin(path);
  await screen.findByRole('heading', { name: '欢迎登录' }, SLOW);
  return rendered;
}

/** The visible password-login panel (antd keeps inactive tab panes out of the way). */
function passwordPanel() {
  return screen.getByRole('tabpanel', { name: '密码登录' });
}

beforeEach(() => {
  api();
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('login form messages (SPEC §5, on blur)', () => {
  it('says 请输入手机号 when the phone is left empty', async () => {
    await openLogin();
    const phone = within(passwordPanel()).getByLabelText('手机号');
    fireEvent.focus(phone);
    fireEvent.blur(phone);
    expect(await within(passwordPanel()).findByText('请输入手机号')).toBeInTheDocument();
  });

  it('says 手机号格式不正确 for a phone that is not 11 digits starting 1[2-9]', async () => {
    await openLogin();
    const phone = within(passwordPanel()).getByLabelText('手机号');
    fireEvent.change(phone, { target: { value: '11234567890' } });
    fireEvent.blur(phone);
    expect(await within(passwordPanel()).findByText('手机号格式不正确')).toBeInTheDocument();
  });

  it('gives the 8-16 character rule for a bad password', async () => {
    await openLogin();
    const password = within(passwordPanel()).getByLabelText('密码');
    fireEvent.change(password, { target: { value: 'abc' } });
    fireEvent.blur(password);
    expect(
      await within(passwordPanel()).findByText('请输入8-16位由数字、字母、下划线组成的密码'),
    ).toBeInTheDocument();
  });

  it('tells code-login users that an unregistered phone gets a personal account', async () => {
    await openLogin();
    fireEvent.click(screen.getByRole('tab', { name: '验证码登录' }));
    expect(await screen.findByText('验证码登录时未注册的手机号将自动注册为个人账号')).toBeInTheDocument();
  });
});

describe('the login screen without antd', () => {
  it('checks both fields on submit, focuses the first bad one and sends nothing', async () => {
    const { calls } = api();
    await openLogin();
    fireEvent.click(within(passwordPanel()).getByRole('button', { name: /登\s*录/ }));
    expect(await within(passwordPanel()).findByText('请输入手机号')).toBeInTheDocument();
    expect(within(passwordPanel()).getByText('请输入密码')).toBeInTheDocument();
    const phone = within(passwordPanel()).getByLabelText('手机号');
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(phone).toHaveFocus());
    expect(calls.some((c) => c.url === '/api/users/account_login')).toBe(false);
  });

  it('shows the typed password on request and hides it again', async () => {
    await openLogin();
    const password = within(passwordPanel()).getByLabelText('密码');
    expect(password).toHaveAttribute('type', 'password');
    fireEvent.click(within(passwordPanel()).getByRole('button', { name: '显示密码' }));
    expect(password).toHaveAttribute('type', 'text');
    fireEvent.click(within(passwordPanel()).getByRole('button', { name: '隐藏密码' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('moves between the login tabs with the arrow keys, showing one panel at a time', async () => {
    await openLogin();
    const passwordTab = screen.getByRole('tab', { name: '密码登录' });
    fireEvent.keyDown(passwordTab, { key: 'ArrowRight' });
    const codeTab = screen.getByRole('tab', { name: '验证码登录' });
    expect(codeTab).toHaveAttribute('aria-selected', 'true');
    expect(codeTab).toHaveFocus();
    expect(screen.getByRole('tabpanel', { name: '验证码登录' })).toBeVisible();
    expect(screen.queryByRole('tabpanel', { name: '密码登录' })).toBeNull();
    fireEvent.keyDown(codeTab, { key: 'ArrowRight' });
    expect(passwordTab).toHaveAttribute('aria-selected', 'true');
  });

  it('toasts a failure that names no field and keeps the typed values', async () => {
    api({ 'POST /api/users/account_login': { code: 400, message: '手机号或密码错误', data: null } });
    const toast = vi.spyOn(notifier, 'error');
    await openLogin();
    const panel = passwordPanel();
    fireEvent.change(within(panel).getByLabelText('手机号'), { target: { value: '13912345678' } });
    fireEvent.change(within(panel).getByLabelText('密码'), { target: { value: 'demo_1234' } });
    fireEvent.click(within(panel).getByRole('button', { name: /登\s*录/ }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith('手机号或密码错误'), SLOW);
    expect(within(panel).getByLabelText('手机号')).toHaveValue('13912345678');
    expect(useSessionStore.getState().token).toBeNull();
  });
});

describe('send-code button', () => {
  it('sends a login code, then is disabled and counts down from 60 s', async () => {
    const { calls } = api({ 'POST /api/users/send_msg': ok({ expires_in: 300, resend_after: 60 }) });
    await openLogin();
    fireEvent.click(screen.getByRole('tab', { name: '验证码登录' }));
    const panel = await screen.findByRole('tabpanel', { name: '验证码登录' });
    fireEvent.change(within(panel).getByLabelText('手机号'), { target: { value: '13912345678' } });

    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(within(panel).getByRole('button', { name: '获取验证码' }));
    const counting = await within(panel).findByRole('button', { name: /重新发送\(60s\)/ });
    expect(counting).toBeDisabled();
    expect(calls.find((c) => c.url === '/api/users/send_msg')?.body).toEqual({
      phone: '13912345678',
      purpose: 'login',
    });

    await act(async () => {
      vi.advanceTimersByTime(1000);
    });
    expect(within(panel).getByRole('button', { name: /重新发送\(59s\)/ })).toBeDisabled();
  });

  it('does not send and shows the phone message when the phone is empty', async () => {
    const { calls } = api({ 'POST /api/users/send_msg': ok({ expires_in: 300, resend_after: 60 }) });
    await openLogin();
    fireEvent.click(screen.getByRole('tab', { name: '验证码登录' }));
    const panel = await screen.findByRole('tabpanel', { name: '验证码登录' });
    fireEvent.click(within(panel).getByRole('button', { name: '获取验证码' }));
    expect(await within(panel).findByText('请输入手机号')).toBeInTheDocument();
    expect(calls.some((c) => c.url === '/api/users/send_msg')).toBe(false);
  });
});

describe('after password login', () => {
  function loginApi() {
    return api({
      'POST /api/users/account_login': ok({ token: 'tok-1', user }),
      'POST /api/users/get_current_user': ok(user),
    });
  }

  async function submitLogin() {
    const panel = passwordPanel();
    fireEvent.change(within(panel).getByLabelText('手机号'), { target: { value: '13912345678' } });
    fireEvent.change(within(panel).getByLabelText('密码'), { target: { value: 'demo_1234' } });
    fireEvent.click(within(panel).getByRole('button', { name: /登\s*录/ }));
  }

  it('stores the token, loads the user and goes to the redirect path', async () => {
    const { calls } = loginApi();
    const { router } = await openLogin('/login?redirect=%2Fcenter%2Fmessage%3Fstatus%3Dunread');
    await submitLogin();
    await waitFor(() => expect(currentUrl(router)).toBe('/center/message?status=unread'), SLOW);
    expect(useSessionStore.getState().token).toBe('tok-1');
    expect(localStorage.getItem('verify')).toBe('tok-1');
    const me = calls.find((c) => c.url === '/api/users/get_current_user');
    expect(me?.token).toBe('tok-1');
    expect(useSessionStore.getState().user?.phone).toBe('13912345678');
  });

  it('ignores a redirect to another site (//evil.com) and goes home', async () => {
    loginApi();
    const { router } = await openLogin('/login?redirect=%2F%2Fevil.com');
    await submitLogin();
    await waitFor(() => expect(useSessionStore.getState().token).toBe('tok-1'), SLOW);
    await waitFor(() => expect(currentUrl(router)).toBe('/'));
  });

  it('shows server field errors under the fields', async () => {
    api({
      'POST /api/users/account_login': {
        code: 400,
        message: '请求参数有误',
        data: { fieldErrors: { phone: '该手机号未注册' } },
      },
    });
    const { router } = await openLogin();
    await submitLogin();
    expect(await within(passwordPanel()).findByText('该手机号未注册')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(useSessionStore.getState().token).toBeNull();
  });
});

describe('phone keyboards and autofill', () => {
  it('asks for the phone keypad on the phone fields and the one-time code on the SMS code field', async () => {
    await openLogin();
    const passwordPhone = within(passwordPanel()).getByLabelText('手机号');
    expect(passwordPhone).toHaveAttribute('inputmode', 'tel');
    // Beside a password the phone is the account's user name, for password managers.
    expect(passwordPhone).toHaveAttribute('autocomplete', 'username');

    fireEvent.click(screen.getByRole('tab', { name: '验证码登录' }));
    const codePanel = screen.getByRole('tabpanel', { name: '验证码登录' });
    expect(within(codePanel).getByLabelText('手机号')).toHaveAttribute('inputmode', 'tel');
    expect(within(codePanel).getByLabelText('手机号')).toHaveAttribute('autocomplete', 'tel');
    expect(within(codePanel).getByLabelText('验证码')).toHaveAttribute('inputmode', 'numeric');
    expect(within(codePanel).getByLabelText('验证码')).toHaveAttribute('autocomplete', 'one-time-code');
  });

  it('does the same on the registration form', async () => {
    renderLogin('/login?mode=register');
    await screen.findByRole('heading', { name: '注册账号' }, SLOW);
    const phone = await screen.findByLabelText('手机号', {}, SLOW);
    expect(phone).toHaveAttribute('inputmode', 'tel');
    expect(phone).toHaveAttribute('autocomplete', 'tel');
    expect(screen.getByLabelText('验证码')).toHaveAttribute('autocomplete', 'one-time-code');
    expect(screen.getByLabelText('验证码')).toHaveAttribute('inputmode', 'numeric');
  });
});

describe('register', () => {
  it('asks a company for a valid unified social credit code', async () => {
    renderLogin('/login?mode=register');
    await screen.findByRole('heading', { name: '注册账号' }, SLOW);
    expect(screen.queryByLabelText('统一社会信用代码')).not.toBeInTheDocument();
    // The registration form's code loads with its mode.
    fireEvent.click(await screen.findByRole('radio', { name: '企业' }, SLOW));
    const credit = await screen.findByLabelText('统一社会信用代码');

    fireEvent.focus(credit);
    fireEvent.blur(credit);
    expect(await screen.findByText('请输入统一社会信用代码')).toBeInTheDocument();

    fireEvent.change(credit, { target: { value: '91350100M000100Y4X' } });
    fireEvent.blur(credit);
    expect(await screen.findByText('统一社会信用代码不正确')).toBeInTheDocument();

    const first17 = '91350100M000100Y4';
    fireEvent.change(credit, { target: { value: first17 + creditCodeCheckChar(first17) } });
    fireEvent.blur(credit);
    await waitFor(() => expect(screen.queryByText('统一社会信用代码不正确')).not.toBeInTheDocument());
  });

  it('registers a company account and logs it in', async () => {
    const company = makeUser({ role: 'company', phone: '13712345678' });
    const { calls } = api({
      'POST /api/users/send_msg': ok({ expires_in: 300, resend_after: 60 }),
      'POST /api/users/register': ok({ token: 'tok-c', user: company }),
      'POST /api/users/get_current_user': ok(company),
    });
    const { router } = renderLogin('/login?mode=register&redirect=%2Fcenter%2Fstudent');
    await screen.findByRole('heading', { name: '注册账号' }, SLOW);
    // The registration form's code loads with its mode.
    fireEvent.click(await screen.findByRole('radio', { name: '企业' }, SLOW));
    const first17 = '91350100M000100Y4';
    const code = first17 + creditCodeCheckChar(first17);
    fireEvent.change(await screen.findByLabelText('企业名称'), { target: { value: '某某财务咨询有限公司' } });
    fireEvent.change(screen.getByLabelText('统一社会信用代码'), { target: { value: code.toLowerCase() } });
    fireEvent.change(screen.getByLabelText('手机号'), { target: { value: '13712345678' } });
    fireEvent.change(screen.getByLabelText('验证码'), { target: { value: '123456' } });
    fireEvent.change(screen.getByLabelText('密码'), { target: { value: 'abc_12345' } });
    fireEvent.change(screen.getByLabelText('确认密码'), { target: { value: 'abc_12345' } });
    fireEvent.click(screen.getByRole('button', { name: /注\s*册/ }));

    await waitFor(() => expect(currentUrl(router)).toBe('/center/student'), SLOW);
    expect(calls.find((c) => c.url === '/api/users/register')?.body).toEqual({
      role: 'company',
      phone: '13712345678',
      code: '123456',
      password: 'abc_12345',
      company_name: '某某财务咨询有限公司',
      credit_code: code,
    });
  });
});
