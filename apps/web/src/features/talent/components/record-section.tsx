import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Card, DatePicker, Empty, Form, Input, Modal, Popconfirm, Select } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import type { Credential } from '@app/contracts';
import { talentMessages as m } from '@app/contracts/talent/talent.rules';
import { talentApi, talentKeys } from '../api/talent-api';
import { DATE_FORMAT, type RecordField, type RecordKindConfig } from '../lib/record-kinds';
import { showSaveError } from '../lib/save-error';
import { AttachmentField, openAttachment } from './attachment-field';

const TRIGGER = ['onBlur', 'onChange'];
const LINK_REGEX = /^https?:\/\/\S+$/i;
const isFuture = (d: Dayjs | null) => Boolean(d && d.isAfter(dayjs(), 'day'));

type RecordLike = { id: number } & Record<string, unknown>;

function toFormValues(fields: RecordField[], record: RecordLike | null): Record<string, unknown> {
  if (!record) return {};
  const values: Record<string, unknown> = {};
  for (const f of fields) {
    const v = record[f.name];
    if (f.kind === 'date') values[f.name] = typeof v === 'string' && v ? dayjs(v, DATE_FORMAT) : null;
    else if (f.kind === 'attachment')
      values[f.name] = (record.attachment as Credential['attachment'])?.id ?? null;
    else values[f.name] = v ?? undefined;
  }
  return values;
}

function toBody(fields: RecordField[], values: Record<string, unknown>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const f of fields) {
    const v = values[f.name];
    if (f.kind === 'date') body[f.name] = v ? (v as Dayjs).format(DATE_FORMAT) : null;
    else if (f.kind === 'text' || f.kind === 'textarea' || f.kind === 'link')
      body[f.name] = typeof v === 'string' && v.trim() ? v.trim() : f.required ? '' : null;
    else body[f.name] = v ?? null;
  }
  return body;
}

/** The control of one field; Form.Item's injected props (id, value, onChange, ...) are passed on to it. */
function FieldInput({
  field,
  record,
  ...control
}: { field: RecordField; record: RecordLike | null } & Record<string, unknown>) {
  switch (field.kind) {
    case 'textarea':
      return (
        <Input.TextArea
          rows={4}
          maxLength={field.max}
          showCount
          placeholder={`请输入${field.label}`}
          {...control}
        />
      );
    case 'date':
      return (
        <DatePicker
          format={DATE_FORMAT}
          className="record-form__full"
          placeholder={field.placeholder ?? `请选择${field.label}`}
          disabledDate={isFuture}
          {...control}
        />
      );
    case 'select':
      return <Select placeholder={`请选择${field.label}`} options={field.options} {...control} />;
    case 'attachment':
      return (
        <AttachmentField initial={(record?.attachment as Credential['attachment']) ?? null} {...control} />
      );
    default:
      return (
        <Input maxLength={field.max} placeholder={field.placeholder ?? `请输入${field.label}`} {...control} />
      );
  }
}

function rulesOf(field: RecordField) {
  const rules: object[] = [];
  // A `whitespace` key makes async-validator check the value as a string, so only text fields get it.
  const isText = field.kind === 'text' || field.kind === 'textarea' || field.kind === 'link';
  if (field.required)
    rules.push(
      isText
        ? { required: true, whitespace: true, message: field.required }
        : { required: true, message: field.required },
    );
  if (field.kind === 'link')
    rules.push({
      validator: (_: unknown, v: string) =>
        !v || LINK_REGEX.test(v.trim()) ? Promise.resolve() : Promise.reject(new Error(m.linkInvalid)),
    });
  if (field.after) {
    const after = field.after;
    rules.push(({ getFieldValue }: { getFieldValue: (n: string) => unknown }) => ({
      validator: (_: unknown, v: Dayjs | null) => {
        const start = getFieldValue(after) as Dayjs | null;
        return !v || !start || !v.isBefore(start, 'day')
          ? Promise.resolve()
          : Promise.reject(new Error(m.endBeforeStart));
      },
    }));
  }
  return rules;
}

/** Add / edit dialog of one record: validation messages in Chinese, server field errors under the fields. */
function RecordFormModal({
  config,
  record,
  onClose,
}: {
  config: RecordKindConfig;
  record: RecordLike | null;
  onClose: () => void;
}) {
  const [form] = Form.useForm();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);
  const names = config.fields.map((f) => f.name);

  const save = async () => {
    let values: Record<string, unknown>;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      const res = await talentApi.saveRecord(config.kind, toBody(config.fields, values), record?.id);
      message.success(res.message || m.recordSaved);
      onClose();
      await queryClient.invalidateQueries({ queryKey: talentKeys.info });
    } catch (err) {
      showSaveError(form, message, err, names);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      width={560}
      title={`${record ? '编辑' : '添加'}${config.noun}`}
      okText="保存"
      cancelText="取消"
      confirmLoading={saving}
      onOk={() => void save()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form
        form={form}
        name={`record_${config.kind}`}
        layout="horizontal"
        labelCol={{ flex: '96px' }}
        wrapperCol={{ flex: 'auto' }}
        validateTrigger={TRIGGER}
        initialValues={toFormValues(config.fields, record)}
        className="record-form"
      >
        {config.fields.map((f) => (
          <Form.Item
            key={f.name}
            name={f.name}
            label={f.label}
            rules={rulesOf(f)}
            dependencies={f.after ? [f.after] : undefined}
          >
            <FieldInput field={f} record={record} />
          </Form.Item>
        ))}
      </Form>
    </Modal>
  );
}

/** One record list of the portrait (教育经历, 工作经历, 资格证书, 获奖情况, 论文成果): add, edit, delete. */
export function RecordSection({
  config,
  records,
  readOnly = false,
}: {
  config: RecordKindConfig;
  records: RecordLike[];
  /** Public portraits: the list without add, edit and delete. */
  readOnly?: boolean;
}) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<RecordLike | 'new' | null>(null);

  const remove = async (id: number) => {
    try {
      const res = await talentApi.deleteRecord(config.kind, id);
      message.success(res.message || m.recordDeleted);
      await queryClient.invalidateQueries({ queryKey: talentKeys.info });
    } catch {
      // The API client has shown the server's message.
    }
  };

  return (
    <Card
      className="talent-card record-section"
      title={<h3 className="talent-card__title">{config.title}</h3>}
      extra={
        readOnly ? null : (
          <Button type="link" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            添加{config.noun}
          </Button>
        )
      }
    >
      <section aria-label={config.title}>
        {records.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={`暂无${config.noun}`} />
        ) : (
          <ul className="record-list">
            {records.map((r) => {
              const v = config.view(r as never);
              const attachment = (r.attachment as Credential['attachment']) ?? null;
              return (
                <li key={r.id} className="record-list__item">
                  <div className="record-list__main">
                    <div className="record-list__title">{v.title}</div>
                    {v.sub && <div className="record-list__sub">{v.sub}</div>}
                    {attachment && !readOnly && (
                      <Button
                        type="link"
                        size="small"
                        className="record-list__file"
                        onClick={() => void openAttachment(attachment)}
                      >
                        查看扫描件
                      </Button>
                    )}
                  </div>
                  <div className="record-list__when">{v.when}</div>
                  {!readOnly && (
                    <div className="record-list__actions">
                      <Button
                        type="text"
                        size="small"
                        icon={<EditOutlined />}
                        aria-label={`编辑${v.title}`}
                        onClick={() => setEditing(r)}
                      >
                        编辑
                      </Button>
                      <Popconfirm
                        title={`确定删除这条${config.noun}吗？`}
                        okText="删除"
                        cancelText="取消"
                        okButtonProps={{ danger: true }}
                        onConfirm={() => remove(r.id)}
                      >
                        <Button
                          type="text"
                          size="small"
                          danger
                          icon={<DeleteOutlined />}
                          aria-label={`删除${v.title}`}
                        >
                          删除
                        </Button>
                      </Popconfirm>
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </section>
      {editing && (
        <RecordFormModal
          config={config}
          record={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
    </Card>
  );
}
