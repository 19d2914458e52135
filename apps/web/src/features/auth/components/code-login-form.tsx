import { Alert, Button, Form } from 'antd';
import { useState } from 'react';
import { authApi } from '../api/auth-api';
import { applyApiError } from '../lib/form-errors';
import { useLoginSuccess } from '../lib/use-login-success';
import { PhoneField, SmsCodeField } from './auth-fields';
import { notifier } from '@/shared/lib/notifier';

interface Values {
  phone: string;
  code: string;
}

export const AUTO_REGISTER_NOTE = '验证码登录时未注册的手机号将自动注册为个人账号';

export function CodeLoginForm() {
  const [form] = Form.useForm<Values>();
  const onSuccess = useLoginSuccess();
  const [submitting, setSubmitting] = useState(false);

  async function submit(values: Values) {
    setSubmitting(true);
    try {
      const data = await authApi.codeLogin({ phone: values.phone.trim(), code: values.code.trim() });
      await onSuccess(data);
    } catch (err) {
      const text = applyApiError(form, err, ['phone', 'code']);
      if (text) notifier.error(text);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <Form name="code-login" form={form} onFinish={submit} size="large">
      <PhoneField />
      <SmsCodeField form={form} purpose="login" />
      <Alert className="login-card__note" type="info" showIcon title={AUTO_REGISTER_NOTE} />
      <Button type="primary" htmlType="submit" block loading={submitting}>
        登录
      </Button>
    </Form>
  );
}
