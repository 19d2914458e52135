import {
  Alert,
  Button,
  Drawer,
  Popconfirm,
  Segmented,
  Select,
  Skeleton,
  Space,
  Statistic,
  Table,
  Tag,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { QA_STATE_LABELS, QA_STATES, type QaState, type QueueItem } from '@app/contracts/qa/qa.schemas';
import { qaApi } from '../api/qa-api';
import { useAct } from '../api/use-act';
import { useAdminQuestion, useAdminQueue, useExperts, useQaStats } from '../api/use-qa';
import { time } from '../lib/format';
import { StateTag } from './parts';
import { QuestionFacts } from './workspace-question';

const PER = 10;

/** The month's in-time share and the waiting and overdue counts, with a warning for missing calendar years. */
function Stats() {
  const stats = useQaStats();
  if (!stats.data) return <Skeleton active paragraph={{ rows: 1 }} />;
  const s = stats.data;
  return (
    <>
      {s.missing_calendar_years.length > 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          title={`缺少 ${s.missing_calendar_years.join('、')} 年的节假日数据`}
          description="这些年份的解答时限暂按周一至周五计算（不含法定节假日与调休）。国务院办公厅发布放假通知后，请在“工作日历”中录入。"
        />
      )}
      <div className="qa-stat-row">
        <Space size={48} wrap>
          <Statistic
            title={`${s.month} 会员问题按时解答率`}
            value={s.in_time_share === null ? '—' : (s.in_time_share * 100).toFixed(1)}
            suffix={s.in_time_share === null ? '' : '%'}
          />
          <Statistic
            title="按时解答 / 已到期"
            value={`${s.member_answered_in_time} / ${s.member_questions_due}`}
          />
          <Statistic title="待解答" value={s.waiting} />
          <Statistic
            title="已超时"
            value={s.overdue}
            styles={s.overdue ? { content: { color: '#dc2626' } } : undefined}
          />
        </Space>
      </div>
    </>
  );
}

/** 问题队列: every question by state, with a drawer to assign, reassign, hide or restore one. */
export function QueueTab() {
  const [state, setState] = useState<QaState | 'all' | 'overdue'>('waiting');
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<number | null>(null);
  const [expertId, setExpertId] = useState<number | undefined>();
  const queue = useAdminQueue({
    page,
    per: PER,
    ...(state === 'overdue' ? { overdue: 'true' as const } : state === 'all' ? {} : { state }),
  });
  const detail = useAdminQuestion(openId);
  const experts = useExperts();
  const act = useAct();

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
      title: '状态',
      dataIndex: 'state',
      width: 110,
      render: (_: unknown, q) => (
        <>
          {<StateTag state={q.state} />}
          {q.hidden && <Tag>已隐藏</Tag>}
        </>
      ),
    },
    { title: '认领专家', dataIndex: 'claimed_by', width: 110, render: (v: string | null) => v ?? '—' },
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
  ];
  const linked = (experts.data ?? []).filter((e) => e.phone);
  const q = detail.data;

  return (
    <>
      <Stats />
      <Segmented
        aria-label="问题状态"
        style={{ marginBottom: 16 }}
        value={state}
        options={[
          ...QA_STATES.map((s) => ({ value: s, label: QA_STATE_LABELS[s] })),
          { value: 'overdue', label: '已超时' },
          { value: 'all', label: '全部' },
        ]}
        onChange={(v) => {
          setState(v as QaState | 'all' | 'overdue');
          setPage(1);
        }}
      />
      <Table<QueueItem>
        rowKey="id"
        columns={columns}
        dataSource={queue.data?.list ?? []}
        loading={queue.isPending}
        pagination={{
          current: page,
          pageSize: PER,
          total: queue.data?.total ?? 0,
          showSizeChanger: false,
          hideOnSinglePage: true,
          onChange: setPage,
        }}
      />
      <Drawer
        open={openId !== null}
        size="large"
        title={q?.title ?? '问题'}
        onClose={() => setOpenId(null)}
        destroyOnHidden
      >
        {q ? (
          <>
            <QuestionFacts q={q} withFollowUps />
            <Space style={{ marginTop: 16 }} wrap>
              {(q.state === 'waiting' || q.state === 'answering') && (
                <>
                  <Select
                    style={{ width: 240 }}
                    placeholder="选择专家"
                    value={expertId}
                    onChange={setExpertId}
                    aria-label="指派专家"
                    options={linked.map((e) => ({
                      value: e.id,
                      label: `${e.name}（${e.categories.join('、')}）`,
                    }))}
                  />
                  <Button
                    type="primary"
                    disabled={!expertId}
                    onClick={() => void act(() => qaApi.assign(q.id, expertId!)).then(() => detail.refetch())}
                  >
                    {q.state === 'answering' ? '改派' : '指派'}
                  </Button>
                </>
              )}
              <Popconfirm
                title={
                  q.hidden
                    ? '恢复后公开问题将重新展示，确定吗？'
                    : '隐藏后该问题不再公开展示，专家也不再看到，确定吗？'
                }
                okText="确定"
                cancelText="取消"
                onConfirm={() => act(() => qaApi.hide(q.id, !q.hidden)).then(() => detail.refetch())}
              >
                <Button danger={!q.hidden}>{q.hidden ? '恢复显示' : '隐藏问题'}</Button>
              </Popconfirm>
            </Space>
          </>
        ) : (
          <Skeleton active />
        )}
      </Drawer>
    </>
  );
}
