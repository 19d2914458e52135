import { Form, Input, Space, type FormInstance } from 'antd';
import { LockOutlined, MobileOutlined, SafetyOutlined } from '@ant-design/icons';
import type { SmsPurpose } from '@app/contracts';
import {
  confirmPasswordRules,
  passwordRules,
  phoneRules,
  smsCodeRules,
  VALIDATE_TRIGGER,
} from './form-rules';
import { SendCodeButton } from './send-code-button';

/** The phone field of every account form: SPEC §5 phone rule, the phone keypad and the browser's phone autofill. */
export function PhoneField({ placeholder = '请输入手机号' }: { placeholder?: string }) {
  return (
    <Form.Item name="phone" rules={phoneRules} validateTrigger={VALIDATE_TRIGGER}>
      <Input
        prefix={<MobileOutlined />}
        placeholder={placeholder}
        aria-label="手机号"
        maxLength={11}
        inputMode="tel"
        autoComplete="tel"
      />
    </Form.Item>
  );
}

/** The SMS code field with its send button (60 s countdown), bound to the form's `phone` and a purpose. */
export function SmsCodeField({ form, purpose }: { form: FormInstance; purpose: SmsPurpose }) {
  return (
    <Form.Item>
      <Space.Compact block>
        <Form.Item name="code" noStyle rules={smsCodeRules} validateTrigger={VALIDATE_TRIGGER}>
          <Input
            prefix={<SafetyOutlined />}
            placeholder="请输入验证码"
            aria-label="验证码"
            maxLength={6}
            inputMode="numeric"
            autoComplete="one-time-code"
          />
        </Form.Item>
        <SendCodeButton form={form} purpose={purpose} />
      </Space.Compact>
    </Form.Item>
  );
}

interface NewPasswordFieldsProps {
  /** Accessible names, e.g. 密码 / 确认密码, or 新密码 / 确认新密码. */
  label: string;
  confirmLabel: string;
  placeholder: string;
  confirmPlaceholder: string;
}

/** A new password and its confirmation (SPEC §5 password rule; the confirmation must match). */
export function NewPasswordFields({
  label,
  confirmLabel,
  placeholder,
  confirmPlaceholder,
}: NewPasswordFieldsProps) {
  return (
    <>
      <Form.Item name="password" rules={passwordRules} validateTrigger={VALIDATE_TRIGGER}>
        <Input.Password
          prefix={<LockOutlined />}
          placeholder={placeholder}
          aria-label={label}
          maxLength={16}
          autoComplete="new-password"
        />
      </Form.Item>
      <Form.Item
        name="confirm"
        dependencies={['password']}
        rules={confirmPasswordRules()}
        validateTrigger={VALIDATE_TRIGGER}
      >
        <Input.Password
          prefix={<LockOutlined />}
          placeholder={confirmPlaceholder}
          aria-label={confirmLabel}
          maxLength={16}
          autoComplete="new-password"
        />
      </Form.Item>
    </>
  );
}
