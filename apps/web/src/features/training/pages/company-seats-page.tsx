import { Alert, App, Button, Card, Form, InputNumber, Modal, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { SEAT_ORDER_MAX, SEAT_TERM_DAYS, trainingMessages as m } from '@app/contracts/training/training.rules';
import type { Seat, SeatEvent, SeatTier } from '@app/contracts/training/training.schemas';
import { isApiError } from '@/shared/lib/api-client';
import { chinaDate, chinaDateTime } from '@/shared/lib/china-time';
import { useAssignSeats, useBuySeats, useReturnSeat, useSeats, useTrainingOverview } from '../api/company';
import { EmployeePicker } from '../components/company-employee-picker';
import { VerifyNotice } from '../components/company-standing';
import { cardColumns } from '@/shared/lib/card-columns';
import { seatQuote, sortedTiers, tierText, yuan } from '../lib/company-seat-price';
import '../components/company.css';

const PER = 10;
const ORDERS_PATH = '/center/order';
const errorText = (err: unknown, fallback: string) => (isApiError(err) && err.message ? err.message : fallback);

/** Whether `quantity` is a count one order may buy (the contracts' seatQuantitySchema). */
const quantityOk = (q: unknown): q is number => typeof q === 'number' && Number.isInteger(q) && q >= 1 && q <= SEAT_ORDER_MAX;

/**
 * The tiers and the buy form: the price per seat of the tier the count reaches and the order's total, as the count
 * changes; 去支付 makes one order for all of them and opens its payment page.
 */
export function BuySeats({ tiers, disabled }: { tiers: SeatTier[]; disabled: boolean }) {
  const navigate = useNavigate();
  const [form] = Form.useForm<{ quantity: number | null }>();
  const quantity = Form.useWatch('quantity', form);
  const buy = useBuySeats();
  const quote = quantityOk(quantity) ? seatQuote(tiers, quantity) : null;
  const ordered = sortedTiers(tiers);

  if (tiers.length === 0) return <Alert type="info" showIcon title={m.noTier} />;

  const submit = async ({ quantity: q }: { quantity: number | null }) => {
    try {
      const order = await buy.mutateAsync(q!);
      void navigate(`/payment?order_no=${encodeURIComponent(order.order_no)}`);
    } catch (err) {
      form.setFields([{ name: 'quantity', errors: [(isApiError(err) && err.fieldErrors.quantity) || errorText(err, '下单失败，请稍后重试')] }]);
    }
  };

  return (
    <>
      <ul className="tr-tiers" aria-label="学员卡价格">
        {ordered.map((t) => (
          <li key={t.id} className={quote?.tier.id === t.id ? 'is-current' : undefined}>
            {tierText(t)}
          </li>
        ))}
      </ul>
      <Form form={form} className="tr-buy" layout="vertical" initialValues={{ quantity: 1 }} disabled={disabled} onFinish={(v) => void submit(v)} requiredMark={false}>
        <Form.Item
          name="quantity"
          label="购买数量（张）"
          rules={[{ validator: async (_r, v: unknown) => { if (!quantityOk(v)) throw new Error(m.quantityInvalid); } }]}
        >
          <InputNumber min={1} max={SEAT_ORDER_MAX} precision={0} controls={false} inputMode="numeric" style={{ width: 180 }} />
        </Form.Item>
        <div className="tr-buy__quote" aria-live="polite">
          {quote ? (
            <>
              <div>
                单价 {yuan(quote.unit)}/张 <span className="tr-muted">（从{quote.tier.min_quantity}张起）</span>
              </div>
              <div>
                合计 <span className="tr-buy__total">{yuan(quote.total)}</span>
              </div>
              {quote.next && (
                <div className="tr-muted">
                  再买{quote.next.more}张可享 {yuan(quote.next.tier.price)}/张
                </div>
              )}
            </>
          ) : (
            <span className="tr-muted">{m.quantityInvalid}</span>
          )}
        </div>
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={buy.isPending} disabled={disabled || !quote}>
            去支付
          </Button>
        </Form.Item>
      </Form>
      <p className="tr-note">
        每张学员卡自支付之日起{SEAT_TERM_DAYS}天有效，分配给员工后，员工在有效期内享有会员权益；收回的学员卡可再分配给其他员工。学员卡订单的发票请在
        <Link to={ORDERS_PATH}>订单与发票</Link>中申请（可开增值税专用发票）。
      </p>
    </>
  );
}

/** 分配学员卡: employees without a seat, at most as many as there are free seats; the server picks the seats. */
function AssignSeatsDialog({ free, onClose }: { free: number; onClose: () => void }) {
  const { message } = App.useApp();
  const [ids, setIds] = useState<number[]>([]);
  const [error, setError] = useState<string | null>(null);
  const assign = useAssignSeats();

  const submit = async () => {
    if (ids.length === 0) return setError(m.employeesRequired);
    if (ids.length > free) return setError(m.tooManyForSeats(ids.length, free));
    try {
      const res = await assign.mutateAsync(ids);
      void message.success(res.message);
      onClose();
    } catch (err) {
      setError((isApiError(err) && err.fieldErrors.employment_ids) || errorText(err, '分配失败，请稍后重试'));
    }
  };

  return (
    <Modal
      open
      title="分配学员卡"
      okText="分配"
      cancelText="取消"
      confirmLoading={assign.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <p>可分配 {free} 张，每名员工一张。以下为尚未持有学员卡的员工：</p>
      <Form layout="vertical">
        <Form.Item label="选择员工" htmlFor="tr-seat-employees" validateStatus={error ? 'error' : undefined} help={error ?? undefined}>
          <EmployeePicker
            id="tr-seat-employees"
            label="选择员工"
            filter="no_seat"
            value={ids}
            onChange={(next) => {
              setIds(next);
              setError(next.length > free ? m.tooManyForSeats(next.length, free) : null);
            }}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * /center/training/seats (学员卡): buy seats at the tier prices in one order, give free seats to employees, take
 * them back, and every step of every seat with who and when.
 */
export default function CompanySeatsPage() {
  const { message, modal } = App.useApp();
  const overview = useTrainingOverview();
  const seats = useSeats();
  const returnSeat = useReturnSeat();
  const [assigning, setAssigning] = useState(false);
  const unverified = overview.data?.verified === false;
  const data = seats.data;
  const free = data ? data.seats.filter((s) => !s.expired && !s.holder).length : 0;

  const confirmReturn = (s: Seat) =>
    modal.confirm({
      title: `收回${s.holder?.name ?? ''}的学员卡？`,
      content: '收回后该员工不再享有学员卡权益，这张学员卡可再分配给其他员工。',
      okText: '收回',
      cancelText: '取消',
      onOk: async () => {
        try {
          const res = await returnSeat.mutateAsync(s.id);
          void message.success(res.message);
        } catch (err) {
          void message.error(errorText(err, '收回失败，请稍后重试'));
        }
      },
    });

  const seatColumns: ColumnsType<Seat> = cardColumns<Seat>([
    { title: '编号', dataIndex: 'id', width: 90, render: (id: number) => `No.${id}` },
    {
      title: '有效期',
      key: 'term',
      render: (_, s) => (
        <span>
          {chinaDate(s.starts_at)} 至 {chinaDate(s.ends_at)} {s.expired && <Tag>已过期</Tag>}
        </span>
      ),
    },
    {
      title: '持有人',
      key: 'holder',
      width: 180,
      render: (_, s) =>
        s.holder ? (
          <span>
            {s.holder.name}
            {s.assigned_at && <span className="tr-muted">（{chinaDate(s.assigned_at)}分配）</span>}
          </span>
        ) : (
          <Tag color={s.expired ? 'default' : 'green'}>空闲</Tag>
        ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 80,
      render: (_, s) =>
        s.holder ? (
          <Button type="link" size="small" onClick={() => confirmReturn(s)} aria-label={`收回${s.holder.name}的学员卡`}>
            收回
          </Button>
        ) : s.expired ? null : (
          <Button type="link" size="small" disabled={unverified} onClick={() => setAssigning(true)} aria-label={`分配学员卡No.${s.id}`}>
            分配
          </Button>
        ),
    },
  ]);

  const eventColumns: ColumnsType<SeatEvent> = cardColumns<SeatEvent>([
    { title: '时间', dataIndex: 'at', width: 150, render: (v: string) => chinaDateTime(v) },
    { title: '操作', key: 'action', width: 150, render: (_, e) => `${e.action_label}（No.${e.seat_id}）` },
    { title: '员工', dataIndex: 'employee', width: 110, render: (v: string | null) => v ?? '—' },
    { title: '操作人', dataIndex: 'actor', width: 130 },
    { title: '原因', dataIndex: 'reason', render: (v: string | null) => v ?? '—' },
  ]);

  return (
    <Card className="tr-page" variant="borderless" title="学员卡">
      <VerifyNotice />
      <h3 className="tr-section">购买学员卡</h3>
      {data ? (
        <BuySeats tiers={data.tiers} disabled={unverified} />
      ) : seats.isError ? (
        <p role="alert">{errorText(seats.error, '学员卡信息加载失败，请稍后重试')}</p>
      ) : null}

      <div className="tr-section tr-section--bar">
        <h3>本单位的学员卡</h3>
        <Button type="primary" ghost disabled={unverified || free === 0} onClick={() => setAssigning(true)}>
          分配学员卡{data ? `（可分配${free}张）` : ''}
        </Button>
      </div>
      <Table<Seat>
        className="tr-card-table"
        rowKey="id"
        size="middle"
        columns={seatColumns}
        dataSource={data?.seats ?? []}
        loading={seats.isFetching}
        locale={{ emptyText: '还没有学员卡，购买后在这里分配给员工' }}
        pagination={(data?.seats.length ?? 0) > PER ? { pageSize: PER, showSizeChanger: false, showTotal: (t) => `共 ${t} 张` } : false}
      />

      <h3 className="tr-section">学员卡记录</h3>
      <Table<SeatEvent>
        className="tr-card-table"
        rowKey="id"
        size="middle"
        columns={eventColumns}
        dataSource={data?.events ?? []}
        loading={seats.isFetching}
        locale={{ emptyText: '暂无记录' }}
        pagination={(data?.events.length ?? 0) > PER ? { pageSize: PER, showSizeChanger: false } : false}
      />
      {assigning && <AssignSeatsDialog free={free} onClose={() => setAssigning(false)} />}
    </Card>
  );
}
