import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { SANDBOX_CASHIER_PAGE_PATH, type JsapiBridgeParams } from '@app/contracts';
import type { Clock } from '../../../lib/clock';
import {
  PaymentNotificationError,
  type CreatePaymentInput,
  type CreatePaymentResult,
  type IncomingNotification,
  type NotificationAck,
  type PaymentModes,
  type PaymentProvider,
  type VerifiedNotification,
} from './payment-provider';
import { jsapiSignContent } from './wechat-pay.provider';

/** Headers of a sandbox notification; the signature covers `timestamp \n nonce \n rawBody \n`, like WeChat Pay v3. */
export const SANDBOX_HEADERS = {
  timestamp: 'x-sandbox-timestamp',
  nonce: 'x-sandbox-nonce',
  signature: 'x-sandbox-signature',
} as const;
/** The sandbox's stand-in for an official account's app id, in JSAPI bridge parameters. */
export const SANDBOX_APP_ID = 'wxsandbox0000000';
const SANDBOX_PREPAY_PREFIX = 'SBX.';
/** The sandbox wallet's merchant id; a notification for any other merchant is refused. */
export const SANDBOX_MERCHANT_ID = 'sandbox-merchant';
/** A notification older (or newer) than this is stale, so a captured one cannot be replayed days later. */
export const SANDBOX_MAX_SKEW_MS = 5 * 60_000;

/** Body of a sandbox notification (JSON), modelled on WeChat Pay's decrypted transaction resource. */
export interface SandboxNotificationBody {
  mchid: string;
  out_trade_no: string;
  transaction_id: string;
  trade_state: 'SUCCESS' | 'CLOSED';
  success_time: string;
  amount: { total: number; currency: 'CNY' };
}

/** What a cashier ticket is bound to. */
export interface CashierTicket {
  orderNo: string;
  amountFen: number;
  expiresAt: Date;
}

export interface SandboxProviderOptions {
  /** The HMAC key (created once in the database, shared by every server process). */
  secret: () => Promise<string>;
  clock: Clock;
  merchantId?: string;
}

const hmac = (secret: string, text: string) => createHmac('sha256', secret).update(text, 'utf8').digest('base64url');

function equalText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function header(headers: IncomingNotification['headers'], name: string): string | undefined {
  const v = headers[name] ?? headers[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
}

/**
 * The default payment channel: a cashier page on our own site plays the payer's wallet and posts a notification
 * signed with HMAC-SHA256, which goes through the same notify endpoint and checks as a real channel's.
 */
export class SandboxProvider implements PaymentProvider {
  readonly channel = 'sandbox' as const;
  private readonly merchantId: string;

  constructor(private readonly opts: SandboxProviderOptions) {
    this.merchantId = opts.merchantId ?? SANDBOX_MERCHANT_ID;
  }

  /**
   * The ticket in the cashier URL: proves the URL came from us for this order, this amount and this expiry (no
   * login is needed to pay, as with a real wallet). It stops working when the order expires.
   */
  async cashierToken(t: CashierTicket): Promise<string> {
    return hmac(await this.opts.secret(), `cashier\n${t.orderNo}\n${t.amountFen}\n${t.expiresAt.getTime()}`);
  }

  /** True when `token` is this order's ticket and the order has not expired yet. */
  async checkCashierToken(t: CashierTicket, token: string): Promise<boolean> {
    if (this.opts.clock.now().getTime() >= t.expiresAt.getTime()) return false;
    return equalText(await this.cashierToken(t), token);
  }

  /** The sandbox imitates each real mode, so every page path is tested without a merchant account. */
  readonly modes: PaymentModes = { desk: 'native', phone: 'h5', wechat: 'jsapi', alipay: 'wap' };

  /**
   * native: the cashier URL as QR code and link; h5: the cashier in its H5 variant with `redirect_url` (as WeChat
   * Pay's h5_url); wap: the cashier with `return_url` (as Alipay's wap pay); jsapi: bridge parameters whose prepay
   * id carries the cashier ticket, signed HMAC-SHA256 over WeChat's paySign content.
   */
  async createPayment(input: CreatePaymentInput): Promise<CreatePaymentResult> {
    const token = await this.cashierToken({ orderNo: input.orderNo, amountFen: input.amountFen, expiresAt: input.expiresAt });
    if (input.mode === 'jsapi') {
      if (!input.payerOpenid) throw new Error('JSAPI payment needs the payer openid');
      return { jsapi: await this.bridgeParams(`${SANDBOX_PREPAY_PREFIX}${input.orderNo}.${token}`) };
    }
    const url = new URL(SANDBOX_CASHIER_PAGE_PATH, input.returnUrl);
    url.searchParams.set('order_no', input.orderNo);
    url.searchParams.set('token', token);
    if (input.mode === 'native') return { qrContent: url.toString(), payUrl: url.toString() };
    url.searchParams.set('variant', input.mode);
    url.searchParams.set(input.mode === 'h5' ? 'redirect_url' : 'return_url', input.returnUrl);
    return { payUrl: url.toString() };
  }

  /** Bridge parameters for a sandbox prepay id, signed like WeChat's paySign content but with the sandbox key. */
  async bridgeParams(prepayId: string): Promise<JsapiBridgeParams> {
    const params = {
      appId: SANDBOX_APP_ID,
      timeStamp: String(Math.floor(this.opts.clock.now().getTime() / 1000)),
      nonceStr: randomBytes(16).toString('hex'),
      package: `prepay_id=${prepayId}`,
    };
    return { ...params, signType: 'HMAC-SHA256', paySign: hmac(await this.opts.secret(), jsapiSignContent(params)) };
  }

  /**
   * The cashier ticket inside bridge parameters the stand-in of WeixinJSBridge sends back, when their paySign is
   * ours; undefined otherwise. The ticket itself is checked against the stored order by the caller.
   */
  async ticketOfBridge(p: Omit<JsapiBridgeParams, 'signType'>): Promise<{ orderNo: string; token: string } | undefined> {
    if (p.appId !== SANDBOX_APP_ID) return undefined;
    if (!equalText(hmac(await this.opts.secret(), jsapiSignContent(p)), p.paySign)) return undefined;
    const m = /^prepay_id=SBX\.([0-9A-Za-z_-]{1,32})\.([\w-]{1,128})$/.exec(p.package);
    return m ? { orderNo: m[1]!, token: m[2]! } : undefined;
  }

  /**
   * Nothing to call: the cashier ticket is checked against the stored order, and the cashier refuses to pay an
   * order that is no longer pending (cancelled, expired or paid).
   */
  closePayment(_orderNo: string): Promise<void> {
    return Promise.resolve();
  }

  /** What the sandbox wallet sends after the payer confirms: a signed notification of a successful payment. */
  async buildNotification(v: { orderNo: string; amountFen: number; paidAt: Date }): Promise<IncomingNotification> {
    const body: SandboxNotificationBody = {
      mchid: this.merchantId,
      out_trade_no: v.orderNo,
      transaction_id: `SBX${v.paidAt.getTime()}${randomBytes(6).toString('hex')}`,
      trade_state: 'SUCCESS',
      success_time: v.paidAt.toISOString(),
      amount: { total: v.amountFen, currency: 'CNY' },
    };
    return this.sign(JSON.stringify(body));
  }

  /** Signs any raw body as the sandbox wallet would (also used by tests to build edge cases). */
  async sign(rawBody: string, at: Date = this.opts.clock.now()): Promise<IncomingNotification> {
    const timestamp = String(Math.floor(at.getTime() / 1000));
    const nonce = randomBytes(16).toString('hex');
    const signature = hmac(await this.opts.secret(), `${timestamp}\n${nonce}\n${rawBody}\n`);
    return {
      headers: {
        'content-type': 'application/json',
        [SANDBOX_HEADERS.timestamp]: timestamp,
        [SANDBOX_HEADERS.nonce]: nonce,
        [SANDBOX_HEADERS.signature]: signature,
      },
      rawBody,
      contentType: 'application/json',
    };
  }

  async verifyNotification(n: IncomingNotification): Promise<VerifiedNotification> {
    const timestamp = header(n.headers, SANDBOX_HEADERS.timestamp);
    const nonce = header(n.headers, SANDBOX_HEADERS.nonce);
    const signature = header(n.headers, SANDBOX_HEADERS.signature);
    if (!timestamp || !nonce || !signature) throw new PaymentNotificationError('unsigned notification', 'signature');
    if (!/^\d{1,12}$/.test(timestamp)) throw new PaymentNotificationError('bad timestamp', 'signature');
    const expected = hmac(await this.opts.secret(), `${timestamp}\n${nonce}\n${n.rawBody}\n`);
    if (!equalText(expected, signature)) throw new PaymentNotificationError('signature mismatch', 'signature');
    if (Math.abs(this.opts.clock.now().getTime() - Number(timestamp) * 1000) > SANDBOX_MAX_SKEW_MS) {
      throw new PaymentNotificationError('stale notification', 'signature');
    }
    let body: SandboxNotificationBody;
    try {
      body = JSON.parse(n.rawBody) as SandboxNotificationBody;
    } catch {
      throw new PaymentNotificationError('body is not JSON', 'format');
    }
    const total = body?.amount?.total;
    const paidAt = new Date(body?.success_time);
    if (
      typeof body?.out_trade_no !== 'string' ||
      typeof body.transaction_id !== 'string' ||
      typeof body.mchid !== 'string' ||
      !Number.isSafeInteger(total) ||
      Number.isNaN(paidAt.getTime())
    ) {
      throw new PaymentNotificationError('missing fields', 'format');
    }
    if (body.mchid !== this.merchantId) throw new PaymentNotificationError(`merchant ${body.mchid}`, 'merchant');
    return {
      orderNo: body.out_trade_no,
      amountFen: total,
      paid: body.trade_state === 'SUCCESS',
      channelTradeNo: body.transaction_id,
      paidAt,
      merchantId: body.mchid,
    };
  }

  acknowledge(ok: boolean): NotificationAck {
    return ok
      ? { status: 200, contentType: 'application/json; charset=utf-8', body: '{"code":"SUCCESS"}' }
      : { status: 400, contentType: 'application/json; charset=utf-8', body: '{"code":"FAIL","message":"失败"}' };
  }
}
