import { LoadingOutlined, WarningOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Descriptions, Result, Skeleton, Spin } from 'antd';
import { useEffect, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { ORDER_POLL_INTERVAL_MS, PAYMENT_CHANNEL_LABELS, type Order, type PayOrderResult } from '@app/contracts';
import { isApiError } from '@/shared/lib/api-error';
import { chinaDate, chinaDateTime } from '@/shared/lib/china-time';
import { useSessionStore } from '@/shared/lib/session/session-store';
import { membersApi } from '../api/members-api';
import { CENTRE_PATH, courseDetailPath, ORDERS_PATH, payOrderPath } from '../lib/member-paths';
import { yuan } from '../lib/money';
import { formatMmSs, useCountdownTo } from '../lib/use-countdown-to';
import { MemberCourseList } from './member-course-list';
import { JsapiPay, OpenInBrowser, RedirectPay } from './pay-methods';

/** Polls POST /api/orders/check_order while the order is pending (also in a background tab: the payer may be in the cashier). */
function useOrderStatus(orderNo: string) {
  return useQuery({
    queryKey: ['members', 'check-order', orderNo],
    queryFn: () => membersApi.checkOrder(orderNo, { silent: true }),
    refetchInterval: (q) => (q.state.data?.state === 'pending' ? ORDER_POLL_INTERVAL_MS : false),
    refetchIntervalInBackground: true,
  });
}

/** 重新下单: a new order for the same product. */
function useReorder(order: Order) {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => membersApi.createOrder({ product_type: order.product_type, product_id: order.product_id }),
    onSuccess: (next) => navigate(payOrderPath(next.order_no), { replace: true }),
  });
}

function OrderSummary({ order }: { order: Order }) {
  return (
    <Descriptions
      className="pay-summary"
      column={1}
      size="small"
      items={[
        { key: 'subject', label: '商品', children: order.subject },
        { key: 'no', label: '订单号', children: order.order_no },
        { key: 'created', label: '下单时间', children: chinaDateTime(order.created_at) },
        {
          key: 'amount',
          label: '应付金额',
          children: (
            <span className="pay-summary__amount">
              {yuan(order.amount)}
              {order.amount < order.list_price && <del>{yuan(order.list_price)}</del>}
            </span>
          ),
        },
      ]}
    />
  );
}

/** What the payer does next on a desk: scan (WeChat Pay Native), or either scan or open the cashier (sandbox). */
function qrHint(pay: PayOrderResult): string {
  if (pay.channel === 'sandbox') return '当前为模拟支付环境：扫描二维码，或点击下方按钮在模拟收银台完成支付。';
  return `请使用${PAYMENT_CHANNEL_LABELS[pay.channel]}扫码支付。`;
}

/** What the payer does in this browser, by the mode the server chose for it. */
function PayMethod({ pay, onPaid }: { pay: PayOrderResult; onPaid(): void }) {
  switch (pay.mode) {
    case 'qr':
      return (
        <>
          <p className="pay-box__channel">{qrHint(pay)}</p>
          {pay.pay_url && <RedirectPay pay={{ ...pay, mode: 'redirect', pay_url: pay.pay_url }} />}
        </>
      );
    case 'redirect':
      return (
        <>
          <p className="pay-box__channel">请点击下方按钮，前往{PAYMENT_CHANNEL_LABELS[pay.channel]}完成支付，支付后将返回本页。</p>
          <RedirectPay pay={pay} />
        </>
      );
    case 'jsapi':
      return <JsapiPay pay={pay} onPaid={onPaid} />;
    case 'open_in_browser':
      return <OpenInBrowser pay={pay} order={pay.order} />;
  }
}

/**
 * The pay step: on a desk the QR code (and the sandbox's cashier link); on a phone a button that pays in this
 * browser (H5, wap pay, the cashier) or through WeChat's payment sheet, never a QR code to scan with the same
 * phone. The countdown and the polling progress in every mode.
 */
function PendingPayment({
  order,
  checking,
  pollFailed,
  onCheck,
}: {
  order: Order;
  checking: boolean;
  /** The latest status poll failed (e.g. the network dropped); polling goes on. */
  pollFailed: boolean;
  onCheck(): void;
}) {
  const left = useCountdownTo(order.expires_at);
  const pay = useQuery({
    queryKey: ['members', 'pay', order.id],
    queryFn: () => membersApi.payOrder(order.id),
    staleTime: Infinity,
    retry: false,
  });
  const qrImage = pay.data?.mode === 'qr' ? pay.data.qr_image : null;
  const showQrBox = pay.isPending || pay.isError || Boolean(qrImage);

  return (
    <div className="pay-step">
      <OrderSummary order={order} />
      <div className={pay.data && pay.data.mode !== 'qr' ? 'pay-box pay-box--tap' : 'pay-box'}>
        <div className={showQrBox ? 'pay-box__qr' : 'pay-box__qr pay-box__qr--none'}>
          {pay.isPending && <Spin size="large" aria-label="正在发起支付" />}
          {pay.isError && (
            <div className="pay-box__error">
              <p>{pay.error.message || '发起支付失败，请稍后再试'}</p>
              <Button onClick={() => void pay.refetch()}>重试</Button>
            </div>
          )}
          {qrImage && <img src={qrImage} alt="支付二维码" width={200} height={200} />}
        </div>
        <div className="pay-box__side">
          <p className="pay-box__amount">
            支付金额 <strong>{yuan(order.amount)}</strong>
          </p>
          {pay.data && <PayMethod pay={pay.data} onPaid={onCheck} />}
          <p className="pay-box__countdown" role="timer" aria-live="off">
            请在 <strong>{formatMmSs(left)}</strong> 内完成支付，超时订单将自动取消
          </p>
          <div className="pay-box__progress" role="status">
            {pollFailed ? (
              <span className="pay-box__poll-error">
                <WarningOutlined aria-hidden /> 网络状态不佳，正在重新查询支付结果…
              </span>
            ) : (
              <>
                <Spin indicator={<LoadingOutlined spin aria-hidden />} size="small" /> 等待支付结果，支付完成后页面将自动跳转…
              </>
            )}
          </div>
          <Button className="pay-box__check" onClick={onCheck} loading={checking}>
            我已完成支付
          </Button>
        </div>
      </div>
    </div>
  );
}

function PaymentSuccess({ order }: { order: Order }) {
  const queryClient = useQueryClient();
  const refreshed = useRef(false);
  useEffect(() => {
    if (refreshed.current) return;
    refreshed.current = true;
    // Membership or the course unlocks now: the header, the banner and the course pages read fresh data.
    void useSessionStore.getState().loadCurrentUser();
    void queryClient.invalidateQueries({ queryKey: ['courses'] });
    void queryClient.invalidateQueries({ queryKey: ['members', 'orders'] });
    void queryClient.invalidateQueries({ queryKey: ['exams'] });
  }, [queryClient]);

  if (order.product_type === 'risk_report')
    return (
      <Result
        status="success"
        title="支付成功，报告已生成"
        subTitle={`${order.subject}已生成，可查看并下载PDF报告。`}
        extra={[
          <Link key="report" to={`/center/riskReports/${order.product_id}`}>
            <Button type="primary">查看报告</Button>
          </Link>,
          <Link key="orders" to={ORDERS_PATH}>
            <Button>查看订单</Button>
          </Link>,
        ]}
      />
    );
  if (order.product_type === 'exam')
    return (
      <Result
        status="success"
        title="缴费成功，报名完成"
        subTitle={`已报名${order.subject}，请在考试时间内进入“在线考试”参加考试。`}
        extra={[
          <Link key="exam" to="/center/examination">
            <Button type="primary">去在线考试</Button>
          </Link>,
          <Link key="orders" to={ORDERS_PATH}>
            <Button>查看订单</Button>
          </Link>,
        ]}
      />
    );
  if (order.product_type === 'seats')
    return (
      <Result
        status="success"
        title="支付成功，学员卡已到账"
        subTitle={`已购买${order.subject}，现在可以分配给已加入本单位的员工；发票可在“订单与发票”中申请。`}
        extra={[
          <Link key="seats" to="/center/training/seats">
            <Button type="primary">去分配学员卡</Button>
          </Link>,
          <Link key="orders" to={ORDERS_PATH}>
            <Button>查看订单</Button>
          </Link>,
        ]}
      />
    );
  if (order.product_type === 'course')
    return (
      <Result
        status="success"
        title="支付成功"
        subTitle={`已购买课程《${order.subject}》，现在就可以学习全部课时。`}
        extra={[
          <Link key="course" to={courseDetailPath(order.product_id)}>
            <Button type="primary">去学习</Button>
          </Link>,
          <Link key="orders" to={ORDERS_PATH}>
            <Button>查看订单</Button>
          </Link>,
        ]}
      />
    );
  return (
    <div className="pay-success">
      <Result
        status="success"
        title="支付成功，会员已开通"
        subTitle={order.member_end_at ? `会员有效期至 ${chinaDate(order.member_end_at)}` : undefined}
        extra={[
          <Link key="centre" to={CENTRE_PATH}>
            <Button type="primary">进入个人中心</Button>
          </Link>,
          <Link key="orders" to={ORDERS_PATH}>
            <Button>查看订单</Button>
          </Link>,
        ]}
      />
      <MemberCourseList title="会员专享课程，立即开始学习" per={8} />
    </div>
  );
}

function EndedPayment({ order }: { order: Order }) {
  const reorder = useReorder(order);
  const expired = order.state === 'expired';
  return (
    <Result
      status="warning"
      title={expired ? '订单已过期' : '订单已取消'}
      subTitle={expired ? '订单超过30分钟未支付，已自动关闭。您可以重新下单。' : '该订单已取消。您可以重新下单。'}
      extra={[
        <Button key="again" type="primary" loading={reorder.isPending} onClick={() => reorder.mutate()}>
          重新下单
        </Button>,
        <Link key="orders" to={ORDERS_PATH}>
          <Button>查看订单</Button>
        </Link>,
      ]}
    />
  );
}

/** /payment?order_no=: the order's pay step, its success page, or its ended state with retry. */
export function OrderPayment({ orderNo }: { orderNo: string }) {
  const status = useOrderStatus(orderNo);
  const left = useCountdownTo(status.data?.expires_at);

  if (status.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (status.isError && !status.data) {
    const notFound = isApiError(status.error) && status.error.code === 404;
    return (
      <Result
        status={notFound ? '404' : 'warning'}
        title={notFound ? '订单不存在' : '订单状态查询失败'}
        subTitle={notFound ? undefined : status.error.message}
        extra={
          notFound ? (
            <Link to={ORDERS_PATH}>查看我的订单</Link>
          ) : (
            <Button onClick={() => void status.refetch()}>重试</Button>
          )
        }
      />
    );
  }
  const order = status.data;
  // The countdown ran out before the next poll: show the order as the server will report it.
  const state = order.state === 'pending' && left === 0 ? 'expired' : order.state;
  if (state === 'paid') return <PaymentSuccess order={order} />;
  if (state === 'cancelled' || state === 'expired') return <EndedPayment order={{ ...order, state }} />;
  return (
    <PendingPayment order={order} checking={status.isFetching} pollFailed={status.isError} onCheck={() => void status.refetch()} />
  );
}
