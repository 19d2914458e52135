import { UploadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Form, Input, Select, Upload, type UploadFile } from 'antd';
import { useState } from 'react';
import { LEARNING_BASES } from '@app/contracts/common/dictionaries';
import { phoneError } from '@app/contracts/common/rule-patterns';
import {
  BASE_MANAGER_ATTACHMENT_ACCEPT,
  BASE_MANAGER_ATTACHMENT_MAX_BYTES,
  BASE_MANAGER_CONTACT_MAX,
  BASE_MANAGER_ORG_MAX,
  BASE_MANAGER_QUALIFICATIONS_MAX,
  BASE_MANAGER_QUALIFICATIONS_MIN,
  regionsMessages as m,
} from '@app/contracts/regions/regions.rules';
import type { ApplyBaseManagerFields } from '@app/contracts/regions/regions.schemas';
import { isApiError } from '@/shared/lib/api-client';
import { regionsApi } from '../api/regions-api';
import { baseName } from '../lib/bases';

interface FormValues extends ApplyBaseManagerFields {
  file?: UploadFile[];
}

const BASE_OPTIONS = Object.keys(LEARNING_BASES).map((code) => ({ value: code, label: baseName(code) }));
const ACCEPTED_TYPES = ['image/jpeg', 'image/png', 'application/pdf'];
const ACCEPTED_EXT = /\.(jpe?g|png|pdf)$/i;

/** What the browser can tell before sending (type and size); the server checks the content again. Null when fine. */
export function attachmentProblem(file: { name: string; type: string; size: number }): string | null {
  if (!ACCEPTED_TYPES.includes(file.type) && !ACCEPTED_EXT.test(file.name)) return m.attachmentBadType;
  if (file.size > BASE_MANAGER_ATTACHMENT_MAX_BYTES) return m.attachmentTooLarge;
  return null;
}

const required = (message: string) => ({ required: true, whitespace: true, message });

export interface BaseManagerFormProps {
  /** The base chosen when the form opens (the ?base= of the link, or the regional site's own). */
  initialBase?: string;
  /** The account's phone, offered as the contact phone. */
  initialPhone?: string;
  /** Bases with an application of this account still pending: choosing one explains why it cannot be sent again. */
  pendingBases: ReadonlySet<string>;
  /** Disabled while the page is drawn on the server (what a person types there would be lost). */
  disabled?: boolean;
  onSubmitted(): void;
}

/**
 * The application to run a learning base: base, organisation, contact, phone, qualifications and an optional PDF or
 * scan. Messages are the contracts' (the server sends the same ones); the server's field errors land on their fields.
 */
export function BaseManagerForm({ initialBase, initialPhone, pendingBases, disabled, onSubmitted }: BaseManagerFormProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const [busy, setBusy] = useState(false);
  const region = Form.useWatch('region', form);
  const pending = region ? pendingBases.has(region) : false;

  const submit = async ({ file, ...fields }: FormValues) => {
    setBusy(true);
    try {
      const res = await regionsApi.apply(fields, file?.[0]?.originFileObj ?? null);
      message.success(res.message);
      form.resetFields(['organisation', 'contact', 'qualifications', 'file']);
      onSubmitted();
    } catch (err) {
      if (isApiError(err) && err.fieldErrors) {
        form.setFields(
          Object.entries(err.fieldErrors).map(([name, error]) => ({ name: name as keyof FormValues, errors: [error] })),
        );
      }
      message.error(isApiError(err) ? err.message : '提交失败，请稍后重试');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form<FormValues>
      form={form}
      layout="vertical"
      disabled={disabled}
      initialValues={{ region: initialBase, phone: initialPhone }}
      onFinish={(v) => void submit(v)}
      scrollToFirstError
    >
      <Form.Item name="region" label="申请的学习基地" rules={[{ required: true, message: m.regionRequired }]}>
        <Select options={BASE_OPTIONS} placeholder="请选择学习基地" />
      </Form.Item>
      {pending && (
        <Alert className="rg-form__note" type="info" showIcon title={m.duplicate} />
      )}
      <Form.Item
        name="organisation"
        label="单位名称"
        rules={[required(m.orgRequired), { max: BASE_MANAGER_ORG_MAX, message: m.orgTooLong }]}
      >
        <Input maxLength={BASE_MANAGER_ORG_MAX} placeholder="与营业执照或办学许可证一致" autoComplete="organization" />
      </Form.Item>
      <Form.Item
        name="contact"
        label="联系人"
        rules={[required(m.contactRequired), { max: BASE_MANAGER_CONTACT_MAX, message: m.contactTooLong }]}
      >
        <Input maxLength={BASE_MANAGER_CONTACT_MAX} autoComplete="name" />
      </Form.Item>
      <Form.Item
        name="phone"
        label="联系电话"
        required
        extra="审核期间工作人员会通过此号码与您联系"
        rules={[
          {
            validator: async (_rule, value: string | undefined) => {
              const problem = phoneError(value ?? '');
              if (problem) throw new Error(problem);
            },
          },
        ]}
      >
        <Input maxLength={11} inputMode="tel" autoComplete="tel" />
      </Form.Item>
      <Form.Item
        name="qualifications"
        label="单位资质与办学条件"
        rules={[
          required(m.qualificationsRequired),
          { min: BASE_MANAGER_QUALIFICATIONS_MIN, message: m.qualificationsTooShort },
          { max: BASE_MANAGER_QUALIFICATIONS_MAX, message: m.qualificationsTooLong },
        ]}
      >
        <Input.TextArea
          rows={5}
          maxLength={BASE_MANAGER_QUALIFICATIONS_MAX}
          showCount
          placeholder="请介绍单位性质、办学或培训资质、师资、场地设备，以及计划承担的基地工作"
        />
      </Form.Item>
      <Form.Item
        name="file"
        className="rg-form__file"
        label="证明材料（选填）"
        extra="营业执照、办学许可证等，JPG、PNG 或 PDF，不超过10MB"
        valuePropName="fileList"
        getValueFromEvent={(e: { fileList: UploadFile[] }) => e.fileList.slice(-1)}
      >
        <Upload
          accept={BASE_MANAGER_ATTACHMENT_ACCEPT}
          maxCount={1}
          beforeUpload={(file) => {
            const problem = attachmentProblem(file);
            if (problem) {
              message.error(problem);
              return Upload.LIST_IGNORE;
            }
            // Kept in the form and sent with the application, not uploaded on its own.
            return false;
          }}
        >
          <Button icon={<UploadOutlined />}>选择文件</Button>
        </Upload>
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={busy} disabled={pending} block className="rg-form__submit">
        提交申请
      </Button>
    </Form>
  );
}
