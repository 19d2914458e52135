import { Alert, Button, Form, Input, Space } from 'antd';
import { MobileOutlined, SafetyOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { authApi } from '../api/auth-api';
import { applyApiError } from '../lib/form-errors';
import { useLoginSuccess } from '../lib/use-login-success';
import { phoneRules, smsCodeRules, VALIDATE_TRIGGER } from './form-rules';
import { SendCodeButton } from './send-code-button';
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
      <Form.Item name="phone" rules={phoneRules} validateTrigger={VALIDATE_TRIGGER}>
        <Input
          prefix={<MobileOutlined />}
          placeholder="请输入手机号"
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
              autoComplete="one-time-code"
            />
          </Form.Item>
          <SendCodeButton form={form} purpose="login" />
        </Space.Compact>
      </Form.Item>
      <Alert className="login-card__note" type="info" showIcon title={AUTO_REGISTER_NOTE} />
      <Button type="primary" htmlType="submit" block loading={submitting}>
        登录
      </Button>
    </Form>
  );
}
