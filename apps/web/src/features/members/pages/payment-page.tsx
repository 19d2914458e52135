import { Card, Steps } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { useIsPhone } from '@/shared/hooks/use-is-phone';
import { loginPathWithRedirect } from '@/shared/lib/navigation';
import { useSessionStore } from '@/shared/lib/session/session-store';
import { membersApi } from '../api/members-api';
import { CourseCheckout, VipCheckout } from '../components/checkout';
import { OrderPayment } from '../components/order-payment';
import './payment-page.css';

const STEP_ITEMS = [{ title: '确认订单' }, { title: '扫码支付' }, { title: '支付完成' }];
/** A phone pays in its own browser or in WeChat, never by scanning. */
const PHONE_STEP_ITEMS = [{ title: '确认订单' }, { title: '在线支付' }, { title: '支付完成' }];

/** Which step the order is at (for the steps bar), read from the same polled query the pay step uses. */
function useOrderStep(orderNo: string | null): number {
  const status = useQuery({
    queryKey: ['members', 'check-order', orderNo ?? ''],
    queryFn: () => membersApi.checkOrder(orderNo!, { silent: true }),
    enabled: false,
  });
  if (!orderNo) return 0;
  return status.data?.state === 'paid' ? 2 : 1;
}

/**
 * /payment (SPEC §2): `?type=buyVip` buys membership, `?type=buyCourse&courseId=` a paid course, `?order_no=` is
 * the pay step of an existing order (after 立即支付, 去支付 in the order list, or the return from the cashier).
 * Plans and course prices are public; placing or paying an order needs a login.
 */
export default function PaymentPage() {
  const [params] = useSearchParams();
  const location = useLocation();
  const token = useSessionStore((s) => s.token);
  const orderNo = params.get('order_no')?.trim() || null;
  const type = params.get('type');
  const courseId = Number(params.get('courseId')) || 0;
  const step = useOrderStep(orderNo);
  const isPhone = useIsPhone();

  if (orderNo && !token) return <Navigate to={loginPathWithRedirect(`${location.pathname}${location.search}`)} replace />;

  const buyCourse = !orderNo && type === 'buyCourse';
  return (
    <div className="page-container payment-page">
      <Card variant="borderless" className="payment-page__card" title={buyCourse ? '购买课程' : orderNo ? '订单支付' : '开通会员'}>
        <Steps className="payment-page__steps" size="small" current={step} items={isPhone ? PHONE_STEP_ITEMS : STEP_ITEMS} />
        {orderNo ? <OrderPayment key={orderNo} orderNo={orderNo} /> : buyCourse ? <CourseCheckout courseId={courseId} /> : <VipCheckout />}
      </Card>
    </div>
  );
}
