import { App, Button, Modal, Skeleton, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { JobPost } from '@app/contracts';
import { recruitingMessages as m } from '@app/contracts/recruiting/recruiting.rules';
import { talentApi, talentKeys } from '@/features/talent/api/talent-api';
import { JobIntentionDialog } from '@/features/talent/components/job-intention-dialog';
import { useSessionStore } from '@/shared/lib/session/session-store';
import { recruitingApi, recruitingKeys } from '@/features/recruiting/api/recruiting-api';

/**
 * Applying: the portrait is the resume and the job intention says what the applicant seeks; an optional PDF goes
 * with them. Every personal account may apply once it has a job intention (docs/decisions.md): the dialog says so
 * before the confirmation and opens the job-intention form in place, instead of a confirmation the server refuses.
 * antd's Modal and Upload, loaded when a job seeker presses 投递简历 (the job post page itself is drawn without antd).
 * It lives in app/ because it composes two features: recruiting's application and talent's job-intention form.
 */
export default function ApplyModal({ post, open, onClose }: { post: JobPost; open: boolean; onClose: () => void }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const userId = useSessionStore((s) => s.user?.id);
  const setJobSwitch = useSessionStore((s) => s.setJobSwitch);
  const [pdf, setPdf] = useState<{ id: number; name: string } | null>(null);
  const [busy, setBusy] = useState(false);
  // The same query key the job-intention form invalidates when it saves: the dialog moves on by itself.
  const intention = useQuery({
    queryKey: [...talentKeys.all, 'job-intention', userId],
    queryFn: () => talentApi.jobIntention(userId!),
    enabled: open && userId !== undefined,
  });
  const needsIntention = intention.isSuccess && intention.data === null;

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
      open={open}
      destroyOnHidden
      title={`投递职位：${post.title}`}
      okText="确认投递"
      cancelText="取消"
      confirmLoading={busy}
      okButtonProps={{ disabled: !intention.isSuccess || needsIntention }}
      onOk={() => void send()}
      onCancel={onClose}
    >
      <JobIntentionDialog />
      {intention.isPending ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : needsIntention ? (
        <div className="rc-apply-need" role="status">
          <p>
            <strong>投递前请先填写求职意向。</strong>
            企业会同时看到您的求职意向（期望职位、城市、薪资）和人才画像，填写一次即可投递所有职位。
          </p>
          <Button type="primary" onClick={() => setJobSwitch(true)}>
            填写求职意向
          </Button>
        </div>
      ) : (
        <ApplyBody post={post} pdf={pdf} setPdf={setPdf} />
      )}
    </Modal>
  );
}

function ApplyBody({
  post,
  pdf,
  setPdf,
}: {
  post: JobPost;
  pdf: { id: number; name: string } | null;
  setPdf: (pdf: { id: number; name: string } | null) => void;
}) {
  const { message } = App.useApp();
  return (
    <>
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
    </>
  );
}
