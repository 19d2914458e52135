import { Button, Form, Input, Radio } from 'antd';
import { BankOutlined, IdcardOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { authMessages, COMPANY_NAME_MAX_LENGTH, type Role } from '@app/contracts';
import { authApi } from '../api/auth-api';
import { applyApiError } from '../lib/form-errors';
import { useLoginSuccess } from '../lib/use-login-success';
import { companyNameRules, creditCodeRules, VALIDATE_TRIGGER } from './form-rules';
import { NewPasswordFields, PhoneField, SmsCodeField } from './auth-fields';
import { notifier } from '@/shared/lib/notifier';

interface Values {
  role: Role;
  company_name?: string;
  credit_code?: string;
  phone: string;
  code: string;
  password: string;
  confirm: string;
}

const FIELDS = ['role', 'company_name', 'credit_code', 'phone', 'code', 'password'] as const;

/** 注册: personal (个人) or company (企业, with company name and unified social credit code). Logs the new account in. */
export function RegisterForm() {
  const [form] = Form.useForm<Values>();
  const role = Form.useWatch('role', form) ?? 'personal';
  const onSuccess = useLoginSuccess();
  const [submitting, setSubmitting] = useState(false);

  async function submit(values: Values) {
    setSubmitting(true);
    try {
      const company = values.role === 'company';
      const data = await authApi.register({
        role: values.role,
        phone: values.phone.trim(),
        code: values.code.trim(),
        password: values.password,
        ...(company
          ? {
              company_name: values.company_name?.trim(),
              credit_code: values.credit_code?.trim().toUpperCase(),
            }
          : {}),
      });
      await onSuccess(data, authMessages.registerSuccess);
    } catch (err) {
      const text = applyApiError(form, err, FIELDS);
      if (text) notifier.error(text);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <Form name="register" form={form} onFinish={submit} size="large" initialValues={{ role: 'personal' }}>
      <Form.Item name="role" className="login-card__role">
        <Radio.Group
          block
          optionType="button"
          buttonStyle="solid"
          aria-label="账号类型"
          options={[
            { value: 'personal', label: '个人' },
            { value: 'company', label: '企业' },
          ]}
        />
      </Form.Item>
      {role === 'company' && (
        <>
          <Form.Item name="company_name" rules={companyNameRules} validateTrigger={VALIDATE_TRIGGER}>
            <Input
              prefix={<BankOutlined />}
              placeholder="请输入企业名称"
              aria-label="企业名称"
              maxLength={COMPANY_NAME_MAX_LENGTH}
            />
          </Form.Item>
          <Form.Item name="credit_code" rules={creditCodeRules} validateTrigger={VALIDATE_TRIGGER}>
            <Input
              prefix={<IdcardOutlined />}
              placeholder="请输入统一社会信用代码"
              aria-label="统一社会信用代码"
              maxLength={18}
            />
          </Form.Item>
        </>
      )}
      <PhoneField />
      <SmsCodeField form={form} purpose="register" />
      <NewPasswordFields
        label="密码"
        confirmLabel="确认密码"
        placeholder="请设置8-16位密码"
        confirmPlaceholder="请再次输入密码"
      />
      <Button type="primary" htmlType="submit" block loading={submitting}>
        注册
      </Button>
    </Form>
  );
}
