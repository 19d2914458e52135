import { App, Form, Input, Modal, Radio } from 'antd';
import { useState } from 'react';
import {
  moderationMessages as m,
  REPORT_NOTE_MAX_LENGTH,
  REPORT_REASONS,
  type ModerationKind,
  type ReportReason,
} from '@app/contracts';
import { isApiError } from '@/shared/lib/api-error';
import { reportApi } from '@/shared/lib/report-api';

type ReportForm = { reason: ReportReason; note?: string };

/**
 * The 举报 dialog (antd's Modal and Form, loaded on the first 举报 click, see ReportButton): another user's comment,
 * question or chat message goes to the moderation queue with a reason from the fixed list and an optional note.
 */
export default function ReportDialog({
  kind,
  id,
  title,
  open,
  onClose,
}: {
  kind: ModerationKind;
  id: number;
  title: string;
  open: boolean;
  onClose(): void;
}) {
  const { message } = App.useApp();
  const [sending, setSending] = useState(false);
  const [form] = Form.useForm<ReportForm>();

  async function submit(values: ReportForm) {
    setSending(true);
    try {
      await reportApi.report({ kind, id, reason: values.reason, note: values.note?.trim() ?? '' });
      message.success(m.reported);
      onClose();
      form.resetFields();
    } catch (err) {
      const text = isApiError(err) ? err.message : '提交失败，请重试';
      // Already reported, gone, or the viewer's own content: nothing to correct in the form.
      const final = isApiError(err) && (err.code === 409 || err.code === 404 || err.message === m.ownContent);
      if (final) {
        message.info(text);
        onClose();
      } else form.setFields([{ name: 'reason', errors: [text] }]);
    } finally {
      setSending(false);
    }
  }

  return (
    <Modal
      title={title}
      open={open}
      onCancel={onClose}
      okText="提交举报"
      okButtonProps={{ loading: sending }}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={submit} requiredMark={false}>
        <Form.Item name="reason" label="举报原因" rules={[{ required: true, message: m.reasonInvalid }]}>
          <Radio.Group options={REPORT_REASONS.map((r) => ({ label: r, value: r }))} />
        </Form.Item>
        <Form.Item
          name="note"
          label="补充说明（选填）"
          rules={[{ max: REPORT_NOTE_MAX_LENGTH, message: m.noteTooLong }]}
        >
          <Input.TextArea rows={3} showCount maxLength={REPORT_NOTE_MAX_LENGTH} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
