import { Badge, Button, Card, Drawer, Segmented, Skeleton, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { QueueItem } from '@app/contracts/qa/qa.schemas';
import { qaApi, qaKeys } from '../api/qa-api';
import { useExpertQuestion, useExpertQueue } from '../api/use-qa';
import { ExpertConsultations } from '../components/admin-consultations';
import { StateTag } from '../components/parts';
import { ExpertActions, QuestionFacts } from '../components/workspace-question';
import { time } from '../lib/format';
import '../components/qa.css';

const PER = 10;
type Scope = 'open' | 'mine' | 'answered' | 'consult';

/** /admin/quiz-expert: the expert's queue (questions of their fields), their claims with due times, their answers. */
export default function ExpertWorkspacePage() {
  const [scope, setScope] = useState<Scope>('open');
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<number | null>(null);
  const me = useQuery({ queryKey: qaKeys.expertMe, queryFn: qaApi.expertMe });
  const queue = useExpertQueue(
    { scope: scope === 'consult' ? 'open' : scope, page, per: PER },
    !!me.data?.expert && scope !== 'consult',
  );
  const detail = useExpertQuestion(openId);

  const columns: ColumnsType<QueueItem> = [
    {
      title: '问题',
      dataIndex: 'title',
      render: (_: unknown, q) => (
        <Button
          type="link"
          style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'left' }}
          onClick={() => setOpenId(q.id)}
        >
          {q.title}
        </Button>
      ),
    },
    { title: '分类', dataIndex: 'category', width: 110 },
    {
      title: '提问人',
      dataIndex: 'asker',
      width: 110,
      render: (v: string, q) =>
        q.is_member ? (
          <>
            {v} <Tag color="gold">会员</Tag>
          </>
        ) : (
          v
        ),
    },
    {
      title: '状态',
      dataIndex: 'state',
      width: 100,
      render: (_: unknown, q) => <StateTag state={q.state} />,
    },
    {
      title: '解答时限',
      dataIndex: 'due_at',
      width: 170,
      render: (v: string, q) => (
        <span className={q.overdue ? 'qa-overdue' : undefined}>
          {time(v)}
          {q.overdue && ' 已超时'}
        </span>
      ),
    },
    {
      title: '追问',
      dataIndex: 'open_follow_ups',
      width: 80,
      render: (n: number) => (n > 0 ? <Badge count={n} /> : '—'),
    },
  ];

  if (me.data && !me.data.expert) return <Card variant="borderless">当前账号不是专家账号。</Card>;

  return (
    <Card
      variant="borderless"
      title="专家工作台"
      extra={
        me.data?.expert && (
          <span className="qa-muted">
            {me.data.expert.name} · 解答领域：{me.data.categories.join('、')}
          </span>
        )
      }
    >
      <Segmented<Scope>
        aria-label="问题范围"
        style={{ marginBottom: 16 }}
        value={scope}
        options={[
          { value: 'open', label: '待认领' },
          { value: 'mine', label: '我的待办' },
          { value: 'answered', label: '我已解答' },
          { value: 'consult', label: '财税咨询' },
        ]}
        onChange={(v) => {
          setScope(v);
          setPage(1);
        }}
      />
      {scope === 'consult' ? (
        <ExpertConsultations />
      ) : (
        <Table<QueueItem>
          rowKey="id"
          columns={columns}
          dataSource={queue.data?.list ?? []}
          loading={queue.isPending}
          locale={{ emptyText: scope === 'open' ? '暂无待认领的问题' : '暂无问题' }}
          pagination={{
            current: page,
            pageSize: PER,
            total: queue.data?.total ?? 0,
            showSizeChanger: false,
            hideOnSinglePage: true,
            onChange: setPage,
          }}
        />
      )}
      <Drawer
        open={openId !== null}
        size="large"
        title={detail.data?.title ?? '问题'}
        onClose={() => setOpenId(null)}
        destroyOnHidden
      >
        {detail.data ? (
          <>
            <QuestionFacts q={detail.data} />
            <ExpertActions
              key={`${detail.data.id}-${detail.data.state}`}
              q={detail.data}
              onChanged={() => detail.refetch()}
            />
          </>
        ) : (
          <Skeleton active />
        )}
      </Drawer>
    </Card>
  );
}
