import { App, Button, Card, Empty, Popconfirm, Segmented, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { DEFAULT_PER_PAGE, ORDER_PRODUCT_TYPE_LABELS, ORDER_STATE_LABELS, ORDER_STATES, type Order, type OrderState } from '@app/contracts';
import { chinaDateTime } from '@/shared/lib/china-time';
import { useCancelOrder, useOrders } from '../api/use-members';
import { BUY_VIP_PATH, demandInvoicePath, INVOICES_PATH, payOrderPath } from '../lib/member-paths';
import { yuan } from '../lib/money';
import { InvoiceStateTag, OrderStateTag } from '../lib/state-tags';
import { tablePagination } from '../lib/table-pagination';
import './member-pages.css';

/** The company centre's 学员卡 screen (the training feature's route). */
const SEATS_PATH = '/center/training/seats';
import { ScrollCue, TABLE_SCROLLER, usePhoneTable } from '@/shared/ui/scroll-cue';
import { useSessionStore } from '@/shared/lib/session/session-store';

type Filter = 'all' | OrderState;
const FILTERS: { value: Filter; label: string }[] = [
  { value: 'all', label: '全部' },
  ...ORDER_STATES.map((s) => ({ value: s, label: ORDER_STATE_LABELS[s] })),
];

function filterOf(raw: string | null): Filter {
  return (ORDER_STATES as readonly string[]).includes(raw ?? '') ? (raw as OrderState) : 'all';
}

function OrderActions({ order }: { order: Order }) {
  const navigate = useNavigate();
  const cancel = useCancelOrder();
  const { message } = App.useApp();
  return (
    <Space size={4} wrap>
      {order.state === 'pending' && (
        <>
          <Button type="link" size="small" onClick={() => navigate(payOrderPath(order.order_no))}>
            去支付
          </Button>
          <Popconfirm
            title="确定取消该订单吗？"
            okText="确定"
            cancelText="取消"
            onConfirm={() => cancel.mutateAsync(order.id).then(() => void message.success('订单已取消'))}
          >
            <Button type="link" size="small" danger loading={cancel.isPending}>
              取消订单
            </Button>
          </Popconfirm>
        </>
      )}
      {order.invoiceable && (
        <Button type="link" size="small" onClick={() => navigate(demandInvoicePath(order.id))}>
          申请发票
        </Button>
      )}
      {order.invoice && order.invoice.state !== 'rejected' && (
        <Link to={INVOICES_PATH} title="查看发票">
          <InvoiceStateTag state={order.invoice.state} />
        </Link>
      )}
    </Space>
  );
}

const COLUMNS: ColumnsType<Order> = [
  { title: '订单号', dataIndex: 'order_no', key: 'order_no', width: 250, render: (v: string) => <span className="order-no">{v}</span> },
  {
    title: '商品',
    key: 'subject',
    // The flexible column: keeps the product readable next to the fixed ones.
    minWidth: 180,
    render: (_, o) => (
      <span>
        <Tag>{ORDER_PRODUCT_TYPE_LABELS[o.product_type]}</Tag>
        {o.subject}
      </span>
    ),
  },
  {
    title: '金额',
    key: 'amount',
    width: 110,
    align: 'right',
    render: (_, o) => <span className="money">{yuan(o.amount)}</span>,
  },
  {
    title: '下单时间',
    dataIndex: 'created_at',
    key: 'created_at',
    width: 150,
    render: (v: string) => chinaDateTime(v),
  },
  { title: '状态', key: 'state', width: 80, render: (_, o) => <OrderStateTag state={o.state} /> },
  { title: '操作', key: 'actions', width: 150, fixed: 'right', render: (_, o) => <OrderActions order={o} /> },
];

/** /center/order: my orders with their state; pay or cancel a pending one, request an invoice for a paid one. */
export default function OrderPage() {
  const [params, setParams] = useSearchParams();
  const filter = filterOf(params.get('state'));
  const page = Math.max(1, Number(params.get('page')) || 1);
  const orders = useOrders({ page, per: DEFAULT_PER_PAGE, ...(filter === 'all' ? {} : { state: filter }) });
  // A company buys 学员卡 for its staff, not a membership of its own.
  const company = useSessionStore((s) => s.user?.role === 'company');
  const table = usePhoneTable(COLUMNS, { x: 910 });

  function update(next: { state?: Filter; page?: number }) {
    const p = new URLSearchParams(params);
    const state = next.state ?? filter;
    if (state === 'all') p.delete('state');
    else p.set('state', state);
    if ((next.page ?? 1) === 1) p.delete('page');
    else p.set('page', String(next.page));
    setParams(p, { replace: true });
  }

  return (
    <Card className="member-page" variant="borderless" title="我的订单" extra={<Link to={INVOICES_PATH}>我的发票</Link>}>
      <Segmented aria-label="订单状态" className="member-page__filter" value={filter} options={FILTERS} onChange={(v) => update({ state: v as Filter })} />
      <ScrollCue label="订单列表" scroller={TABLE_SCROLLER}>
        <Table<Order>
          rowKey="id"
          {...table}
          dataSource={orders.data?.list ?? []}
          loading={orders.isFetching}
          locale={{
            emptyText: (
              <Empty description={orders.isError ? '订单加载失败' : '暂无订单'}>
                {!orders.isError &&
                  (company ? (
                    <Link to={SEATS_PATH}>
                      <Button type="primary">购买学员卡</Button>
                    </Link>
                  ) : (
                    <Link to={BUY_VIP_PATH}>
                      <Button type="primary">开通会员</Button>
                    </Link>
                  ))}
              </Empty>
            ),
          }}
          pagination={tablePagination(orders.data, (p) => update({ page: p }))}
        />
      </ScrollCue>
    </Card>
  );
}
