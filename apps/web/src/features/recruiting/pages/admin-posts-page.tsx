import { Button, Descriptions, Segmented, Space, Table, Tag } from 'antd';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { AdminPostsQuery, JobPost } from '@app/contracts';
import { POST_STATUS_LABELS, type PostStatus } from '@app/contracts/recruiting/recruiting.rules';
import { recruitingApi, recruitingKeys } from '../api/recruiting-api';
import { cityText, dateTimeText, educationText, experienceText, levelText } from '../lib/format';
import { ReviewModal } from './admin-review-modal';

const PER = 10;
type Filter = NonNullable<AdminPostsQuery['status']>;
const FILTERS: { value: Filter; label: string }[] = [
  ...(['pending', 'online', 'rejected', 'offline', 'expired'] as PostStatus[]).map((s) => ({
    value: s as Filter,
    label: POST_STATUS_LABELS[s],
  })),
  { value: 'all', label: '全部' },
];

function PostSummary({ post }: { post: JobPost }) {
  return (
    <Descriptions column={2} size="small" bordered>
      <Descriptions.Item label="职位">{post.title}</Descriptions.Item>
      <Descriptions.Item label="企业">{post.company.name}</Descriptions.Item>
      <Descriptions.Item label="类别">
        {post.position}（{levelText(post.position_level)}）
      </Descriptions.Item>
      <Descriptions.Item label="薪资">{post.salary_text}</Descriptions.Item>
      <Descriptions.Item label="城市">{cityText(post.citys)}</Descriptions.Item>
      <Descriptions.Item label="要求">
        {experienceText(post.experience)} · {educationText(post.education)} · 招{post.headcount}人
      </Descriptions.Item>
      <Descriptions.Item label="描述" span={2}>
        <div className="rc-pre">{post.description}</div>
      </Descriptions.Item>
    </Descriptions>
  );
}

/** /admin/job-posts: review posts (approve / reject with reason) and take online posts offline with a reason. */
export default function AdminPostsPage() {
  const [status, setStatus] = useState<Filter>('pending');
  const [page, setPage] = useState(1);
  const [action, setAction] = useState<{ post: JobPost; kind: 'review' | 'offline' } | null>(null);
  const q = { status, page, per: PER };
  const list = useQuery({
    queryKey: recruitingKeys.admin('posts', q),
    queryFn: () => recruitingApi.adminPosts(q),
    placeholderData: keepPreviousData,
  });
  const queryClient = useQueryClient();
  return (
    <div>
      <h2 className="rc-page__title">职位审核</h2>
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
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        locale={{ emptyText: '暂无职位' }}
        pagination={{
          current: page,
          pageSize: PER,
          total: list.data?.total ?? 0,
          onChange: setPage,
          showSizeChanger: false,
        }}
        columns={[
          { title: '职位', dataIndex: 'title' },
          { title: '企业', key: 'c', render: (_, p) => p.company.name },
          { title: '城市', key: 'city', render: (_, p) => cityText(p.citys) },
          { title: '薪资', dataIndex: 'salary_text' },
          { title: '更新时间', key: 'u', render: (_, p) => dateTimeText(p.updated_at) },
          { title: '状态', key: 's', render: (_, p) => <Tag>{p.status_label}</Tag> },
          {
            title: '操作',
            key: 'ops',
            render: (_, p) => (
              <Space>
                {p.status === 'pending' && (
                  <Button size="small" type="primary" onClick={() => setAction({ post: p, kind: 'review' })}>
                    审核
                  </Button>
                )}
                {p.status === 'online' && (
                  <Button size="small" danger onClick={() => setAction({ post: p, kind: 'offline' })}>
                    下线
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
      {action && (
        <ReviewModal
          title={`${action.kind === 'review' ? '审核职位' : '下线职位'}：${action.post.title}`}
          offline={action.kind === 'offline'}
          onClose={() => setAction(null)}
          onSubmit={async (v) => {
            const res =
              action.kind === 'review'
                ? await recruitingApi.reviewPost(action.post.id, v)
                : await recruitingApi.adminOfflinePost(action.post.id, v.reason ?? '');
            await queryClient.invalidateQueries({ queryKey: recruitingKeys.all });
            return res;
          }}
        >
          <PostSummary post={action.post} />
        </ReviewModal>
      )}
    </div>
  );
}
