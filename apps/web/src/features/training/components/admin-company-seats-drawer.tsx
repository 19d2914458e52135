import { App, Button, Drawer, Empty, Form, Input, Modal, Select, Skeleton, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { SEAT_FIX_REASON_MAX, trainingMessages as m } from '@app/contracts/training/training.rules';
import type { AdminCompanySeats, Seat, SeatEvent } from '@app/contracts/training/training.schemas';
import { useIsPhone } from '@/shared/hooks/use-is-phone';
import { isApiError } from '@/shared/lib/api-client';
import { chinaDate, chinaDateTime } from '@/shared/lib/china-time';
import { ScrollCue, TABLE_SCROLLER, useTableScroll } from '@/shared/ui/scroll-cue';
import { adminTrainingApi, adminTrainingKeys, useAdminCompanySeats } from '../api/admin';
import './admin.css';

/** The select's value for 收回到企业 (the body's employment_id null). */
const RETURN = 0;

interface FixValues {
  employment_id: number | undefined;
  reason: string;
}

/**
 * 调整分配 of one seat, in a dialog over the drawer: give it to another employee of the company, or return it to the
 * company; a reason (the company's request) is required.
 */
function SeatFixModal({ companyId, seat, data, onDone }: { companyId: number; seat: Seat; data: AdminCompanySeats; onDone: () => void }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<FixValues>();
  const [saving, setSaving] = useState(false);
  const holderId = seat.holder?.employment_id ?? null;

  const submit = async (v: FixValues) => {
    setSaving(true);
    try {
      const returned = v.employment_id === RETURN;
      const res = await adminTrainingApi.fixSeat(seat.id, { employment_id: returned ? null : v.employment_id!, reason: v.reason.trim() });
      queryClient.setQueryData(adminTrainingKeys.companySeats(companyId), res.data);
      void queryClient.invalidateQueries({ queryKey: adminTrainingKeys.all, predicate: (q) => q.queryKey[2] === 'overview' });
      message.success(returned ? m.seatReturned : m.seatAssigned);
      onDone();
    } catch (err) {
      if (!isApiError(err)) {
        message.error('操作失败，请稍后重试');
        return;
      }
      const fields = Object.entries(err.fieldErrors).filter(([name]) => name === 'employment_id' || name === 'reason');
      if (fields.length) form.setFields(fields.map(([name, error]) => ({ name: name as keyof FixValues, errors: [error] })));
      else message.error(err.message);
    } finally {
      setSaving(false);
    }
  };

  const options = [
    { value: RETURN, label: '收回到企业', disabled: holderId === null },
    ...data.employees.map((e) => ({
      value: e.id,
      label: `${e.name}（${e.phone}）${e.id === holderId ? ' · 当前持有' : e.has_seat ? ' · 已持有学员卡' : ''}`,
      disabled: e.has_seat || e.id === holderId,
    })),
  ];

  return (
    <Modal
      open
      title={`调整学员卡 #${seat.id} 的分配`}
      okText="确认调整"
      cancelText="取消"
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onDone}
      destroyOnHidden
    >
      <p className="tr-admin__hint">
        当前持有人：{seat.holder ? seat.holder.name : '空闲'}；有效期至 {chinaDate(seat.ends_at)}
      </p>
      <Form<FixValues> form={form} layout="vertical" onFinish={(v) => void submit(v)} requiredMark={false}>
        <Form.Item name="employment_id" label="分配给" rules={[{ required: true, message: '请选择员工，或收回到企业' }]}>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            placeholder="选择本企业的员工，或收回到企业"
            options={options}
          />
        </Form.Item>
        <Form.Item
          name="reason"
          label="处理原因（企业的请求说明）"
          rules={[
            { required: true, whitespace: true, message: m.fixReasonRequired },
            { max: SEAT_FIX_REASON_MAX, message: m.fixReasonTooLong },
          ]}
        >
          <Input.TextArea rows={3} maxLength={SEAT_FIX_REASON_MAX} showCount placeholder="如：企业来电，员工张三已离职，请将学员卡改给李四" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

const eventColumns: ColumnsType<SeatEvent> = [
  { title: '时间', dataIndex: 'at', width: 140, render: (v: string) => chinaDateTime(v) },
  { title: '学员卡', dataIndex: 'seat_id', width: 80, render: (id: number) => `#${id}` },
  { title: '操作', dataIndex: 'action_label', width: 110 },
  { title: '员工', dataIndex: 'employee', width: 90, render: (v: string | null) => v ?? '—' },
  { title: '操作人', dataIndex: 'actor', width: 120 },
  { title: '原因', dataIndex: 'reason', render: (v: string | null) => v ?? '—' },
];

/** One company's 学员卡: who holds each, the fix form, and every step taken (the seat history). */
export function AdminCompanySeatsDrawer({ companyId, companyName, onClose }: { companyId: number; companyName: string; onClose: () => void }) {
  const phone = useIsPhone();
  const q = useAdminCompanySeats(companyId);
  const [fixingId, setFixingId] = useState<number | null>(null);
  const seatScroll = useTableScroll({ x: 700 });
  const eventScroll = useTableScroll({ x: 720 });
  const data = q.data;
  const fixing = data?.seats.find((s) => s.id === fixingId) ?? null;
  const events = [...(data?.events ?? [])].sort((a, b) => b.at.localeCompare(a.at) || b.id - a.id);

  const seatColumns: ColumnsType<Seat> = [
    {
      title: '学员卡',
      key: 'seat',
      width: 240,
      render: (_, s) => (
        <span>
          #{s.id}
          <br />
          <span className="tr-admin__muted tr-admin__nowrap">订单号 {s.order_no}</span>
        </span>
      ),
    },
    {
      title: '有效期',
      key: 'term',
      width: 190,
      render: (_, s) => (
        <span>
          {chinaDate(s.starts_at)} 至 {chinaDate(s.ends_at)} {s.expired && <Tag>已过期</Tag>}
        </span>
      ),
    },
    {
      title: '持有人',
      key: 'holder',
      render: (_, s) =>
        s.holder ? (
          <span>
            {s.holder.name}
            {s.assigned_at && (
              <>
                <br />
                <span className="tr-admin__muted">分配于 {chinaDate(s.assigned_at)}</span>
              </>
            )}
          </span>
        ) : (
          <Tag color="blue">空闲</Tag>
        ),
    },
    {
      title: '操作',
      key: 'ops',
      width: 100,
      render: (_, s) => (
        <Button
          size="small"
          disabled={s.expired}
          aria-label={`调整学员卡 ${s.id} 的分配`}
          onClick={() => setFixingId(s.id)}
        >
          调整分配
        </Button>
      ),
    },
  ];

  return (
    <Drawer open size={phone ? '100%' : 800} title={`${companyName} · 学员卡`} onClose={onClose} destroyOnHidden>
      {q.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : !data ? (
        <Empty description="学员卡加载失败" />
      ) : (
        <>
          <p className="tr-admin__hint">
            仅在企业提出请求时调整；每次调整须填写原因，并记入学员卡记录和操作日志。已过期的学员卡不能调整。
          </p>
          <ScrollCue label="学员卡列表" scroller={TABLE_SCROLLER}>
            <Table<Seat>
              rowKey="id"
              size="small"
              columns={seatColumns}
              dataSource={data.seats}
              scroll={seatScroll}
              pagination={data.seats.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
              locale={{ emptyText: '该企业还没有购买学员卡' }}
            />
          </ScrollCue>
          {fixing && <SeatFixModal key={fixing.id} companyId={companyId} seat={fixing} data={data} onDone={() => setFixingId(null)} />}
          <h3 className="tr-admin__section-title">学员卡记录</h3>
          <ScrollCue label="学员卡记录" scroller={TABLE_SCROLLER}>
            <Table<SeatEvent>
              rowKey="id"
              size="small"
              columns={eventColumns}
              dataSource={events}
              scroll={eventScroll}
              pagination={events.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
              locale={{ emptyText: '暂无记录' }}
            />
          </ScrollCue>
        </>
      )}
    </Drawer>
  );
}
