import { InfoCircleFilled, SafetyOutlined } from '@ant-design/icons';
import { phoneError, smsCodeError } from '@app/contracts/common/rule-patterns';
import { authApi } from '../api/auth-api';
import { usePlainLogin } from '../lib/use-plain-login';
import { useSendCode } from '../lib/use-send-code';
import { LoginSubmitButton, PlainField, PlainPhoneField } from './plain-field';
import { PlainButton } from '@/shared/ui/plain-button';

export const AUTO_REGISTER_NOTE = '验证码登录时未注册的手机号将自动注册为个人账号';

const RULES = {
  phone: phoneError,
  code: smsCodeError,
};

/** 验证码登录: an unregistered phone becomes a personal account. Plain controls, like the password form. */
export function CodeLoginForm() {
  const { form, submitting, disabled, onSubmit, showError } = usePlainLogin(
    { phone: '', code: '' },
    RULES,
    (v) => authApi.codeLogin({ phone: v.phone.trim(), code: v.code.trim() }),
  );
  const sendCode = useSendCode({
    purpose: 'login',
    readPhone: async () => (form.validate(['phone']) ? form.values.phone.trim() : null),
    onError: (err) => showError(err, ['phone']),
  });
  return (
    <form name="code-login" className="plain-form" onSubmit={onSubmit} noValidate>
      <PlainPhoneField {...form.field('phone')} disabled={disabled} />
      <PlainField
        {...form.field('code')}
        label="验证码"
        icon={<SafetyOutlined />}
        placeholder="请输入验证码"
        maxLength={6}
        inputMode="numeric"
        autoComplete="one-time-code"
        disabled={disabled}
        addon={
          <PlainButton
            variant="default"
            onClick={() => void sendCode.send()}
            disabled={disabled || sendCode.counting}
            loading={sendCode.sending}
          >
            {sendCode.label}
          </PlainButton>
        }
      />
      <p className="login-card__note">
        <InfoCircleFilled className="login-card__note-icon" aria-hidden="true" />
        {AUTO_REGISTER_NOTE}
      </p>
      <LoginSubmitButton loading={submitting} disabled={disabled} />
    </form>
  );
}
