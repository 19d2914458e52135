import { Button, Form, Input } from 'antd';
import { LockOutlined, MobileOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { authApi } from '../api/auth-api';
import { applyApiError } from '../lib/form-errors';
import { useLoginSuccess } from '../lib/use-login-success';
import { passwordRules, phoneRules, VALIDATE_TRIGGER } from './form-rules';
import { notifier } from '@/shared/lib/notifier';

interface Values {
  phone: string;
  password: string;
}

export function PasswordLoginForm({ initialPhone, onForgot }: { initialPhone?: string; onForgot(): void }) {
  const [form] = Form.useForm<Values>();
  const onSuccess = useLoginSuccess();
  const [submitting, setSubmitting] = useState(false);

  async function submit(values: Values) {
    setSubmitting(true);
    try {
      const data = await authApi.accountLogin({ phone: values.phone.trim(), password: values.password });
      await onSuccess(data);
    } catch (err) {
      const text = applyApiError(form, err, ['phone', 'password']);
      if (text) notifier.error(text);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <Form
      name="password-login"
      form={form}
      onFinish={submit}
      size="large"
      initialValues={{ phone: initialPhone ?? '' }}
      autoComplete="on"
    >
      <Form.Item name="phone" rules={phoneRules} validateTrigger={VALIDATE_TRIGGER}>
        <Input
          prefix={<MobileOutlined />}
          placeholder="请输入手机号"
          aria-label="手机号"
          maxLength={11}
          inputMode="numeric"
          autoComplete="username"
        />
      </Form.Item>
      <Form.Item name="password" rules={passwordRules} validateTrigger={VALIDATE_TRIGGER}>
        <Input.Password
          prefix={<LockOutlined />}
          placeholder="请输入密码"
          aria-label="密码"
          maxLength={16}
          autoComplete="current-password"
        />
      </Form.Item>
      <div className="login-card__row-end">
        <Button type="link" size="small" onClick={onForgot}>
          忘记密码？
        </Button>
      </div>
      <Button type="primary" htmlType="submit" block loading={submitting}>
        登录
      </Button>
    </Form>
  );
}
