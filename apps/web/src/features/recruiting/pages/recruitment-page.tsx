import { Alert, App, Button, Empty, Popconfirm, Segmented, Space, Table, Tag } from 'antd';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { JobPost, MyPostsQuery } from '@app/contracts';
import { POST_STATUS_LABELS, type PostStatus } from '@app/contracts/recruiting/recruiting.rules';
import { recruitingApi, recruitingKeys } from '../api/recruiting-api';
import { useMyCompany } from '../api/use-recruiting';
import { useSessionStore } from '@/shared/lib/session/session-store';
import { cityText } from '../lib/format';
import { cardColumns } from '@/shared/lib/card-columns';
import '../components/recruiting.css';

const PER = 10;
export const POST_STATUS_COLORS: Record<PostStatus, string> = {
  draft: 'default',
  pending: 'processing',
  online: 'success',
  rejected: 'error',
  offline: 'warning',
  expired: 'default',
};
const FILTERS: { value: NonNullable<MyPostsQuery['status']>; label: string }[] = [
  { value: 'all', label: '全部' },
  ...(['online', 'pending', 'draft', 'rejected', 'offline', 'expired'] as const).map((s) => ({
    value: s,
    label: POST_STATUS_LABELS[s],
  })),
];

/** /center/recruitment: the company's posts with state and application counts; a person is shown where their side is. */
export default function RecruitmentPage() {
  const role = useSessionStore((s) => s.role);
  if (role !== 'company') {
    return (
      <div className="rc-centre">
        <h2 className="rc-page__title">我的招聘</h2>
        <Empty description="发布职位和管理招聘需使用企业账号。个人用户可以浏览职位并投递简历。">
          <Space wrap>
            <Link to="/jobDetail">
              <Button type="primary">浏览职位</Button>
            </Link>
            <Link to="/center/applyJob">
              <Button>我的投递</Button>
            </Link>
          </Space>
        </Empty>
      </div>
    );
  }
  return <CompanyRecruitment />;
}

function CompanyRecruitment() {
  const [status, setStatus] = useState<NonNullable<MyPostsQuery['status']>>('all');
  const [page, setPage] = useState(1);
  const company = useMyCompany();
  const query = { status, page, per: PER };
  const posts = useQuery({
    queryKey: recruitingKeys.myPosts(query),
    queryFn: () => recruitingApi.myPosts(query),
    placeholderData: keepPreviousData,
  });
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const verified = company.data?.status === 'verified';

  return (
    <div className="rc-centre">
      <div className="rc-toolbar">
        <h2 className="rc-page__title" style={{ margin: 0 }}>
          我的招聘
        </h2>
        {verified ? (
          <Link to="/center/recruitment/postEdit">
            <Button type="primary">发布职位</Button>
          </Link>
        ) : (
          <Button type="primary" disabled>
            发布职位
          </Button>
        )}
      </div>
      {company.data && !verified && (
        <Alert
          showIcon
          type="warning"
          style={{ marginBottom: 16 }}
          message="企业认证通过后才能发布职位"
          action={<Link to="/center/recruitment/companyEdit">去完善企业信息</Link>}
        />
      )}
      <Segmented
        aria-label="职位状态"
        value={status}
        onChange={(v) => {
          setStatus(v);
          setPage(1);
        }}
        options={FILTERS}
        style={{ marginBottom: 16 }}
      />
      <Table<JobPost>
        className="rc-card-table"
        rowKey="id"
        loading={posts.isFetching}
        dataSource={posts.data?.list ?? []}
        locale={{ emptyText: '还没有职位' }}
        pagination={{
          current: page,
          pageSize: PER,
          total: posts.data?.total ?? 0,
          onChange: setPage,
          showSizeChanger: false,
        }}
        columns={cardColumns<JobPost>([
          {
            title: '职位',
            key: 'title',
            render: (_, p) => (
              <div>
                <div style={{ fontWeight: 600 }}>{p.title}</div>
                <div className="rc-muted">
                  {cityText(p.citys)} · {p.salary_text}
                </div>
              </div>
            ),
          },
          {
            title: '状态',
            key: 'status',
            width: 200,
            render: (_, p) => (
              <div>
                <Tag color={POST_STATUS_COLORS[p.status]}>{p.status_label}</Tag>
                {p.review_reason && <div className="rc-muted">原因：{p.review_reason}</div>}
              </div>
            ),
          },
          {
            title: '收到简历',
            key: 'apps',
            width: 100,
            render: (_, p) => <Link to={`/center/applyJob?post_id=${p.id}`}>{p.application_count} 份</Link>,
          },
          { title: '截止日期', dataIndex: 'expires_on', width: 120 },
          {
            title: '操作',
            key: 'ops',
            width: 160,
            render: (_, p) => (
              <Space>
                <Link to={`/center/recruitment/postEdit?id=${p.id}`}>编辑</Link>
                {(p.status === 'online' || p.status === 'pending') && (
                  <Popconfirm
                    title="确定下线该职位？"
                    okText="下线"
                    cancelText="取消"
                    onConfirm={async () => {
                      const res = await recruitingApi.offlinePost(p.id);
                      message.success(res.message);
                      await queryClient.invalidateQueries({ queryKey: recruitingKeys.all });
                    }}
                  >
                    <Button type="link" size="small" danger>
                      下线
                    </Button>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ])}
      />
    </div>
  );
}
