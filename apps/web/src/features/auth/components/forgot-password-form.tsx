import { Button, Form } from 'antd';
import { useState } from 'react';
import { authMessages } from '@app/contracts';
import { authApi } from '../api/auth-api';
import { applyApiError } from '../lib/form-errors';
import { NewPasswordFields, PhoneField, SmsCodeField } from './auth-fields';
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
      <PhoneField placeholder="请输入注册手机号" />
      <SmsCodeField form={form} purpose="reset" />
      <NewPasswordFields
        label="新密码"
        confirmLabel="确认新密码"
        placeholder="请设置新密码（8-16位）"
        confirmPlaceholder="请再次输入新密码"
      />
      <Button type="primary" htmlType="submit" block loading={submitting}>
        重置密码
      </Button>
    </Form>
  );
}
