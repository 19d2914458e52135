import { App, Button, Form, Input } from 'antd';
import { COMMENT_MAX_LENGTH, commentMessages } from '@app/contracts';
import { isApiError } from '@/shared/lib/api-client';

interface CommentFormValues {
  content: string;
}

/** Plain-text comment box (≤ COMMENT_MAX_LENGTH characters, counted after trimming like the server does). */
export function CommentForm({ onSubmit, submitting }: { onSubmit(content: string): Promise<unknown>; submitting: boolean }) {
  const [form] = Form.useForm<CommentFormValues>();
  const { message } = App.useApp();

  async function finish({ content }: CommentFormValues) {
    try {
      await onSubmit(content.trim());
      form.resetFields();
      message.success(commentMessages.posted);
    } catch (err) {
      // Field errors from the server land on the box; other failures were already shown by the client.
      const fieldError = isApiError(err) ? err.fieldErrors.content : undefined;
      if (fieldError) form.setFields([{ name: 'content', errors: [fieldError] }]);
    }
  }

  return (
    <Form form={form} className="comment-form" onFinish={finish} requiredMark={false}>
      <Form.Item
        name='content'
        validateTrigger={['onChange', 'onBlur']}
        rules={[
          {
            validator: async (_r, value: string | undefined) => {
              const text = (value ?? '').trim();
              if (!text) throw new Error(commentMessages.contentRequired);
              if (text.length > COMMENT_MAX_LENGTH) throw new Error(commentMessages.contentTooLong);
            },
          },
        ]}
      >
        <Input.TextArea
          rows={3}
          placeholder="写下你的学习心得或疑问（纯文本，不超过500字）"
          showCount={{ formatter: ({ count }) => `${count} / ${COMMENT_MAX_LENGTH}` }}
          aria-label="评论内容"
        />
      </Form.Item>
      <div className="comment-form__actions">
        <Button type="primary" htmlType="submit" loading={submitting}>
          发表评论
        </Button>
      </div>
    </Form>
  );
}
