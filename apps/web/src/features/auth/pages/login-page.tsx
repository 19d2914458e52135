import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { DEFAULT_SITE_NAME } from '@app/contracts';
import { CodeLoginForm } from '../components/code-login-form';
import { PasswordLoginForm } from '../components/password-login-form';
import { WechatLogin } from '../components/wechat-login';
import { loginModeOf, type LoginMode } from '../lib/login-mode';
import { useServerRender } from '@/shared/lib/server-render';
import { PageSpin } from '@/shared/ui/page-spin';
import { PlainButton } from '@/shared/ui/plain-button';
import { PlainTabs } from '@/shared/ui/plain-tabs';
import './login-page.css';

// Registration and recovery are antd forms: their modes load antd (the route's `antdWhen`), the login mode does not.
const RegisterForm = lazy(() =>
  import('../components/register-form').then((m) => ({ default: m.RegisterForm })),
);
const ForgotPasswordForm = lazy(() =>
  import('../components/forgot-password-form').then((m) => ({ default: m.ForgotPasswordForm })),
);

type LoginTab = 'password' | 'code';

const HEADINGS: Record<LoginMode, string> = {
  login: '欢迎登录',
  register: '注册账号',
  forgot: '找回密码',
};

const TABS: { key: LoginTab; label: string }[] = [
  { key: 'password', label: '密码登录' },
  { key: 'code', label: '验证码登录' },
];

/**
 * /login: password or code login, registration (?mode=register) and password recovery (?mode=forgot).
 * The login mode, the page most visitors see first, is drawn with plain controls; antd comes only with the other modes.
 */
export default function LoginPage() {
  const [params, setParams] = useSearchParams();
  const mode = loginModeOf(params.get('mode'));
  const [tab, setTab] = useState<LoginTab>('password');
  const [knownPhone, setKnownPhone] = useState<string | undefined>();

  /** Switches mode in the URL, keeping `redirect` so the user still lands where they wanted. */
  function go(next: LoginMode) {
    const nextParams = new URLSearchParams(params);
    if (next === 'login') nextParams.delete('mode');
    else nextParams.set('mode', next);
    setParams(nextParams, { replace: true });
  }

  return (
    <div className="login-page">
      <div className="login-page__decor" aria-hidden="true">
        <span className="login-page__bar login-page__bar--1" />
        <span className="login-page__bar login-page__bar--2" />
        <span className="login-page__bar login-page__bar--3" />
        <span className="login-page__bar login-page__bar--4" />
        <span className="login-page__bar login-page__bar--5" />
        <span className="login-page__coin login-page__coin--a" />
        <span className="login-page__coin login-page__coin--b" />
      </div>
      <section className="login-card">
        <div className="login-card__brand">
          <div className="login-card__site">{DEFAULT_SITE_NAME}</div>
          <h1 className="login-card__title">{HEADINGS[mode]}</h1>
        </div>

        {mode === 'login' && (
          <>
            <WechatLogin />
            <PlainTabs<LoginTab>
              items={TABS}
              active={tab}
              onChange={setTab}
              label="登录方式"
              idPrefix="login"
              panelId={(key) => `login-panel-${key}`}
              centered
            />
            {TABS.map(({ key }) => (
              <div
                key={key}
                role="tabpanel"
                id={`login-panel-${key}`}
                aria-labelledby={`login-tab-${key}`}
                hidden={tab !== key}
              >
                {key === 'password' ? (
                  <PasswordLoginForm initialPhone={knownPhone} onForgot={() => go('forgot')} />
                ) : (
                  <CodeLoginForm />
                )}
              </div>
            ))}
            <div className="login-card__switch">
              还没有账号？
              <PlainButton variant="link" onClick={() => go('register')}>
                立即注册
              </PlainButton>
            </div>
          </>
        )}

        {mode === 'register' && (
          <>
            <LazyForm>
              <RegisterForm />
            </LazyForm>
            <div className="login-card__switch">
              已有账号？
              <PlainButton variant="link" onClick={() => go('login')}>
                去登录
              </PlainButton>
            </div>
          </>
        )}

        {mode === 'forgot' && (
          <>
            <LazyForm>
              <ForgotPasswordForm
                onDone={(phone) => {
                  setKnownPhone(phone);
                  setTab('password');
                  go('login');
                }}
              />
            </LazyForm>
            <div className="login-card__switch">
              想起密码了？
              <PlainButton variant="link" onClick={() => go('login')}>
                返回登录
              </PlainButton>
            </div>
          </>
        )}
      </section>
    </div>
  );
}

/** Holds the card's height while an antd form's code loads, so the card does not jump when it arrives. */
function FormLoading() {
  return (
    <div className="login-card__loading">
      <PageSpin />
    </div>
  );
}

/**
 * A lazily loaded form. The server and the hydrating pass draw the placeholder without suspending (a suspended
 * server render would make the browser discard that part and report it); the client then loads the form.
 */
function LazyForm({ children }: { children: ReactNode }) {
  const serverRender = useServerRender();
  return serverRender ? <FormLoading /> : <Suspense fallback={<FormLoading />}>{children}</Suspense>;
}
