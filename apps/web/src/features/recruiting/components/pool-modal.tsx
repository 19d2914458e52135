import { App, Form, Input, Modal, Select } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  POOL_NOTE_MAX,
  POOL_TAG_MAX,
  POOL_TAGS_MAX,
  recruitingMessages as m,
} from '@app/contracts/recruiting/recruiting.rules';
import { recruitingApi, recruitingKeys } from '../api/recruiting-api';
import { applyServerErrors } from '../lib/format';

interface Values {
  tags: string[];
  note?: string;
}

/** Saves a person into the company's talent pool (new) or edits the tags and note of an entry. */
export function PoolModal({
  userId,
  name,
  source,
  entry,
  onClose,
}: {
  userId: number;
  name: string;
  source?: 'query' | 'recommend' | 'application';
  entry?: { id: number; tags: string[]; note: string | null };
  onClose: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    let v: Values;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      const body = { tags: v.tags ?? [], note: v.note?.trim() || null };
      const res = entry
        ? await recruitingApi.poolUpdate(entry.id, body)
        : await recruitingApi.poolAdd({ ...body, user_id: userId, source: source ?? 'query' });
      message.success(res.message);
      await queryClient.invalidateQueries({ queryKey: recruitingKeys.all });
      onClose();
    } catch (err) {
      message.error(applyServerErrors(form, err, '保存失败'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={entry ? `编辑人才库：${name}` : `加入人才库：${name}`}
      okText="保存"
      cancelText="取消"
      confirmLoading={saving}
      onOk={() => void submit()}
      onCancel={onClose}
    >
      <Form
        form={form}
        layout="vertical"
        name="pool"
        initialValues={{ tags: entry?.tags ?? [], note: entry?.note ?? '' }}
      >
        <Form.Item
          label="标签"
          name="tags"
          rules={[
            { type: 'array', max: POOL_TAGS_MAX, message: m.tagsTooMany },
            {
              validator: (_, v: string[] | undefined) =>
                (v ?? []).every((t) => t.length <= POOL_TAG_MAX)
                  ? Promise.resolve()
                  : Promise.reject(new Error(m.tagTooLong)),
            },
          ]}
        >
          <Select
            mode="tags"
            placeholder="输入后回车，如：税务、可立即到岗"
            tokenSeparators={[',', '，']}
            open={false}
          />
        </Form.Item>
        <Form.Item
          label="备注（仅本企业可见）"
          name="note"
          rules={[{ max: POOL_NOTE_MAX, message: m.textTooLong(POOL_NOTE_MAX) }]}
        >
          <Input.TextArea rows={4} maxLength={POOL_NOTE_MAX} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
