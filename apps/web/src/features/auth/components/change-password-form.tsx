import { Button, Form, Input } from 'antd';
import { authMessages } from '@app/contracts';
import { useState } from 'react';
import { accountApi } from '../api/account-api';
import { applyApiError } from '../lib/form-errors';
import { confirmPasswordRules, passwordRules, VALIDATE_TRIGGER } from './form-rules';
import { notifier } from '@/shared/lib/notifier';

interface Values {
  old_password: string;
  password: string;
  confirm: string;
}

/** 修改密码: needs the current password; this session stays logged in. */
export function ChangePasswordForm() {
  const [form] = Form.useForm<Values>();
  const [submitting, setSubmitting] = useState(false);

  async function submit(values: Values) {
    setSubmitting(true);
    try {
      await accountApi.changePassword({ old_password: values.old_password, password: values.password });
      notifier.success(authMessages.passwordChanged);
      form.resetFields();
    } catch (err) {
      const text = applyApiError(form, err, ['old_password', 'password']);
      if (text) notifier.error(text);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <Form
      name="change-password"
      form={form}
      labelCol={{ flex: '96px' }}
      wrapperCol={{ flex: '360px' }}
      onFinish={submit}
    >
      <Form.Item
        label="原密码"
        name="old_password"
        rules={[{ required: true, message: authMessages.oldPasswordRequired }]}
        validateTrigger={VALIDATE_TRIGGER}
      >
        <Input.Password placeholder="请输入原密码" autoComplete="current-password" />
      </Form.Item>
      <Form.Item
        label="新密码"
        name="password"
        required
        rules={passwordRules}
        validateTrigger={VALIDATE_TRIGGER}
      >
        <Input.Password placeholder="8-16位数字、字母、下划线" maxLength={16} autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        label="确认新密码"
        name="confirm"
        dependencies={['password']}
        rules={confirmPasswordRules()}
        validateTrigger={VALIDATE_TRIGGER}
      >
        <Input.Password placeholder="请再次输入新密码" maxLength={16} autoComplete="new-password" />
      </Form.Item>
      <Form.Item label=" " colon={false}>
        <Button type="primary" htmlType="submit" loading={submitting}>
          修改密码
        </Button>
      </Form.Item>
    </Form>
  );
}
