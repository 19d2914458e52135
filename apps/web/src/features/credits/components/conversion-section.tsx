import { UploadOutlined } from '@ant-design/icons';
import { App, Button, DatePicker, Form, Input, Modal, Radio, Select, Tag, Upload, type UploadFile } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import {
  CONVERSION_EVIDENCE_ACCEPT,
  CONVERSION_EVIDENCE_MAX_BYTES,
  CONVERSION_ROLE_LABELS,
  CONVERSION_TITLE_MAX,
  conversionMessages as m,
  type ConversionRole,
  type ConversionStatus,
} from '@app/contracts/credits/credits-conversions';
import { CONVERSION_KIND_LABELS, creditText, type ConversionKind } from '@app/contracts/credits/credits.rules';
import type { CreditRule } from '@app/contracts/credits/credits.schemas';
import { isApiError } from '@/shared/lib/api-client';
import { chinaDate } from '@/shared/lib/china-time';
import { creditsApi, creditsKeys } from '../api/credits-api';

const STATUS_COLORS: Record<ConversionStatus, string> = { pending: 'gold', approved: 'green', rejected: 'red', withdrawn: 'default' };

interface Values {
  kind: ConversionKind;
  role: ConversionRole;
  title: string;
  activity_date: Dayjs;
}

function ConversionModal({ rule, onClose }: { rule: CreditRule; onClose: () => void }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [fileError, setFileError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const kind = Form.useWatch('kind', form);
  const entry = rule.conversions.find((c) => c.kind === kind);

  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    const file = files[0]?.originFileObj;
    if (!file) setFileError(m.evidenceRequired);
    if (!v || !file) return;
    setSaving(true);
    try {
      const res = await creditsApi.fileConversion(
        { kind: v.kind, role: v.role, title: v.title.trim(), activity_date: v.activity_date.format('YYYY-MM-DD') },
        file,
      );
      message.success(res.message);
      await queryClient.invalidateQueries({ queryKey: creditsKeys.all });
      onClose();
    } catch (err) {
      if (isApiError(err)) {
        const { file: onFile, ...rest } = err.fieldErrors;
        if (onFile) setFileError(onFile);
        const fields = Object.entries(rest);
        if (fields.length) form.setFields(fields.map(([name, errors]) => ({ name: name as keyof Values, errors: [errors] })));
        message.error(err.message);
      } else message.error('提交失败，请稍后重试');
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal open title="申请学分折算" okText="提交申请" cancelText="取消" confirmLoading={saving} onOk={() => void submit()} onCancel={onClose}>
      <Form<Values> form={form} layout="vertical" initialValues={{ role: 'main' }}>
        <Form.Item name="kind" label="折算项目" rules={[{ required: true, message: m.kindRequired }]}>
          <Select
            placeholder="请选择折算项目"
            options={rule.conversions.map((c) => ({ value: c.kind, label: `${CONVERSION_KIND_LABELS[c.kind]}（${creditText(c.credits)}学分）` }))}
          />
        </Form.Item>
        {entry && <p className="credit-muted">证明材料：{entry.evidence}</p>}
        <Form.Item name="role" label="本人角色" rules={[{ required: true, message: m.roleRequired }]}>
          <Radio.Group>
            <Radio value="main">{CONVERSION_ROLE_LABELS.main}</Radio>
            <Radio value="co" disabled={!!entry && entry.co_credits === null}>
              {CONVERSION_ROLE_LABELS.co}
              {entry?.co_credits ? `（${creditText(entry.co_credits)}学分）` : ''}
            </Radio>
          </Radio.Group>
        </Form.Item>
        <Form.Item name="title" label="活动名称" rules={[{ required: true, whitespace: true, message: m.titleRequired }]}>
          <Input maxLength={CONVERSION_TITLE_MAX} showCount placeholder="如：2026年中级会计资格考试《财务管理》科目" />
        </Form.Item>
        <Form.Item name="activity_date" label="活动日期" rules={[{ required: true, message: m.dateRequired }]}>
          <DatePicker style={{ width: '100%' }} placeholder="请选择活动日期" />
        </Form.Item>
        <Form.Item label="证明材料（PDF 或 JPG、PNG 图片，最大10MB）" required validateStatus={fileError ? 'error' : undefined} help={fileError}>
          <Upload
            accept={CONVERSION_EVIDENCE_ACCEPT}
            maxCount={1}
            fileList={files}
            beforeUpload={(file) => {
              if (file.size > CONVERSION_EVIDENCE_MAX_BYTES) {
                setFileError(m.evidenceTooLarge);
                return Upload.LIST_IGNORE;
              }
              setFileError(null);
              return false;
            }}
            onChange={({ fileList }) => setFiles(fileList.slice(-1))}
          >
            <Button icon={<UploadOutlined />}>选择文件</Button>
          </Upload>
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The member's conversions (学分折算) of any year, and the way to file one under this year's rule. */
export function ConversionSection({ rule, year }: { rule: CreditRule; year: number }) {
  const mine = useQuery({ queryKey: creditsKeys.conversions, queryFn: creditsApi.myConversions });
  const [open, setOpen] = useState(false);
  return (
    <section aria-label="学分折算" className="credit-panel__section">
      <div className="credit-panel__section-head">
        <h3>学分折算</h3>
        {rule.conversions.length > 0 && (
          <Button onClick={() => setOpen(true)}>申请学分折算</Button>
        )}
      </div>
      <p className="credit-muted">
        参加会计类考试、学术会议、学历教育，完成研究课题、发表论文或出版书籍，可按规定折算为专业科目学分。{year}年度的折算申报截止至
        {rule.filing_deadline}。
      </p>
      {(mine.data ?? []).length > 0 && (
        <ul className="credit-grants">
          {mine.data!.map((c) => (
            <li key={c.id}>
              <span className="credit-grants__title">
                {c.title} <Tag color={STATUS_COLORS[c.status]}>{c.status_label}</Tag>
              </span>
              <span className="credit-muted">
                {c.kind_label} · {c.year}年度 · 申请于 {chinaDate(c.created_at)}
                {c.reason && `（${c.status === 'approved' ? '备注' : '原因'}：${c.reason}）`}
              </span>
              <span className="credit-grants__credits">{creditText(c.credits)}</span>
            </li>
          ))}
        </ul>
      )}
      {open && <ConversionModal rule={rule} onClose={() => setOpen(false)} />}
    </section>
  );
}
