import { Form, Input, Modal, Radio } from 'antd';
import { useState } from 'react';
import {
  STANDARD_DOC_NUMBER_MAX,
  STANDARD_ISSUER_MAX,
  STANDARD_KINDS,
  STANDARD_KIND_LABELS,
  STANDARD_NAME_MAX,
  standardsMessages as m,
  type StandardKind,
} from '@app/contracts/standards/standards.rules';
import type { AdminStandard } from '@app/contracts/standards/standards.schemas';
import { standardsApi } from '../api/standards-api';
import { useStandardsWrite } from '../api/use-standards-write';

interface StandardFields {
  kind: StandardKind;
  name: string;
  issuer: string;
  doc_number?: string;
}

/** 新增 / 编辑: kind, name, issuing body, document number. */
export function StandardModal({ standard, onClose }: { standard: AdminStandard | null; onClose(): void }) {
  const [form] = Form.useForm<StandardFields>();
  const write = useStandardsWrite();
  const [saving, setSaving] = useState(false);
  const submit = async (v: StandardFields) => {
    setSaving(true);
    const body = { kind: v.kind, name: v.name, issuer: v.issuer, doc_number: v.doc_number ?? null };
    const done = await write(() => (standard ? standardsApi.update(standard.id, body) : standardsApi.create(body)), form);
    setSaving(false);
    if (done) onClose();
  };
  return (
    <Modal
      open
      title={standard ? '编辑准则或政策' : '新增准则或政策'}
      okText="保存"
      cancelText="取消"
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<StandardFields>
        form={form}
        layout="vertical"
        initialValues={
          standard
            ? { kind: standard.kind, name: standard.name, issuer: standard.issuer, doc_number: standard.doc_number ?? '' }
            : { kind: 'standard' }
        }
        onFinish={(v) => void submit(v)}
      >
        <Form.Item name="kind" label="类别" rules={[{ required: true, message: m.kindRequired }]}>
          <Radio.Group options={STANDARD_KINDS.map((k) => ({ value: k, label: STANDARD_KIND_LABELS[k] }))} />
        </Form.Item>
        <Form.Item
          name="name"
          label="名称"
          extra="不加书名号，如：企业会计准则第14号——收入"
          rules={[{ required: true, whitespace: true, message: m.nameRequired }]}
        >
          <Input maxLength={STANDARD_NAME_MAX} showCount />
        </Form.Item>
        <Form.Item name="issuer" label="发布机关" rules={[{ required: true, whitespace: true, message: m.issuerRequired }]}>
          <Input maxLength={STANDARD_ISSUER_MAX} placeholder="如：财政部、国家税务总局" />
        </Form.Item>
        <Form.Item name="doc_number" label="文号（选填）">
          <Input maxLength={STANDARD_DOC_NUMBER_MAX} placeholder="如：财会〔2017〕22号" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
