import {
  Button,
  DatePicker,
  Form,
  Input,
  Modal,
  Popconfirm,
  Segmented,
  Select,
  Space,
  Table,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import {
  CONSULT_CHANNELS,
  CONSULT_NOTE_MAX,
  CONSULT_STATE_LABELS,
  CONSULT_STATES,
  consultMessages as cm,
  type ConsultState,
} from '@app/contracts/qa/qa.rules';
import type { Consultation } from '@app/contracts/qa/qa.schemas';
import { qaApi, qaKeys } from '../api/qa-api';
import { useAct } from '../api/use-act';
import { useExperts } from '../api/use-qa';
import { time } from '../lib/format';
import { ConsultationFacts, ConsultStateTag } from './consultation-list';

const PER = 10;

interface ScheduleValues {
  expert_id: number;
  at: Dayjs;
  channel: (typeof CONSULT_CHANNELS)[number];
  channel_note: string;
}

/** Staff: every consultation request; schedule an expert, time and channel, mark done, cancel. */
export function AdminConsultations() {
  const [state, setState] = useState<ConsultState | 'all'>('requested');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Consultation | null>(null);
  const [form] = Form.useForm<ScheduleValues>();
  const experts = useExperts();
  const q = { page, per: PER, ...(state === 'all' ? {} : { state }) };
  const list = useQuery({
    queryKey: qaKeys.consultations('admin', q),
    queryFn: () => qaApi.adminConsultations(q),
    placeholderData: keepPreviousData,
  });

  const act = useAct(['qa', 'consultations']);

  const save = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v || !editing) return;
    const ok = await act(() =>
      qaApi.scheduleConsultation(editing.id, {
        expert_id: v.expert_id,
        scheduled_at: v.at.format(),
        channel: v.channel,
        channel_note: v.channel_note ?? '',
      }),
    );
    if (ok) setEditing(null);
  };

  const columns: ColumnsType<Consultation> = [
    {
      title: '咨询主题',
      dataIndex: 'topic',
      render: (v: string, c) => (
        <>
          {v}
          <div className="qa-muted">{c.requester}</div>
        </>
      ),
    },
    {
      title: '状态',
      dataIndex: 'state',
      width: 90,
      render: (s: ConsultState) => <ConsultStateTag state={s} />,
    },
    { title: '专家', dataIndex: 'expert', width: 100, render: (v: string | null) => v ?? '—' },
    { title: '咨询时间', dataIndex: 'scheduled_at', width: 150, render: (v: string | null) => time(v) },
    { title: '申请时间', dataIndex: 'created_at', width: 150, render: (v: string) => time(v) },
    {
      title: '操作',
      width: 190,
      render: (_: unknown, c) =>
        c.state === 'requested' || c.state === 'scheduled' ? (
          <Space size={0}>
            <Button
              type="link"
              size="small"
              onClick={() => {
                setEditing(c);
                form.resetFields();
                if (c.scheduled_at)
                  form.setFieldsValue({
                    at: dayjs(c.scheduled_at),
                    channel: (c.channel ?? undefined) as ScheduleValues['channel'],
                    channel_note: c.channel_note,
                  });
              }}
            >
              {c.state === 'scheduled' ? '改约' : '安排'}
            </Button>
            {c.state === 'scheduled' && (
              <Popconfirm
                title="确认咨询已完成？"
                okText="确定"
                cancelText="取消"
                onConfirm={() => act(() => qaApi.finishConsultation(c.id))}
              >
                <Button type="link" size="small">
                  完成
                </Button>
              </Popconfirm>
            )}
            <Popconfirm
              title="取消后将通知申请人和专家，确定吗？"
              okText="确定"
              cancelText="返回"
              onConfirm={() => act(() => qaApi.cancelConsultation(c.id, ''))}
            >
              <Button type="link" size="small" danger>
                取消
              </Button>
            </Popconfirm>
          </Space>
        ) : null,
    },
  ];

  return (
    <>
      <Segmented
        aria-label="咨询状态"
        style={{ marginBottom: 16 }}
        value={state}
        options={[
          ...CONSULT_STATES.map((s) => ({ value: s, label: CONSULT_STATE_LABELS[s] })),
          { value: 'all', label: '全部' },
        ]}
        onChange={(v) => {
          setState(v as ConsultState | 'all');
          setPage(1);
        }}
      />
      <Table<Consultation>
        rowKey="id"
        columns={columns}
        dataSource={list.data?.list ?? []}
        loading={list.isPending}
        expandable={{ expandedRowRender: (c) => <ConsultationFacts c={c} /> }}
        pagination={{
          current: page,
          pageSize: PER,
          total: list.data?.total ?? 0,
          hideOnSinglePage: true,
          showSizeChanger: false,
          onChange: setPage,
        }}
      />
      <Modal
        open={!!editing}
        title={`安排咨询：${editing?.topic ?? ''}`}
        okText="保存并通知"
        cancelText="取消"
        onOk={() => void save()}
        onCancel={() => setEditing(null)}
      >
        {editing && <p className="qa-muted">申请人希望的时间：{editing.preferred_time}</p>}
        <Form form={form} layout="vertical" name="consult_schedule">
          <Form.Item name="expert_id" label="专家" rules={[{ required: true, message: '请选择专家' }]}>
            <Select
              placeholder="选择已关联账号的专家"
              options={(experts.data ?? [])
                .filter((e) => e.phone)
                .map((e) => ({ value: e.id, label: `${e.name}（${e.fields.join('、')}）` }))}
            />
          </Form.Item>
          <Form.Item
            name="at"
            label="咨询时间"
            rules={[
              { required: true, message: cm.scheduleTimeRequired },
              {
                validator: async (_, v: Dayjs | undefined) => {
                  if (v && v.isBefore(dayjs())) throw new Error(cm.scheduleTimePast);
                },
              },
            ]}
          >
            <DatePicker
              showTime={{ format: 'HH:mm', minuteStep: 15 }}
              format="YYYY-MM-DD HH:mm"
              style={{ width: '100%' }}
            />
          </Form.Item>
          <Form.Item
            name="channel"
            label="咨询方式"
            rules={[{ required: true, message: cm.channelRequired }]}
          >
            <Select options={CONSULT_CHANNELS.map((c) => ({ value: c, label: c }))} />
          </Form.Item>
          <Form.Item
            name="channel_note"
            label="说明（会议链接、地点等）"
            rules={[{ max: CONSULT_NOTE_MAX, message: cm.noteTooLong }]}
          >
            <Input maxLength={CONSULT_NOTE_MAX} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

/** Expert: the consultations staff scheduled with me. */
export function ExpertConsultations() {
  const [page, setPage] = useState(1);
  const q = { page, per: PER };
  const list = useQuery({
    queryKey: qaKeys.consultations('expert', q),
    queryFn: () => qaApi.expertConsultations(q),
    placeholderData: keepPreviousData,
  });
  return (
    <Table<Consultation>
      rowKey="id"
      dataSource={list.data?.list ?? []}
      loading={list.isPending}
      locale={{ emptyText: '暂无安排给您的咨询' }}
      expandable={{ expandedRowRender: (c) => <ConsultationFacts c={c} /> }}
      columns={[
        {
          title: '咨询主题',
          dataIndex: 'topic',
          render: (v: string, c) => (
            <>
              {v}
              <div className="qa-muted">{c.requester}</div>
            </>
          ),
        },
        {
          title: '状态',
          dataIndex: 'state',
          width: 90,
          render: (s: ConsultState) => <ConsultStateTag state={s} />,
        },
        { title: '咨询时间', dataIndex: 'scheduled_at', width: 150, render: (v: string | null) => time(v) },
        { title: '方式', dataIndex: 'channel', width: 100, render: (v: string | null) => v ?? '—' },
      ]}
      pagination={{
        current: page,
        pageSize: PER,
        total: list.data?.total ?? 0,
        hideOnSinglePage: true,
        showSizeChanger: false,
        onChange: setPage,
      }}
    />
  );
}
