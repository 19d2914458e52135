import { Button, Card, Tabs } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { DEFAULT_SITE_NAME } from '@app/contracts';
import { CodeLoginForm } from '../components/code-login-form';
import { ForgotPasswordForm } from '../components/forgot-password-form';
import { PasswordLoginForm } from '../components/password-login-form';
import { RegisterForm } from '../components/register-form';
import './login-page.css';

type Mode = 'login' | 'register' | 'forgot';
type LoginTab = 'password' | 'code';

function modeOf(raw: string | null): Mode {
  return raw === 'register' || raw === 'forgot' ? raw : 'login';
}

const HEADINGS: Record<Mode, string> = {
  login: '欢迎登录',
  register: '注册账号',
  forgot: '找回密码',
};

/** /login: password or code login, registration (?mode=register) and password recovery (?mode=forgot). */
export default function LoginPage() {
  const [params, setParams] = useSearchParams();
  const mode = modeOf(params.get('mode'));
  const [tab, setTab] = useState<LoginTab>('password');
  const [knownPhone, setKnownPhone] = useState<string | undefined>();

  /** Switches mode in the URL, keeping `redirect` so the user still lands where they wanted. */
  function go(next: Mode) {
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
      <Card className="login-card" variant="borderless">
        <div className="login-card__brand">
          <div className="login-card__site">{DEFAULT_SITE_NAME}</div>
          <h1 className="login-card__title">{HEADINGS[mode]}</h1>
        </div>

        {mode === 'login' && (
          <>
            <Tabs
              centered
              activeKey={tab}
              onChange={(k) => setTab(k as LoginTab)}
              items={[
                {
                  key: 'password',
                  label: '密码登录',
                  children: <PasswordLoginForm initialPhone={knownPhone} onForgot={() => go('forgot')} />,
                },
                { key: 'code', label: '验证码登录', children: <CodeLoginForm /> },
              ]}
            />
            <div className="login-card__switch">
              还没有账号？
              <Button type="link" size="small" onClick={() => go('register')}>
                立即注册
              </Button>
            </div>
          </>
        )}

        {mode === 'register' && (
          <>
            <RegisterForm />
            <div className="login-card__switch">
              已有账号？
              <Button type="link" size="small" onClick={() => go('login')}>
                去登录
              </Button>
            </div>
          </>
        )}

        {mode === 'forgot' && (
          <>
            <ForgotPasswordForm
              onDone={(phone) => {
                setKnownPhone(phone);
                setTab('password');
                go('login');
              }}
            />
            <div className="login-card__switch">
              想起密码了？
              <Button type="link" size="small" onClick={() => go('login')}>
                返回登录
              </Button>
            </div>
          </>
        )}
      </Card>
    </div>
  );
}
