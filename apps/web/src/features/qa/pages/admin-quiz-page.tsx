import {
  Alert,
  App,
  Button,
  Card,
  Checkbox,
  DatePicker,
  Drawer,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Radio,
  Segmented,
  Select,
  Skeleton,
  Space,
  Statistic,
  Table,
  Tabs,
  Tag,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useQueryClient } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { QA_CATEGORIES, qaMessages as m } from '@app/contracts/qa/qa.rules';
import {
  QA_STATE_LABELS,
  QA_STATES,
  type AdminExpert,
  type QaState,
  type QueueItem,
} from '@app/contracts/qa/qa.schemas';
import { isApiError } from '@/shared/lib/api-client';
import { qaApi, qaKeys } from '../api/qa-api';
import { useAdminQuestion, useAdminQueue, useCalendarYear, useExperts, useQaStats } from '../api/use-qa';
import { AdminConsultations } from '../components/admin-consultations';
import { StateTag } from '../components/parts';
import { QuestionFacts } from '../components/workspace-question';
import { time } from '../lib/format';
import '../components/qa.css';

const PER = 10;

function useAct() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  return async (call: () => Promise<{ message: string }>) => {
    try {
      const res = await call();
      message.success(res.message);
      await queryClient.invalidateQueries({ queryKey: qaKeys.all });
      return true;
    } catch (err) {
      message.error(isApiError(err) ? err.message : '操作失败');
      return false;
    }
  };
}

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

function QueueTab() {
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

function ExpertsTab() {
  const experts = useExperts();
  const [editing, setEditing] = useState<AdminExpert | null>(null);
  const [form] = Form.useForm<{ phone: string; categories: string[] }>();
  const act = useAct();
  const columns: ColumnsType<AdminExpert> = [
    {
      title: '专家',
      dataIndex: 'name',
      render: (v: string, e) => (
        <>
          {v}
          <div className="qa-muted">
            {e.title} · {e.organisation}
          </div>
        </>
      ),
    },
    {
      title: '关联账号',
      dataIndex: 'phone',
      width: 130,
      render: (v: string | null) => v ?? <span className="qa-muted">未关联</span>,
    },
    {
      title: '解答领域',
      dataIndex: 'categories',
      render: (c: string[]) => c.map((x) => <Tag key={x}>{x}</Tag>),
    },
    { title: '处理中', dataIndex: 'open_claims', width: 80 },
    { title: '已解答', dataIndex: 'answered', width: 80 },
    {
      title: '操作',
      width: 90,
      render: (_: unknown, e) => (
        <Button
          type="link"
          onClick={() => {
            setEditing(e);
            form.setFieldsValue({
              phone: e.phone ?? '',
              categories: e.categories.length
                ? e.categories
                : e.fields.filter((f) => (QA_CATEGORIES as readonly string[]).includes(f)),
            });
          }}
        >
          设置
        </Button>
      ),
    },
  ];
  const save = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v || !editing) return;
    if (
      await act(() =>
        qaApi.linkExpert(editing.id, {
          phone: v.phone.trim(),
          categories: v.categories as (typeof QA_CATEGORIES)[number][],
        }),
      )
    )
      setEditing(null);
  };
  return (
    <>
      <Table<AdminExpert>
        rowKey="id"
        columns={columns}
        dataSource={experts.data ?? []}
        loading={experts.isPending}
        pagination={false}
      />
      <Modal
        open={!!editing}
        title={`专家账号：${editing?.name ?? ''}`}
        onCancel={() => setEditing(null)}
        onOk={() => void save()}
        okText="保存"
        cancelText="取消"
      >
        <Form form={form} layout="vertical" name="expert_link">
          <Form.Item
            name="phone"
            label="账号手机号（留空则解除关联）"
            rules={[{ pattern: /^(1[2-9]\d{9})?$/, message: '手机号格式不正确' }]}
          >
            <Input maxLength={11} placeholder="专家登录用的手机号" />
          </Form.Item>
          <Form.Item
            name="categories"
            label="解答领域"
            dependencies={['phone']}
            rules={[
              ({ getFieldValue }) => ({
                validator: async (_, v: string[]) => {
                  if (getFieldValue('phone') && !v?.length) throw new Error(m.categoriesRequired);
                },
              }),
            ]}
          >
            <Checkbox.Group options={QA_CATEGORIES.map((c) => ({ value: c, label: c }))} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

function CalendarTab() {
  const [year, setYear] = useState(dayjs().year());
  const cal = useCalendarYear(year);
  const [form] = Form.useForm<{ date: Dayjs; kind: 'holiday' | 'workday'; name: string }>();
  const act = useAct();
  const SOURCE = {
    package: '日历包（chinese-days）',
    staff: '工作人员录入',
    'package+staff': '日历包 + 工作人员录入',
    none: '无数据：仅按周末计算',
  } as const;
  return (
    <>
      <Space style={{ marginBottom: 12 }} wrap>
        <span>年份</span>
        <InputNumber min={2020} max={2100} value={year} onChange={(v) => v && setYear(v)} aria-label="年份" />
        {cal.data && <Tag color={cal.data.source === 'none' ? 'red' : 'blue'}>{SOURCE[cal.data.source]}</Tag>}
      </Space>
      <Form
        form={form}
        layout="inline"
        name="holiday"
        style={{ marginBottom: 12 }}
        initialValues={{ kind: 'holiday', name: '' }}
      >
        <Form.Item name="date" rules={[{ required: true, message: '请选择日期' }]}>
          <DatePicker placeholder="日期" />
        </Form.Item>
        <Form.Item name="kind">
          <Radio.Group
            options={[
              { value: 'holiday', label: '放假' },
              { value: 'workday', label: '调休上班' },
            ]}
          />
        </Form.Item>
        <Form.Item name="name" rules={[{ max: 20, message: m.holidayNameTooLong }]}>
          <Input placeholder="名称，如 春节" />
        </Form.Item>
        <Button
          type="primary"
          onClick={() =>
            void form.validateFields().then((v) =>
              act(() =>
                qaApi.saveHoliday({ date: v.date.format('YYYY-MM-DD'), kind: v.kind, name: v.name ?? '' }),
              ).then((ok) => {
                if (ok) setYear(v.date.year());
              }),
            )
          }
        >
          保存
        </Button>
      </Form>
      <Table
        rowKey="date"
        size="small"
        loading={cal.isPending}
        dataSource={cal.data?.entries ?? []}
        pagination={false}
        columns={[
          { title: '日期', dataIndex: 'date', width: 140 },
          {
            title: '类型',
            dataIndex: 'kind',
            width: 100,
            render: (k: string) =>
              k === 'holiday' ? <Tag color="red">放假</Tag> : <Tag color="green">调休上班</Tag>,
          },
          { title: '名称', dataIndex: 'name' },
          {
            title: '操作',
            width: 90,
            render: (_: unknown, e: { date: string }) => (
              <Popconfirm
                title="删除工作人员录入的这一天？"
                okText="确定"
                cancelText="取消"
                onConfirm={() => act(() => qaApi.deleteHoliday(e.date))}
              >
                <Button type="link" size="small">
                  删除
                </Button>
              </Popconfirm>
            ),
          },
        ]}
      />
    </>
  );
}

/** /admin/quiz: every question (assign, reassign, hide), the in-time share, expert accounts and the work calendar. */
export default function AdminQuizPage() {
  return (
    <Card variant="borderless" title="问答管理">
      <Tabs
        items={[
          { key: 'queue', label: '问题队列', children: <QueueTab /> },
          { key: 'consult', label: '财税咨询', children: <AdminConsultations /> },
          { key: 'experts', label: '专家账号', children: <ExpertsTab /> },
          { key: 'calendar', label: '工作日历', children: <CalendarTab /> },
        ]}
      />
    </Card>
  );
}
