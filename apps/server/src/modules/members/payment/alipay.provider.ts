import { sign, verify, type KeyObject } from 'node:crypto';
import { systemClock, type Clock } from '../../../lib/clock';
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
import { formatChinaTime, parseChinaTime } from './channel-utils';
import { PaymentChannelError } from './payment-channel-error';

/**
 * Alipay open platform, computer-website page pay (alipay.trade.page.pay) and phone-website pay
 * (alipay.trade.wap.pay), from the public API documents:
 * - the payer's browser opens a GET URL to the gateway carrying the common parameters and biz_content, signed
 *   RSA2 (SHA256withRSA, application private key) over the parameters sorted by name, `sign` and empty values
 *   left out, joined `k=v&...` without URL encoding;
 * - the asynchronous notification is a form POST; its signature covers every parameter except `sign` and
 *   `sign_type`, sorted and joined the same way, checked with the Alipay public key.
 * Public-key mode only (not the public-key-certificate mode).
 */
export interface AlipayOptions {
  appId: string;
  privateKey: KeyObject;
  alipayPublicKey: KeyObject;
  /** Defaults to https://openapi.alipay.com/gateway.do. */
  gateway?: string;
  clock?: Clock;
  /** For the server-to-server calls (alipay.trade.close). */
  fetch?: typeof fetch;
  /** Gives up on a server-to-server call after this long (default 10 s). */
  timeoutMs?: number;
}

export const ALIPAY_PAGE_PAY_METHOD = 'alipay.trade.page.pay';
export const ALIPAY_WAP_PAY_METHOD = 'alipay.trade.wap.pay';
export const ALIPAY_TRADE_CLOSE_METHOD = 'alipay.trade.close';
/** Business answers of alipay.trade.close after which the order cannot be paid: the trade was never created. */
const CLOSE_NOTHING_CODES = new Set(['ACQ.TRADE_NOT_EXIST']);
/**
 * "Trade status not valid": only a trade waiting for payment can be closed, so it is paid (or finished, or already
 * closed); Alipay does not say which, so it is never taken as closed.
 */
const CLOSE_NOT_WAITING_CODES = new Set(['ACQ.TRADE_STATUS_ERROR', 'ACQ.REASON_TRADE_STATUS_INVALID']);

/**
 * The exact text of the JSON value under `key` in an Alipay answer (what the answer's `sign` covers: the bytes as
 * sent, not a re-serialisation). Undefined when the key is missing or its value is not an object.
 */
export function alipayResponseContent(text: string, key: string): string | undefined {
  const keyAt = text.indexOf(`"${key}"`);
  if (keyAt < 0) return undefined;
  let i = keyAt + key.length + 2;
  while (/\s/.test(text[i] ?? '')) i++;
  if (text[i] !== ':') return undefined;
  i++;
  while (/\s/.test(text[i] ?? '')) i++;
  if (text[i] !== '{') return undefined;
  const start = i;
  let depth = 0;
  let inString = false;
  for (; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return text.slice(start, i + 1);
  }
  return undefined;
}
// The documents allow letters, digits and underscores, 64 characters at most.
const OUT_TRADE_NO = /^[0-9A-Za-z_]{1,64}$/;
const YUAN_AMOUNT = /^(0|[1-9]\d{0,10})(\.\d{1,2})?$/;

/** `k=v&...` over the parameters sorted by name (code-unit order), unencoded. */
export function alipaySignContent(params: Record<string, string>, options: { skipEmpty: boolean }): string {
  return Object.keys(params)
    .sort()
    .filter((key) => !options.skipEmpty || params[key] !== '')
    .map((key) => `${key}=${params[key]}`)
    .join('&');
}

/** Fen as Alipay's yuan string with two decimals: 29800 -> "298.00". */
export function fenToYuan(fen: number): string {
  if (!Number.isSafeInteger(fen) || fen < 0) throw new Error('amount must be non-negative integer fen');
  return `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
}

/** Alipay's yuan string to fen, parsed as a decimal (no floating point); undefined unless 0-2 decimals. */
export function yuanToFen(yuan: string): number | undefined {
  const m = YUAN_AMOUNT.exec(yuan);
  if (!m) return undefined;
  const whole = Number(m[1]);
  const decimals = (m[2] ?? '.').slice(1).padEnd(2, '0');
  return whole * 100 + Number(decimals);
}

export class AlipayProvider implements PaymentProvider {
  readonly channel = 'alipay' as const;
  private readonly clock: Clock;
  private readonly gateway: string;

  private readonly fetch: typeof fetch;
  private readonly timeoutMs: number;

  constructor(private readonly options: AlipayOptions) {
    this.clock = options.clock ?? systemClock;
    this.gateway = options.gateway ?? 'https://openapi.alipay.com/gateway.do';
    this.fetch = options.fetch ?? globalThis.fetch;
    this.timeoutMs = options.timeoutMs ?? 10_000;
  }

  /** The common request parameters with `sign` added (RSA2 over the sorted `k=v&...` of all the others). */
  private signed(params: Record<string, string>): Record<string, string> {
    const content = alipaySignContent(params, { skipEmpty: true });
    const signature = sign('sha256', Buffer.from(content, 'utf8'), this.options.privateKey).toString(
      'base64',
    );
    return { ...params, sign: signature };
  }

  readonly modes: PaymentModes = { desk: 'page', phone: 'wap', wechat: null, alipay: 'wap' };

  /**
   * A signed gateway URL the payer's browser opens: computer-website page pay (`alipay.trade.page.pay`,
   * FAST_INSTANT_TRADE_PAY) at a desk, phone-website pay (`alipay.trade.wap.pay`, QUICK_WAP_WAY, with `quit_url`
   * for the payer who leaves the cashier) on a phone. Both come back to `return_url` and notify `notify_url`.
   */
  // async so that a refused input rejects like a channel failure would, rather than throwing synchronously.
  async createPayment(input: CreatePaymentInput): Promise<CreatePaymentResult> {
    if (!OUT_TRADE_NO.test(input.orderNo))
      throw new Error(`order number ${input.orderNo} is not a valid out_trade_no`);
    if (!Number.isSafeInteger(input.amountFen) || input.amountFen <= 0)
      throw new Error('amount must be positive fen');
    if (input.mode !== 'page' && input.mode !== 'wap') throw new Error(`Alipay has no ${input.mode} mode`);
    const wap = input.mode === 'wap';
    // The documents forbid "/", "=" and "&" in the subject; 256 characters at most.
    const subject = Array.from(input.subject.replace(/[/=&]/g, ' ').trim()).slice(0, 256).join('');
    const params: Record<string, string> = {
      app_id: this.options.appId,
      method: wap ? ALIPAY_WAP_PAY_METHOD : ALIPAY_PAGE_PAY_METHOD,
      format: 'JSON',
      charset: 'utf-8',
      sign_type: 'RSA2',
      timestamp: formatChinaTime(this.clock.now()),
      version: '1.0',
      notify_url: input.notifyUrl,
      return_url: input.returnUrl,
      biz_content: JSON.stringify({
        out_trade_no: input.orderNo,
        product_code: wap ? 'QUICK_WAP_WAY' : 'FAST_INSTANT_TRADE_PAY',
        total_amount: fenToYuan(input.amountFen),
        subject,
        time_expire: formatChinaTime(input.expiresAt),
        ...(wap ? { quit_url: input.returnUrl } : {}),
      }),
    };
    const query = Object.entries(this.signed(params))
      .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
      .join('&');
    const separator = this.gateway.includes('?') ? '&' : '?';
    return { payUrl: `${this.gateway}${separator}${query}` };
  }

  /**
   * alipay.trade.close, server to server: a form POST of the signed common parameters to the gateway. The answer's
   * `sign` must verify (Alipay public key) over the exact `alipay_trade_close_response` text. code 10000 is closed;
   * ACQ.TRADE_NOT_EXIST means the payer never opened the payment page, so there is nothing to close. Anything else
   * (ACQ.TRADE_STATUS_ERROR: the trade is no longer waiting for payment, i.e. paid) is a refusal.
   */
  async closePayment(orderNo: string): Promise<void> {
    if (!OUT_TRADE_NO.test(orderNo))
      throw new PaymentChannelError('alipay', `order number ${orderNo} is not a valid out_trade_no`);
    const params = this.signed({
      app_id: this.options.appId,
      method: ALIPAY_TRADE_CLOSE_METHOD,
      format: 'JSON',
      charset: 'utf-8',
      sign_type: 'RSA2',
      timestamp: formatChinaTime(this.clock.now()),
      version: '1.0',
      biz_content: JSON.stringify({ out_trade_no: orderNo }),
    });
    let status: number;
    let text: string;
    try {
      const response = await this.fetch(this.gateway, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded;charset=utf-8',
          Accept: 'application/json',
        },
        body: new URLSearchParams(params).toString(),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      status = response.status;
      text = await response.text();
    } catch (cause) {
      throw new PaymentChannelError('alipay', `trade close request failed: ${String(cause)}`, { cause });
    }
    if (status !== 200)
      throw new PaymentChannelError('alipay', `trade close answered HTTP ${status}: ${text.slice(0, 300)}`);
    const content = alipayResponseContent(text, 'alipay_trade_close_response');
    let signature: unknown;
    let result: { code?: unknown; msg?: unknown; sub_code?: unknown; sub_msg?: unknown } | undefined;
    try {
      const parsed = JSON.parse(text) as { sign?: unknown; alipay_trade_close_response?: typeof result };
      signature = parsed.sign;
      result = parsed.alipay_trade_close_response;
    } catch {
      throw new PaymentChannelError('alipay', `trade close answer is not JSON: ${text.slice(0, 300)}`);
    }
    if (content === undefined || !result) {
      throw new PaymentChannelError(
        'alipay',
        `trade close answer without alipay_trade_close_response: ${text.slice(0, 300)}`,
      );
    }
    let valid = false;
    try {
      valid =
        typeof signature === 'string' &&
        verify(
          'sha256',
          Buffer.from(content, 'utf8'),
          this.options.alipayPublicKey,
          Buffer.from(signature, 'base64'),
        );
    } catch {
      valid = false;
    }
    const summary =
      `${String(result.code)} ${String(result.sub_code ?? '')} ${String(result.sub_msg ?? result.msg ?? '')}`.trim();
    if (!valid)
      throw new PaymentChannelError('alipay', `trade close answer not signed by Alipay: ${summary}`);
    if (result.code === '10000') return;
    if (typeof result.sub_code === 'string' && CLOSE_NOTHING_CODES.has(result.sub_code)) return;
    throw new PaymentChannelError('alipay', `trade close refused: ${summary}`, {
      tradePaid: typeof result.sub_code === 'string' && CLOSE_NOT_WAITING_CODES.has(result.sub_code),
    });
  }

  verifyNotification(notification: IncomingNotification): Promise<VerifiedNotification> {
    return Promise.resolve().then(() => this.verify(notification));
  }

  acknowledge(ok: boolean): NotificationAck {
    return { status: 200, contentType: 'text/plain; charset=utf-8', body: ok ? 'success' : 'failure' };
  }

  private verify(notification: IncomingNotification): VerifiedNotification {
    const contentType = (notification.contentType ?? '').toLowerCase();
    if (contentType && !contentType.startsWith('application/x-www-form-urlencoded')) {
      throw new PaymentNotificationError(`unexpected content type ${contentType}`, 'format');
    }
    const params: Record<string, string> = {};
    for (const [key, value] of new URLSearchParams(notification.rawBody)) {
      if (Object.hasOwn(params, key))
        throw new PaymentNotificationError(`parameter ${key} repeated`, 'format');
      params[key] = value;
    }
    const { sign: signature, sign_type: signType, ...signed } = params;
    if (!signature) throw new PaymentNotificationError('unsigned notification', 'signature');
    if (signType !== 'RSA2')
      throw new PaymentNotificationError(`unsupported sign_type ${String(signType)}`, 'signature');
    let valid = false;
    try {
      const content = alipaySignContent(signed, { skipEmpty: false });
      valid = verify(
        'sha256',
        Buffer.from(content, 'utf8'),
        this.options.alipayPublicKey,
        Buffer.from(signature, 'base64'),
      );
    } catch {
      valid = false;
    }
    if (!valid)
      throw new PaymentNotificationError('signature does not verify with the Alipay public key', 'signature');

    if (signed.app_id !== this.options.appId) {
      throw new PaymentNotificationError(`notification for app ${String(signed.app_id)}`, 'merchant');
    }
    const {
      out_trade_no: orderNo,
      trade_no: tradeNo,
      trade_status: status,
      total_amount: totalAmount,
    } = signed;
    if (!orderNo || !tradeNo || !status || totalAmount === undefined) {
      throw new PaymentNotificationError(
        'notification lacks order number, trade number, status or amount',
        'format',
      );
    }
    const amountFen = yuanToFen(totalAmount);
    if (amountFen === undefined)
      throw new PaymentNotificationError(`malformed total_amount ${totalAmount}`, 'format');
    const paid = status === 'TRADE_SUCCESS' || status === 'TRADE_FINISHED';
    const paidAt = signed.gmt_payment ? parseChinaTime(signed.gmt_payment) : undefined;
    if (paid && !paidAt)
      throw new PaymentNotificationError('paid notification without a valid gmt_payment', 'format');
    const fallback = signed.notify_time ? parseChinaTime(signed.notify_time) : undefined;
    return {
      orderNo,
      amountFen,
      paid,
      channelTradeNo: tradeNo,
      paidAt: paidAt ?? fallback ?? this.clock.now(),
      merchantId: signed.app_id,
    };
  }
}
