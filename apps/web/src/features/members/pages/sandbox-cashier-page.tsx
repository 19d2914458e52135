import { SafetyCertificateFilled } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Button, Result, Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ORDER_STATE_LABELS } from '@app/contracts';
import { membersApi } from '../api/members-api';
import { inAppPath, payOrderPath } from '../lib/member-paths';
import { formatFen } from '../lib/money';
import './sandbox-cashier-page.css';

/** Seconds before the wallet returns to the merchant's page by itself after paying. */
const RETURN_AFTER_S = 5;

function ReturnCountdown({ to }: { to: string }) {
  const navigate = useNavigate();
  const [left, setLeft] = useState(RETURN_AFTER_S);
  useEffect(() => {
    if (left <= 0) {
      navigate(to, { replace: true });
      return;
    }
    const timer = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [left, navigate, to]);
  return <span>{left}秒后自动返回商户页面</span>;
}

/** The cashier's variants: the desk cashier, WeChat Pay H5 (`redirect_url`) and Alipay phone-website pay (`return_url`). */
const VARIANTS = {
  desk: { title: '模拟收银台', method: '模拟钱包余额', back: null },
  h5: { title: '模拟微信支付（手机浏览器）', method: '模拟微信零钱', back: 'redirect_url' },
  wap: { title: '模拟支付宝（手机网站支付）', method: '模拟支付宝余额', back: 'return_url' },
} as const;

/**
 * Where the wallet returns: the variant's redirect_url / return_url when it is a page of this site (as the real
 * channels return to the merchant's own address), otherwise the order page the server names.
 */
function backPath(params: URLSearchParams, variant: keyof typeof VARIANTS, fallback: string): string {
  const key = VARIANTS[variant].back;
  const asked = key ? params.get(key) : null;
  if (!asked) return fallback;
  try {
    const url = new URL(asked, window.location.origin);
    return url.origin === window.location.origin && url.pathname === '/payment' ? `${url.pathname}${url.search}` : fallback;
  } catch {
    return fallback;
  }
}

/**
 * /payment/sandbox-cashier?order_no=&token=[&variant=h5&redirect_url= | &variant=wap&return_url=]: the sandbox
 * channel's cashier, playing the payer's wallet. It shows
 * the merchant, subject and amount; 确认支付 makes the server send itself a signed payment notification, exactly as
 * a real channel would; 取消 returns to the payment page unpaid. No login: the signed token is the ticket.
 */
export default function SandboxCashierPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const orderNo = params.get('order_no') ?? '';
  const token = params.get('token') ?? '';
  const variantParam = params.get('variant');
  const variant = variantParam === 'h5' || variantParam === 'wap' ? variantParam : 'desk';
  const { title, method } = VARIANTS[variant];
  const leave = backPath(params, variant, payOrderPath(orderNo));
  const cashier = useQuery({
    queryKey: ['members', 'cashier', orderNo, token],
    queryFn: () => membersApi.cashier({ order_no: orderNo, token }),
    enabled: Boolean(orderNo && token),
    retry: false,
  });
  const confirm = useMutation({ mutationFn: () => membersApi.confirmSandbox({ order_no: orderNo, token }) });

  let body;
  if (!orderNo || !token) body = <Result status="warning" title="支付链接无效或已过期" />;
  else if (cashier.isPending) body = <Skeleton active paragraph={{ rows: 5 }} />;
  else if (cashier.isError) body = <Result status="warning" title={cashier.error.message || '支付链接无效或已过期'} />;
  else if (confirm.data?.state === 'paid') {
    const back = backPath(params, variant, inAppPath(confirm.data.return_url).href);
    body = (
      <Result
        status="success"
        title="支付成功"
        subTitle={
          <>
            已向 {cashier.data.merchant_name} 支付 ¥{formatFen(cashier.data.amount)}
            <br />
            <ReturnCountdown to={back} />
          </>
        }
        extra={
          <Button type="primary" onClick={() => navigate(back, { replace: true })}>
            返回商户页面
          </Button>
        }
      />
    );
  } else if (cashier.data.state !== 'pending')
    body = (
      <Result
        status={cashier.data.state === 'paid' ? 'success' : 'warning'}
        title={`订单${ORDER_STATE_LABELS[cashier.data.state]}`}
        extra={<Button onClick={() => navigate(leave, { replace: true })}>返回商户页面</Button>}
      />
    );
  else
    body = (
      <div className="cashier">
        <p className="cashier__merchant">{cashier.data.merchant_name}</p>
        <p className="cashier__amount">
          <small>¥</small>
          {formatFen(cashier.data.amount)}
        </p>
        <dl className="cashier__rows">
          <div>
            <dt>商品</dt>
            <dd>{cashier.data.subject}</dd>
          </div>
          <div>
            <dt>订单号</dt>
            <dd>{cashier.data.order_no}</dd>
          </div>
          <div>
            <dt>付款方式</dt>
            <dd>{method}</dd>
          </div>
        </dl>
        <Button type="primary" size="large" block loading={confirm.isPending} onClick={() => confirm.mutate()}>
          确认支付
        </Button>
        <Button size="large" block disabled={confirm.isPending} onClick={() => navigate(leave, { replace: true })}>
          取消
        </Button>
      </div>
    );

  return (
    <div className="page-container cashier-page">
      <section className={`cashier-page__wallet cashier-page__wallet--${variant}`} aria-label={title}>
        <header className="cashier-page__head">
          <SafetyCertificateFilled aria-hidden="true" /> {title}
        </header>
        <p className="cashier-page__note">这是模拟支付渠道，不会产生真实扣款。</p>
        {body}
      </section>
    </div>
  );
}
