import { App, Button, Form, Input, Modal, Radio } from 'antd';
import { useState } from 'react';
import { moderationMessages as m, REPORT_NOTE_MAX_LENGTH, REPORT_REASONS, type ReportReason } from '@app/contracts';
import { isApiError } from '@/shared/lib/api-error';
import { commentsApi } from '../api/comments-api';

type ReportForm = { reason: ReportReason; note?: string };

/** 举报: another user's comment goes to the moderation queue with a reason from the fixed list. */
export function ReportComment({ commentId }: { commentId: number }) {
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [sending, setSending] = useState(false);
  const [form] = Form.useForm<ReportForm>();

  async function submit(values: ReportForm) {
    setSending(true);
    try {
      await commentsApi.report(commentId, values.reason, values.note?.trim() ?? '');
      message.success(m.reported);
      setOpen(false);
      form.resetFields();
    } catch (err) {
      const text = isApiError(err) ? err.message : '提交失败，请重试';
      // Already reported or gone: nothing to correct in the form.
      if (isApiError(err) && (err.code === 409 || err.code === 404)) {
        message.info(text);
        setOpen(false);
      } else form.setFields([{ name: 'reason', errors: [text] }]);
    } finally {
      setSending(false);
    }
  }

  return (
    <>
      <Button type="link" size="small" className="comment-item__report" onClick={() => setOpen(true)}>
        举报
      </Button>
      <Modal
        title="举报评论"
        open={open}
        onCancel={() => setOpen(false)}
        okText="提交举报"
        okButtonProps={{ loading: sending }}
        onOk={() => form.submit()}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" onFinish={submit} requiredMark={false}>
          <Form.Item name="reason" label="举报原因" rules={[{ required: true, message: m.reasonInvalid }]}>
            <Radio.Group options={REPORT_REASONS.map((r) => ({ label: r, value: r }))} />
          </Form.Item>
          <Form.Item name="note" label="补充说明（选填）" rules={[{ max: REPORT_NOTE_MAX_LENGTH, message: m.noteTooLong }]}>
            <Input.TextArea rows={3} showCount maxLength={REPORT_NOTE_MAX_LENGTH} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
