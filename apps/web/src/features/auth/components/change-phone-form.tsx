import { Button, Form, Input, Space } from 'antd';
import { authMessages, maskPhone } from '@app/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSessionStore } from '@/shared/lib/session/session-store';
import { accountApi, accountKeys } from '../api/account-api';
import { applyApiError } from '../lib/form-errors';
import { phoneRules, smsCodeRules, VALIDATE_TRIGGER } from './form-rules';
import { SendCodeButton } from './send-code-button';
import { notifier } from '@/shared/lib/notifier';

interface Values {
  new_phone: string;
  new_code: string;
  password: string;
}

/** 更换手机号: new phone, the code sent to it, and the current login password as proof. */
export function ChangePhoneForm({ currentPhone }: { currentPhone: string }) {
  const [form] = Form.useForm<Values>();
  const queryClient = useQueryClient();
  const [submitting, setSubmitting] = useState(false);

  async function submit(values: Values) {
    setSubmitting(true);
    try {
      await accountApi.changePhone({
        new_phone: values.new_phone.trim(),
        new_code: values.new_code.trim(),
        password: values.password,
      });
      notifier.success(authMessages.phoneChanged);
      form.resetFields();
      await queryClient.invalidateQueries({ queryKey: accountKeys.profile });
      void useSessionStore.getState().loadCurrentUser();
    } catch (err) {
      const text = applyApiError(form, err, ['new_phone', 'new_code', 'password']);
      if (text) notifier.error(text);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <Form
      name="change-phone"
      form={form}
      labelCol={{ flex: '96px' }}
      wrapperCol={{ flex: '360px' }}
      onFinish={submit}
    >
      <Form.Item label="当前手机号">
        <span className="setting-form__static">{maskPhone(currentPhone)}</span>
      </Form.Item>
      <Form.Item
        label="新手机号"
        name="new_phone"
        required
        rules={phoneRules}
        validateTrigger={VALIDATE_TRIGGER}
      >
        <Input placeholder="请输入新手机号" maxLength={11} inputMode="tel" autoComplete="tel" />
      </Form.Item>
      <Form.Item label="验证码" required>
        <Space.Compact block>
          <Form.Item name="new_code" noStyle rules={smsCodeRules} validateTrigger={VALIDATE_TRIGGER}>
            <Input
              placeholder="新手机号收到的验证码"
              maxLength={6}
              inputMode="numeric"
              autoComplete="one-time-code"
              aria-label="验证码"
            />
          </Form.Item>
          <SendCodeButton form={form} purpose="change_phone" phoneField="new_phone" />
        </Space.Compact>
      </Form.Item>
      <Form.Item
        label="登录密码"
        name="password"
        rules={[{ required: true, message: '请输入密码' }]}
        validateTrigger={VALIDATE_TRIGGER}
      >
        <Input.Password placeholder="请输入当前登录密码" autoComplete="current-password" />
      </Form.Item>
      <Form.Item label=" " colon={false}>
        <Button type="primary" htmlType="submit" loading={submitting}>
          更换手机号
        </Button>
      </Form.Item>
    </Form>
  );
}
