import { App, Button, Modal, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { JobPost } from '@app/contracts';
import { recruitingMessages as m } from '@app/contracts/recruiting/recruiting.rules';
import { recruitingApi, recruitingKeys } from '../api/recruiting-api';

/**
 * Applying: the portrait is the resume; an optional PDF goes with it. antd's Modal and Upload, loaded when a job seeker
 * presses 投递简历 (the job post page itself is drawn without antd).
 */
export default function ApplyModal({ post, onClose }: { post: JobPost; onClose: () => void }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [pdf, setPdf] = useState<{ id: number; name: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const send = async () => {
    setBusy(true);
    try {
      const res = await recruitingApi.apply({ post_id: post.id, attachment_id: pdf?.id ?? null });
      message.success(res.message);
      await queryClient.invalidateQueries({ queryKey: recruitingKeys.all });
      onClose();
    } catch {
      // the API client has shown the server's message
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={`投递职位：${post.title}`}
      okText="确认投递"
      cancelText="取消"
      confirmLoading={busy}
      onOk={() => void send()}
      onCancel={onClose}
    >
      <p>
        将以您的人才画像作为简历投递给「{post.company.name}
        」，平台认证的学习记录（星级、近12个月学习时长、已完成课程）会一并展示。
      </p>
      <p className="rc-muted">企业接受面试前看不到您的完整手机号和身份证号。</p>
      <Upload
        accept=".pdf"
        maxCount={1}
        showUploadList={false}
        customRequest={async ({ file, onSuccess, onError }) => {
          try {
            const a = await recruitingApi.uploadPdf(file as Blob);
            if (a.mime !== 'application/pdf') {
              message.error(m.attachmentPdfOnly);
              onError?.(new Error(m.attachmentPdfOnly));
              return;
            }
            setPdf({ id: a.id, name: a.file_name });
            onSuccess?.(a);
          } catch (err) {
            onError?.(err as Error);
          }
        }}
      >
        <Button icon={<UploadOutlined />}>附加 PDF 简历（可选）</Button>
      </Upload>
      {pdf && (
        <p style={{ marginTop: 8 }}>
          已附加：{pdf.name}{' '}
          <Button type="link" size="small" onClick={() => setPdf(null)}>
            移除
          </Button>
        </p>
      )}
    </Modal>
  );
}
