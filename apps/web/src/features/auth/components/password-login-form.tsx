import { LockOutlined } from '@ant-design/icons';
import { passwordError, phoneError } from '@app/contracts/common/rule-patterns';
import { authApi } from '../api/auth-api';
import { usePlainLogin } from '../lib/use-plain-login';
import { LoginSubmitButton, PlainPasswordField, PlainPhoneField } from './plain-field';
import { PlainButton } from '@/shared/ui/plain-button';

const RULES = {
  phone: phoneError,
  password: passwordError,
};

/** 密码登录 (SPEC §5 rules on change and blur). Plain controls: the login screen's first paint loads no antd. */
export function PasswordLoginForm({ initialPhone, onForgot }: { initialPhone?: string; onForgot(): void }) {
  const { form, submitting, disabled, onSubmit } = usePlainLogin(
    { phone: initialPhone ?? '', password: '' },
    RULES,
    (v) => authApi.accountLogin({ phone: v.phone.trim(), password: v.password }),
  );
  return (
    <form name="password-login" className="plain-form" onSubmit={onSubmit} noValidate autoComplete="on">
      <PlainPhoneField {...form.field('phone')} disabled={disabled} autoComplete="username" />
      <PlainPasswordField
        {...form.field('password')}
        label="密码"
        icon={<LockOutlined />}
        placeholder="请输入密码"
        maxLength={16}
        autoComplete="current-password"
        disabled={disabled}
      />
      <div className="login-card__row-end">
        <PlainButton variant="link" onClick={onForgot} disabled={disabled}>
          忘记密码？
        </PlainButton>
      </div>
      <LoginSubmitButton loading={submitting} disabled={disabled} />
    </form>
  );
}
