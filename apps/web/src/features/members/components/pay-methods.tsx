import { CopyOutlined, WechatOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Alert, App, Button, Modal } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { PAYMENT_CHANNEL_LABELS, type Order, type PayOrderResult } from '@app/contracts';
import { leaveSite } from '@/shared/lib/navigation';
import { membersApi } from '../api/members-api';
import { inAppPath } from '../lib/member-paths';
import { yuan } from '../lib/money';
import { invokeWechatPay, type BridgeOutcome } from '../lib/wechat-bridge';

type Pay<M extends PayOrderResult['mode']> = Extract<PayOrderResult, { mode: M }>;

/** The label of the button that opens the channel's cashier in this browser. */
function redirectLabel(pay: PayOrderResult): string {
  if (pay.channel === 'sandbox') return '前往模拟收银台支付';
  if (pay.channel === 'wechat') return '打开微信支付';
  return `前往${PAYMENT_CHANNEL_LABELS[pay.channel]}支付`;
}

/**
 * Tap to pay in this browser: Alipay page or phone-website pay, WeChat Pay H5, the sandbox cashier. The cashier
 * returns to this order page, which polls the order's state.
 */
export function RedirectPay({ pay }: { pay: Pay<'redirect'> }) {
  const link = inAppPath(pay.pay_url);
  const label = redirectLabel(pay);
  return link.internal ? (
    <Link to={link.href} className="pay-box__go">
      <Button type="primary" size="large" block tabIndex={-1}>
        {label}
      </Button>
    </Link>
  ) : (
    <Button className="pay-box__go" type="primary" size="large" block href={link.href}>
      {label}
    </Button>
  );
}

/** What the payer is told after WeChat's payment sheet closes without paying. */
const OUTCOME_NOTICE: Record<Exclude<BridgeOutcome, 'ok'>, string> = {
  cancel: '您已取消支付，可再次点击按钮支付。',
  fail: '微信支付未能完成，请稍后重试。',
};

/**
 * The sandbox's stand-in for WeChat's payment sheet (WeixinJSBridge): shown only when the pay answer comes from
 * the sandbox channel, never with a real provider. 确认支付 hands the signed bridge parameters to the sandbox,
 * which checks them and sends itself a signed payment notification.
 */
function SandboxWechatSheet({
  pay,
  open,
  onClose,
}: {
  pay: Pay<'jsapi'>;
  open: boolean;
  onClose(outcome: BridgeOutcome): void;
}) {
  const confirm = useMutation({
    mutationFn: () => membersApi.payWithSandboxBridge(pay.bridge!),
    onSuccess: () => onClose('ok'),
    onError: () => onClose('fail'),
  });
  return (
    <Modal
      open={open}
      title="模拟微信支付"
      className="wechat-sheet"
      centered
      footer={null}
      mask={{ closable: false }}
      onCancel={() => onClose('cancel')}
    >
      <p className="wechat-sheet__note">开发环境的微信支付替身，不会产生真实扣款。</p>
      <p className="wechat-sheet__amount">{yuan(pay.order.amount)}</p>
      <p className="wechat-sheet__subject">{pay.order.subject}</p>
      <Button type="primary" size="large" block loading={confirm.isPending} onClick={() => confirm.mutate()}>
        确认支付
      </Button>
    </Modal>
  );
}

/**
 * Inside WeChat: 微信支付 opens WeChat's payment sheet with the server's signed parameters. Without the payer's
 * openid yet, the member first authorises WeChat (the server's authorize_url comes back to this page).
 */
export function JsapiPay({ pay, onPaid }: { pay: Pay<'jsapi'>; onPaid(): void }) {
  const [sheetOpen, setSheetOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  if (!pay.bridge) {
    const redirect = pay.authorize_url ? new URL(pay.authorize_url, 'http://site').searchParams.get('redirect') : null;
    const authorize = async () => {
      if (!redirect) return;
      setBusy(true);
      try {
        const { url } = await membersApi.wechatPayAuthorizeUrl(redirect);
        leaveSite.assign(url);
      } catch {
        setBusy(false);
      }
    };
    return (
      <>
        <p className="pay-box__channel">在微信内支付需要先确认您的微信身份，授权后将回到本页继续支付。</p>
        <Button className="pay-box__go" type="primary" size="large" block loading={busy} disabled={!redirect} onClick={() => void authorize()}>
          微信授权后支付
        </Button>
      </>
    );
  }
  const bridge = pay.bridge;
  const finish = (outcome: BridgeOutcome) => {
    setSheetOpen(false);
    setBusy(false);
    if (outcome === 'ok') {
      setNotice(null);
      onPaid();
    } else setNotice(OUTCOME_NOTICE[outcome]);
  };
  const start = () => {
    setNotice(null);
    setBusy(true);
    if (pay.channel === 'sandbox') setSheetOpen(true);
    else void invokeWechatPay(bridge).then(finish);
  };
  return (
    <>
      <p className="pay-box__channel">
        {pay.channel === 'sandbox' ? '当前为模拟支付环境：点击下方按钮，在模拟的微信支付中确认。' : '点击下方按钮，使用微信支付。'}
      </p>
      <Button className="pay-box__go" type="primary" size="large" block icon={<WechatOutlined aria-hidden />} loading={busy} onClick={start}>
        微信支付
      </Button>
      {notice && <Alert type="warning" showIcon title={notice} />}
      {pay.channel === 'sandbox' && <SandboxWechatSheet pay={pay} open={sheetOpen} onClose={finish} />}
    </>
  );
}

/** The channel cannot collect in this browser (Alipay inside WeChat): what to do instead, and the link to copy. */
export function OpenInBrowser({ pay, order }: { pay: Pay<'open_in_browser'>; order: Order }) {
  const { message } = App.useApp();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(window.location.href);
      void message.success('链接已复制，请在浏览器中打开');
    } catch {
      void message.info(`请复制本页链接：${window.location.origin}/payment?order_no=${order.order_no}`);
    }
  };
  return (
    <>
      <Alert type="warning" showIcon title="请在浏览器中打开" description={pay.guidance} />
      <Button className="pay-box__go" size="large" block icon={<CopyOutlined aria-hidden />} onClick={() => void copy()}>
        复制本页链接
      </Button>
    </>
  );
}
