import { App, Form, Input, Modal, Radio } from 'antd';
import { useState } from 'react';
import { REASON_MAX, recruitingMessages as m } from '@app/contracts/recruiting/recruiting.rules';
import { isApiError } from '@/shared/lib/api-client';

interface Values {
  approve: boolean;
  reason?: string;
}

/** Approve, or reject with a reason (company verification, post review); also "take offline with a reason". */
export function ReviewModal({
  title,
  children,
  offline,
  onSubmit,
  onClose,
}: {
  title: string;
  children?: React.ReactNode;
  /** Only a reason is asked (staff take an online post offline). */
  offline?: boolean;
  onSubmit: (v: { approve: boolean; reason: string | null }) => Promise<{ message: string }>;
  onClose: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const { message } = App.useApp();
  const [saving, setSaving] = useState(false);
  const approve = Form.useWatch('approve', form) ?? !offline;
  return (
    <Modal
      open
      width={720}
      title={title}
      okText={offline ? '下线' : '提交审核'}
      cancelText="取消"
      confirmLoading={saving}
      onCancel={onClose}
      onOk={async () => {
        let v: Values;
        try {
          v = await form.validateFields();
        } catch {
          return;
        }
        setSaving(true);
        try {
          const res = await onSubmit({
            approve: offline ? false : v.approve,
            reason: v.reason?.trim() || null,
          });
          message.success(res.message);
          onClose();
        } catch (err) {
          message.error(isApiError(err) && err.message ? err.message : '操作失败');
        } finally {
          setSaving(false);
        }
      }}
    >
      {children}
      <Form
        form={form}
        name="review"
        layout="vertical"
        initialValues={{ approve: !offline }}
        style={{ marginTop: 16 }}
      >
        {!offline && (
          <Form.Item label="审核结果" name="approve">
            <Radio.Group
              options={[
                { value: true, label: '通过' },
                { value: false, label: '驳回' },
              ]}
            />
          </Form.Item>
        )}
        {(offline || !approve) && (
          <Form.Item
            label={offline ? '下线原因' : '驳回原因'}
            name="reason"
            rules={[
              {
                required: true,
                whitespace: true,
                message: offline ? m.offlineReasonRequired : m.reviewReasonRequired,
              },
              { max: REASON_MAX, message: m.textTooLong(REASON_MAX) },
            ]}
          >
            <Input.TextArea rows={3} maxLength={REASON_MAX} showCount />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
