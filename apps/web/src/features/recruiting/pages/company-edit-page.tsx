import { Alert, App, Button, Card, Form, Input, Select, Skeleton, Space, Tag, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Company, CompanyBody } from '@app/contracts';
import { UNIT_SIZES } from '@app/contracts/common/dictionaries';
import {
  ADDRESS_MAX,
  COMPANY_IMAGE_ACCEPT,
  COMPANY_IMAGE_MAX_BYTES,
  COMPANY_NAME_MAX,
  CONTACT_NAME_MAX,
  INTRO_MAX,
  recruitingMessages as m,
} from '@app/contracts/recruiting/recruiting.rules';
import { recruitingApi, recruitingKeys } from '../api/recruiting-api';
import { useMyCompany } from '../api/use-recruiting';
import { CompanyLogo } from '../components/post-cards';
import { CityPicker, IndustrySelect } from '../components/option-fields';
import { applyServerErrors } from '../lib/format';
import '../components/recruiting.css';

const STATUS_COLORS: Record<Company['status'], string> = {
  unsubmitted: 'default',
  pending: 'processing',
  verified: 'success',
  rejected: 'error',
};

function ImageUpload({
  label,
  onFile,
  disabled,
}: {
  label: string;
  onFile: (f: File) => Promise<void>;
  disabled?: boolean;
}) {
  const { message } = App.useApp();
  return (
    <Upload
      accept={COMPANY_IMAGE_ACCEPT}
      maxCount={1}
      showUploadList={false}
      disabled={disabled}
      beforeUpload={(file) => {
        if (file.size > COMPANY_IMAGE_MAX_BYTES) {
          message.error(m.imageTooLarge);
          return Upload.LIST_IGNORE;
        }
        return true;
      }}
      customRequest={async ({ file, onSuccess, onError }) => {
        try {
          await onFile(file as File);
          onSuccess?.(null);
        } catch (err) {
          onError?.(err as Error);
        }
      }}
    >
      <Button icon={<UploadOutlined />} disabled={disabled}>
        {label}
      </Button>
    </Upload>
  );
}

/** /center/recruitment/companyEdit: the company profile and its verification by licence. */
export default function CompanyEditPage() {
  const company = useMyCompany();
  const [form] = Form.useForm<CompanyBody>();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);

  if (company.isPending) return <Skeleton active paragraph={{ rows: 10 }} style={{ padding: 24 }} />;
  if (company.isError) return <Alert type="error" message="企业信息加载失败" style={{ margin: 24 }} />;
  const c = company.data;
  const refresh = () => queryClient.invalidateQueries({ queryKey: recruitingKeys.company });

  const save = async () => {
    let v: CompanyBody;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      const res = await recruitingApi.saveCompany(v);
      message.success(res.message);
      queryClient.setQueryData(recruitingKeys.company, res.data);
    } catch (err) {
      message.error(applyServerErrors(form, err, '保存失败'));
    } finally {
      setSaving(false);
    }
  };

  const canSubmit = c.status === 'unsubmitted' || c.status === 'rejected';
  return (
    <div className="rc-centre">
      <h2 className="rc-page__title">企业信息</h2>
      <Card size="small" title="企业认证" style={{ marginBottom: 16 }}>
        <Space direction="vertical" style={{ width: '100%' }}>
          <div>
            认证状态：<Tag color={STATUS_COLORS[c.status]}>{c.status_label}</Tag>
            {c.credit_code && <span className="rc-muted">统一社会信用代码：{c.credit_code}</span>}
          </div>
          {c.status === 'rejected' && (
            <Alert type="error" showIcon message={`驳回原因：${c.reject_reason}`} />
          )}
          {c.status === 'pending' && (
            <Alert
              type="info"
              showIcon
              message="营业执照已提交，平台将在 1-2 个工作日内完成审核，结果会发送到消息中心。"
            />
          )}
          {c.status === 'verified' && (
            <Alert type="success" showIcon message="企业已通过认证，可以发布职位。" />
          )}
          {canSubmit && (
            <>
              <span className="rc-muted">
                {c.industry
                  ? '请上传清晰的营业执照照片（PNG、JPG，5 MB 以内），提交后由平台审核。'
                  : '请先填写并保存下方企业信息，再上传营业执照。'}
              </span>
              <ImageUpload
                label="上传营业执照并提交认证"
                disabled={!c.industry}
                onFile={async (f) => {
                  const res = await recruitingApi.uploadLicence(f);
                  message.success(res.message);
                  await refresh();
                }}
              />
            </>
          )}
        </Space>
      </Card>
      <Card size="small" title="基本信息">
        <div style={{ display: 'flex', alignItems: 'center', gap: 16, marginBottom: 16 }}>
          <CompanyLogo name={c.name} logo={c.logo} size={64} />
          <ImageUpload
            label="上传企业 Logo"
            disabled={!c.updated_at}
            onFile={async (f) => {
              const res = await recruitingApi.uploadLogo(f);
              message.success(res.message);
              await refresh();
            }}
          />
        </div>
        <Form
          form={form}
          name="company"
          layout="horizontal"
          labelCol={{ flex: '110px' }}
          style={{ maxWidth: 720 }}
          validateTrigger={['onBlur', 'onChange']}
          initialValues={{
            name: c.name,
            industry: c.industry ?? undefined,
            unit_size: c.unit_size ?? undefined,
            city: c.city ?? undefined,
            address: c.address ?? '',
            intro: c.intro ?? '',
            contact_name: c.contact_name ?? '',
            contact_phone: c.contact_phone ?? '',
          }}
        >
          <Form.Item
            label="企业名称"
            name="name"
            rules={[
              { required: true, whitespace: true, message: m.companyNameRequired },
              { max: COMPANY_NAME_MAX, message: m.textTooLong(COMPANY_NAME_MAX) },
            ]}
            extra={c.status === 'verified' ? '企业名称须与营业执照一致，修改后将重新进入平台审核，审核通过前不能发布新职位。' : undefined}
          >
            <Input />
          </Form.Item>
          <Form.Item
            label="所属行业"
            name="industry"
            rules={[{ required: true, message: m.industryRequired }]}
          >
            <IndustrySelect placeholder="选择所属行业" />
          </Form.Item>
          <Form.Item
            label="单位规模"
            name="unit_size"
            rules={[{ required: true, message: m.unitSizeRequired }]}
          >
            <Select placeholder="选择单位规模" options={UNIT_SIZES} />
          </Form.Item>
          <Form.Item label="所在城市" name="city" rules={[{ required: true, message: m.cityRequired }]}>
            <CityPicker placeholder="选择所在城市" />
          </Form.Item>
          <Form.Item
            label="详细地址"
            name="address"
            rules={[
              { required: true, whitespace: true, message: m.addressRequired },
              { max: ADDRESS_MAX, message: m.textTooLong(ADDRESS_MAX) },
            ]}
          >
            <Input />
          </Form.Item>
          <Form.Item
            label="企业简介"
            name="intro"
            rules={[
              { required: true, whitespace: true, message: m.introRequired },
              { max: INTRO_MAX, message: m.textTooLong(INTRO_MAX) },
            ]}
          >
            <Input.TextArea rows={5} maxLength={INTRO_MAX} showCount />
          </Form.Item>
          <Form.Item
            label="联系人"
            name="contact_name"
            rules={[
              { required: true, whitespace: true, message: m.contactNameRequired },
              { max: CONTACT_NAME_MAX, message: m.textTooLong(CONTACT_NAME_MAX) },
            ]}
          >
            <Input />
          </Form.Item>
          <Form.Item
            label="联系电话"
            name="contact_phone"
            rules={[
              { required: true, whitespace: true, message: m.contactPhoneRequired },
              { pattern: /^(1[2-9]\d{9}|0\d{2,3}-?\d{7,8})$/, message: m.contactPhoneInvalid },
            ]}
          >
            <Input placeholder="手机号或座机（如 0371-65550000）" />
          </Form.Item>
          <Form.Item label=" " colon={false}>
            <Button type="primary" loading={saving} onClick={() => void save()}>
              保存企业信息
            </Button>
          </Form.Item>
        </Form>
      </Card>
    </div>
  );
}
