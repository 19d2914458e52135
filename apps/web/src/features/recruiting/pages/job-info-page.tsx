import { App, Button, Descriptions, Empty, Modal, Result, Skeleton, Tag, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import type { JobPost } from '@app/contracts';
import { recruitingMessages as m } from '@app/contracts/recruiting/recruiting.rules';
import { isApiError } from '@/shared/lib/api-client';
import { useSessionStore } from '@/shared/lib/session/session-store';
import { recruitingApi, recruitingKeys } from '../api/recruiting-api';
import { CompanyCardView, PostCard } from '../components/cards';
import { cityText, educationText, experienceText, levelText } from '../lib/format';
import '../components/recruiting.css';

/** Applying: the portrait is the resume; an optional PDF goes with it. */
function ApplyModal({ post, onClose }: { post: JobPost; onClose: () => void }) {
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

/** /jobDetail/jinfo?id=: the post, its company card, similar posts and the apply button. */
export default function JobInfoPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const token = useSessionStore((s) => s.token);
  const role = useSessionStore((s) => s.role);
  const navigate = useNavigate();
  const location = useLocation();
  const [applying, setApplying] = useState(false);
  const detail = useQuery({
    queryKey: [...recruitingKeys.boardPost(id), token],
    queryFn: () => recruitingApi.boardPost(id),
    enabled: valid,
    retry: (n, err) => !(isApiError(err) && err.code === 404) && n < 2,
  });

  if (!valid) return <NotFound />;
  if (detail.isPending)
    return (
      <div className="page-container rc-page">
        <Skeleton active paragraph={{ rows: 10 }} />
      </div>
    );
  if (detail.isError) return <NotFound />;
  const { post, similar, my_application } = detail.data;

  const applyButton = () => {
    if (my_application)
      return (
        <Button size="large" disabled>
          已投递（{my_application.status_label}）
        </Button>
      );
    if (role === 'company') return <Tag color="default">企业账号不能投递简历</Tag>;
    return (
      <Button
        size="large"
        type="primary"
        onClick={() => {
          if (!token) navigate(`/login?redirect=${encodeURIComponent(location.pathname + location.search)}`);
          else setApplying(true);
        }}
      >
        投递简历
      </Button>
    );
  };

  return (
    <div className="page-container rc-page">
      <header className="rc-detail-head">
        <div>
          <h1>{post.title}</h1>
          <div className="rc-detail-head__salary">{post.salary_text}</div>
          <div style={{ marginTop: 8 }}>
            {cityText(post.citys)} · {experienceText(post.experience)} · {educationText(post.education)} · 招
            {post.headcount}人
          </div>
        </div>
        {applyButton()}
      </header>
      <div className="rc-layout">
        <div>
          <section className="rc-section">
            <h2>职位信息</h2>
            <Descriptions column={2} size="small">
              <Descriptions.Item label="职位类别">{post.position}</Descriptions.Item>
              <Descriptions.Item label="职位层级">{levelText(post.position_level)}</Descriptions.Item>
              <Descriptions.Item label="发布日期">{post.published_at?.slice(0, 10)}</Descriptions.Item>
              <Descriptions.Item label="截止日期">{post.expires_on}</Descriptions.Item>
            </Descriptions>
          </section>
          <section className="rc-section">
            <h2>职位描述</h2>
            <p className="rc-pre">{post.description}</p>
          </section>
          <section aria-label="相似职位">
            <h2 style={{ fontSize: 17 }}>相似职位</h2>
            {similar.length === 0 ? (
              <Empty description="暂无相似职位" />
            ) : (
              similar.map((p) => <PostCard key={p.id} post={p} />)
            )}
          </section>
        </div>
        <CompanyCardView company={post.company} />
      </div>
      {applying && <ApplyModal post={post} onClose={() => setApplying(false)} />}
    </div>
  );
}

function NotFound() {
  return (
    <div className="page-container rc-page">
      <Result
        status="404"
        title="职位不存在或已下线"
        extra={
          <Link to="/jobDetail">
            <Button type="primary">返回招聘求职</Button>
          </Link>
        }
      />
    </div>
  );
}
