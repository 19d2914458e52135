import { Button, Form, Input, Space } from 'antd';
import { LockOutlined, MobileOutlined, SafetyOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { authMessages } from '@app/contracts';
import { authApi } from '../api/auth-api';
import { applyApiError } from '../lib/form-errors';
import {
  confirmPasswordRules,
  passwordRules,
  phoneRules,
  smsCodeRules,
  VALIDATE_TRIGGER,
} from './form-rules';
import { SendCodeButton } from './send-code-button';
import { notifier } from '@/shared/lib/notifier';

interface Values {
  phone: string;
  code: string;
  password: string;
  confirm: string;
}

/** 忘记密码: code to the registered phone, then a new password; every session of the account ends. */
export function ForgotPasswordForm({ onDone }: { onDone(phone: string): void }) {
  const [form] = Form.useForm<Values>();
  const [submitting, setSubmitting] = useState(false);

  async function submit(values: Values) {
    setSubmitting(true);
    try {
      const phone = values.phone.trim();
      await authApi.forgetPassword({ phone, code: values.code.trim(), password: values.password });
      notifier.success(authMessages.passwordResetSuccess);
      onDone(phone);
    } catch (err) {
      const text = applyApiError(form, err, ['phone', 'code', 'password']);
      if (text) notifier.error(text);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <Form name="forgot-password" form={form} onFinish={submit} size="large">
      <Form.Item name="phone" rules={phoneRules} validateTrigger={VALIDATE_TRIGGER}>
        <Input
          prefix={<MobileOutlined />}
          placeholder="请输入注册手机号"
          aria-label="手机号"
          maxLength={11}
          inputMode="numeric"
        />
      </Form.Item>
      <Form.Item>
        <Space.Compact block>
          <Form.Item name="code" noStyle rules={smsCodeRules} validateTrigger={VALIDATE_TRIGGER}>
            <Input
              prefix={<SafetyOutlined />}
              placeholder="请输入验证码"
              aria-label="验证码"
              maxLength={6}
              inputMode="numeric"
            />
          </Form.Item>
          <SendCodeButton form={form} purpose="reset" />
        </Space.Compact>
      </Form.Item>
      <Form.Item name="password" rules={passwordRules} validateTrigger={VALIDATE_TRIGGER}>
        <Input.Password
          prefix={<LockOutlined />}
          placeholder="请设置新密码（8-16位）"
          aria-label="新密码"
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
          placeholder="请再次输入新密码"
          aria-label="确认新密码"
          maxLength={16}
          autoComplete="new-password"
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={submitting}>
        重置密码
      </Button>
    </Form>
  );
}
