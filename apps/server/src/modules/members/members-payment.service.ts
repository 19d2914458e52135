// Members by use case: collecting a pending order at the payment channel in the mode the browser calls for,
// and the order behind the sandbox cashier's ticket.
import QRCode from 'qrcode';
import { membersMessages as m, type PayOrderResult, wechatPayAuthorizePath } from '@app/contracts';
import { AppError } from '../../lib/app-error';
import { clientKindOf, type ClientKind } from '../../lib/client-kind';
import {
  effectiveState,
  refusal,
  toOrder,
  type MembersServiceDeps,
  type MembersShared,
  type PayingClient,
} from './members-shared';
import { membersRepository as repo } from './members.repository';
import type { PaymentProvider } from './payment/payment-provider';

/** The Chinese guidance for a browser the configured channel cannot collect in. */
function guidanceFor(channel: PaymentProvider['channel'], kind: ClientKind): string {
  if (channel === 'alipay') return m.alipayInWechat;
  if (kind === 'alipay') return m.wechatPayInAlipay;
  return m.wechatPayNeedsBrowser;
}

export function createMembersPaymentService(
  {
    db,
    clock,
    provider,
    log,
    payerSource,
  }: Pick<MembersServiceDeps, 'db' | 'clock' | 'provider' | 'log' | 'payerSource'>,
  { mine }: MembersShared,
) {
  return {
    /**
     * Asks the channel to collect a pending order (again, if asked twice: the sandbox answers the same link), in
     * the mode the browser calls for: a desk gets a QR code (or the page-pay link), a phone browser WeChat Pay H5
     * or Alipay wap pay, WeChat's browser JSAPI. Where the channel cannot collect (Alipay inside WeChat, or JSAPI
     * without WeChat authorisation wired), the answer is guidance in Chinese and the channel is not called; a
     * member without an openid yet is sent to WeChat authorisation first, which comes back to the order page.
     * `origin` is this site's configured public address (PUBLIC_BASE_URL), never a Host header a client could forge.
     */
    async pay(userId: number, id: number, origin: string, client: PayingClient = {}): Promise<PayOrderResult> {
      const now = clock.now();
      const order = await mine(userId, { id });
      const state = effectiveState(order, now);
      if (state !== 'pending') throw refusal(state);
      const orderPath = `/payment?order_no=${encodeURIComponent(order.orderNo)}`;
      const kind = clientKindOf(client.userAgent);
      const mode = provider.modes[kind];
      const none = { qr_content: null, qr_image: null, pay_url: null };
      if (mode === null || (mode === 'jsapi' && !payerSource?.canAuthorize())) {
        return {
          mode: 'open_in_browser',
          order: toOrder(order, now),
          channel: provider.channel,
          ...none,
          guidance: guidanceFor(provider.channel, kind),
        };
      }
      let payerOpenid: string | undefined;
      if (mode === 'jsapi') {
        payerOpenid = (await payerSource!.openidOf(userId)) ?? undefined;
        if (!payerOpenid) {
          return {
            mode: 'jsapi',
            order: toOrder(order, now),
            channel: provider.channel,
            ...none,
            bridge: null,
            authorize_url: wechatPayAuthorizePath(orderPath),
          };
        }
      }
      // Recorded BEFORE the channel hears of the order, so a cancel running meanwhile knows to close it there.
      if (!(await repo.setChannel(db, id, provider.channel)))
        throw refusal(effectiveState(await mine(userId, { id }), now));
      let result;
      try {
        result = await provider.createPayment({
          orderNo: order.orderNo,
          amountFen: order.amount,
          subject: order.subject,
          notifyUrl: `${origin}/api/payments/notify/${provider.channel}`,
          returnUrl: `${origin}${orderPath}`,
          expiresAt: order.expiresAt,
          clientIp: client.ip,
          mode,
          payerOpenid,
        });
      } catch (err) {
        // Channel adapters throw a PaymentChannelError (a 503 AppError with a Chinese message); anything else is ours.
        if (err instanceof AppError) throw err;
        throw new AppError(503, m.paymentStartFailed);
      }
      // Cancelled (or replaced) while the channel was being asked: close what was just opened, hand out nothing.
      const current = await mine(userId, { id });
      if (current.state !== 'pending') {
        await provider.closePayment(order.orderNo).catch((err: unknown) => {
          log?.warn(
            { err, orderNo: order.orderNo },
            'closing a payment opened for an order cancelled meanwhile failed',
          );
        });
        throw refusal(effectiveState(current, clock.now()));
      }
      const base = { order: toOrder(current, now), channel: provider.channel, ...none };
      if (mode === 'jsapi') {
        if (!result.jsapi) throw new AppError(503, m.paymentStartFailed);
        return { ...base, mode: 'jsapi', bridge: result.jsapi, authorize_url: null };
      }
      const qrContent = result.qrContent ?? null;
      if (qrContent) {
        const svg = await QRCode.toString(qrContent, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
        return {
          ...base,
          mode: 'qr',
          qr_content: qrContent,
          qr_image: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
          pay_url: result.payUrl ?? null,
        };
      }
      if (!result.payUrl) throw new AppError(503, m.paymentStartFailed);
      return { ...base, mode: 'redirect', pay_url: result.payUrl };
    },

    /** The order behind a cashier ticket, for the sandbox cashier page (no login: the ticket is the proof). */
    async orderForCashier(orderNo: string) {
      const order = await repo.findByOrderNo(db, orderNo);
      if (!order) throw AppError.notFound(m.cashierTokenInvalid);
      return { order, state: effectiveState(order, clock.now()) };
    },
  };
}
