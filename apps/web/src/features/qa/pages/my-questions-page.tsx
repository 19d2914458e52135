import { Button, Card, Segmented, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { QA_STATE_LABELS, QA_STATES, type MyQuestion, type QaState } from '@app/contracts/qa/qa.schemas';
import { useMyQuestions, useQuota } from '../api/use-qa';
import { StateTag } from '../components/parts';
import { ASK_PATH, threadPath, time } from '../lib/format';
import '../components/qa.css';
import { ScrollCue, TABLE_SCROLLER, usePhoneTable } from '@/shared/ui/scroll-cue';

const PER = 10;

const COLUMNS: ColumnsType<MyQuestion> = [
  {
    title: '问题',
    dataIndex: 'title',
    render: (_: unknown, q) => (
      <>
        <Link to={threadPath(q.id)}>{q.title}</Link>
        <div className="qa-muted">
          {q.category}
          {!q.is_public && ' · 仅自己可见'}
          {q.open_follow_ups > 0 && ' · 追问待回复'}
        </div>
      </>
    ),
  },
  { title: '状态', dataIndex: 'state', width: 100, render: (s: QaState) => <StateTag state={s} /> },
  { title: '提问时间', dataIndex: 'asked_at', width: 150, render: (v: string) => time(v) },
  {
    title: '解答时限',
    dataIndex: 'due_at',
    width: 170,
    render: (v: string, q) =>
      q.state === 'answered' || q.state === 'closed' ? (
        <span className="qa-muted">{q.answered_at ? `${time(q.answered_at)} 已解答` : '—'}</span>
      ) : (
        <span>{time(v)} 前</span>
      ),
  },
  {
    title: '评价',
    dataIndex: 'rating',
    width: 80,
    render: (r: number | null) => (r ? <Tag color="gold">{r} 分</Tag> : '—'),
  },
];

/** /center/quiz: my questions with their state and due time. */
export default function MyQuestionsPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const raw = params.get('state');
  const state = (QA_STATES as readonly string[]).includes(raw ?? '') ? (raw as QaState) : undefined;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const list = useMyQuestions({ page, per: PER, ...(state ? { state } : {}) });
  const table = usePhoneTable(COLUMNS);
  const quota = useQuota();

  return (
    <Card
      variant="borderless"
      title="我的提问"
      extra={
        <Button type="primary" onClick={() => navigate(ASK_PATH)}>
          我要提问
        </Button>
      }
    >
      {quota.data && !quota.data.is_member && (
        <p className="qa-muted">
          本月还可提问 {quota.data.left} 次（非会员每月 {quota.data.limit} 次，会员不限）。
        </p>
      )}
      <Segmented
        aria-label="问题状态"
        style={{ marginBottom: 16 }}
        value={state ?? 'all'}
        options={[
          { value: 'all', label: '全部' },
          ...QA_STATES.map((s) => ({ value: s, label: QA_STATE_LABELS[s] })),
        ]}
        onChange={(v) => setParams(v === 'all' ? {} : { state: String(v) })}
      />
      <ScrollCue label="提问列表" scroller={TABLE_SCROLLER}>
        <Table<MyQuestion>
          rowKey="id"
          {...table}
          dataSource={list.data?.list ?? []}
          loading={list.isPending}
          locale={{ emptyText: '您还没有提过问题' }}
          pagination={{
            current: page,
            pageSize: PER,
            total: list.data?.total ?? 0,
            showSizeChanger: false,
            hideOnSinglePage: true,
            onChange: (p) => setParams({ ...(state ? { state } : {}), page: String(p) }),
          }}
        />
      </ScrollCue>
    </Card>
  );
}
