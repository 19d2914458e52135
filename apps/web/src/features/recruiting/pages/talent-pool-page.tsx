import {
  Alert,
  App,
  Button,
  Card,
  Empty,
  Input,
  Modal,
  Popconfirm,
  Result,
  Select,
  Skeleton,
  Space,
  Statistic,
  Table,
  Tag,
} from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { PoolEntry } from '@app/contracts';
import { useSessionStore } from '@/shared/lib/session/session-store';
import { recruitingApi, recruitingKeys } from '../api/recruiting-api';
import { PoolModal } from '../components/pool-modal';
import { cityText, dateText, educationText, salaryBandText, starText } from '../lib/format';
import { cardColumns } from '@/shared/lib/card-columns';
import '../components/recruiting.css';

const PER = 10;

function InviteModal({ entry, onClose }: { entry: PoolEntry; onClose: () => void }) {
  const { message } = App.useApp();
  const [postId, setPostId] = useState<number>();
  const posts = useQuery({
    queryKey: recruitingKeys.myPosts({ status: 'online', per: 50 }),
    queryFn: () => recruitingApi.myPosts({ status: 'online', page: 1, per: 50 }),
  });
  return (
    <Modal
      open
      title={`邀请 ${entry.talent?.name ?? ''} 投递职位`}
      okText="发送邀请"
      cancelText="取消"
      okButtonProps={{ disabled: !postId }}
      onCancel={onClose}
      onOk={async () => {
        const res = await recruitingApi.poolInvite(entry.id, postId!);
        message.success(res.message);
        onClose();
      }}
    >
      <p className="rc-muted">对方会在消息中心收到邀请和职位链接。</p>
      <Select
        aria-label="选择职位"
        style={{ width: '100%' }}
        placeholder="选择招聘中的职位"
        value={postId}
        onChange={setPostId}
        options={(posts.data?.list ?? []).map((p) => ({
          value: p.id,
          label: `${p.title}（${p.salary_text}）`,
        }))}
        notFoundContent="没有招聘中的职位"
      />
    </Modal>
  );
}

/** A company's talent pool: tags, private notes, invitations; hidden portraits show as such. */
function CompanyPool() {
  const [tag, setTag] = useState<string>();
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<PoolEntry | null>(null);
  const [inviting, setInviting] = useState<PoolEntry | null>(null);
  const q = { tag, page, per: PER };
  const list = useQuery({
    queryKey: recruitingKeys.pool(q),
    queryFn: () => recruitingApi.pool(q),
    placeholderData: keepPreviousData,
  });
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  return (
    <>
      <div className="rc-toolbar">
        <Input.Search
          aria-label="按标签筛选"
          placeholder="按标签筛选"
          allowClear
          style={{ width: 240 }}
          onSearch={(v) => {
            setTag(v.trim() || undefined);
            setPage(1);
          }}
        />
        <Space>
          <Link to="/filtrate">
            <Button>人才查询</Button>
          </Link>
          <Link to="/recommend">
            <Button>人才推荐</Button>
          </Link>
        </Space>
      </div>
      <Table<PoolEntry>
        className="rc-card-table"
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        locale={{ emptyText: '人才库还是空的：在人才查询、人才推荐或收到的简历中加入人才' }}
        pagination={{
          current: page,
          pageSize: PER,
          total: list.data?.total ?? 0,
          onChange: setPage,
          showSizeChanger: false,
        }}
        columns={cardColumns<PoolEntry>([
          {
            title: '人才',
            key: 'who',
            render: (_, e) =>
              e.hidden || !e.talent ? (
                <span className="rc-muted">该用户已隐藏画像</span>
              ) : (
                <div>
                  <Link
                    to={`/center/recruitment/resumePreview?user_id=${e.user_id}`}
                    style={{ fontWeight: 600 }}
                  >
                    {e.talent.name}
                  </Link>
                  <Tag color="gold" style={{ marginLeft: 6 }}>
                    {starText(e.talent.star_id)}
                  </Tag>
                  <div className="rc-muted">
                    {e.talent.positions.replaceAll(',', '、')} · {cityText(e.talent.citys)} ·{' '}
                    {educationText(e.talent.highest_degree)} · {salaryBandText(e.talent.salary)}
                  </div>
                </div>
              ),
          },
          {
            title: '标签',
            key: 'tags',
            render: (_, e) => (e.tags.length ? e.tags.map((t) => <Tag key={t}>{t}</Tag>) : '—'),
          },
          {
            title: '备注',
            dataIndex: 'note',
            render: (n: string | null) => <span style={{ whiteSpace: 'pre-wrap' }}>{n ?? '—'}</span>,
          },
          { title: '加入时间', key: 'at', width: 110, render: (_, e) => dateText(e.created_at) },
          {
            title: '操作',
            key: 'ops',
            width: 200,
            render: (_, e) => (
              <Space size={4}>
                <Button size="small" type="link" onClick={() => setEditing(e)}>
                  编辑
                </Button>
                {!e.hidden && (
                  <Button size="small" type="link" onClick={() => setInviting(e)}>
                    邀请投递
                  </Button>
                )}
                <Popconfirm
                  title="确定移出人才库？"
                  okText="移出"
                  cancelText="取消"
                  onConfirm={async () => {
                    const res = await recruitingApi.poolRemove(e.id);
                    message.success(res.message);
                    await queryClient.invalidateQueries({ queryKey: recruitingKeys.all });
                  }}
                >
                  <Button size="small" type="link" danger>
                    移出
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ])}
      />
      {editing && (
        <PoolModal
          userId={editing.user_id}
          name={editing.talent?.name ?? '该用户'}
          entry={editing}
          onClose={() => setEditing(null)}
        />
      )}
      {inviting && <InviteModal entry={inviting} onClose={() => setInviting(null)} />}
    </>
  );
}

/** A person's entry in the national talent pool (SPEC §9) and personal talent code. */
function PersonalPool() {
  const pool = useQuery({ queryKey: recruitingKeys.myTalentPool, queryFn: recruitingApi.myTalentPool });
  if (pool.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (pool.isError) return <Empty description="加载失败" />;
  const d = pool.data;
  return (
    <div className="rc-layout">
      <Card title="全国人才库">
        <Space direction="vertical" size="large" style={{ width: '100%' }}>
          {d.in_pool ? (
            <Alert
              type="success"
              showIcon
              message="您已进入全国人才库，认证企业可以在人才查询和人才推荐中找到您。"
            />
          ) : (
            <Alert
              type="warning"
              showIcon
              message="您尚未进入全国人才库"
              description={
                <ul style={{ margin: 0, paddingLeft: 18 }}>
                  {!d.is_member && (
                    <li>
                      全国人才库是会员权益，<Link to="/payment?type=buyVip">开通会员</Link>
                    </li>
                  )}
                  {!d.show_personal_info && (
                    <li>
                      在人才画像的求职意向中打开“展示人才画像”，
                      <Link to="/center/talentPortrayal">去设置</Link>
                    </li>
                  )}
                </ul>
              }
            />
          )}
          <Space size={48}>
            <Statistic title="本月查看您画像的企业" value={d.views_this_month} suffix="家" />
            <Statistic title="会员状态" value={d.is_member ? '会员' : '非会员'} />
            <Statistic title="画像" value={d.show_personal_info ? '公开' : '未公开'} />
          </Space>
          <span className="rc-muted">
            隐藏画像后，您会立即从人才查询、人才推荐和所有企业的人才库视图中消失。
          </span>
        </Space>
      </Card>
      <Card title="个人人才码" className="rc-qr">
        {d.qr_png ? (
          <>
            <img src={d.qr_png} alt="个人人才码：扫码查看平台认证的人才画像" />
            <p className="rc-muted">扫码打开您经平台认证的公开人才画像</p>
            <a href={d.qr_png} download="个人人才码.png">
              <Button icon={<DownloadOutlined />} type="primary">
                下载人才码
              </Button>
            </a>
            <p style={{ marginTop: 8 }}>
              <Link to={d.portrait_path}>预览公开画像</Link>
            </p>
          </>
        ) : (
          <Result status="info" title="会员公开画像后生成人才码" />
        )}
      </Card>
    </div>
  );
}

/** /center/talent-pool: a company's pool, or a person's national pool entry and talent code. */
export default function TalentPoolPage() {
  const role = useSessionStore((s) => s.role);
  return (
    <div className="rc-centre">
      <h2 className="rc-page__title">人才库</h2>
      {role === 'company' ? <CompanyPool /> : <PersonalPool />}
    </div>
  );
}
