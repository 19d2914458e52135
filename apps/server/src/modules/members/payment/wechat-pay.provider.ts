import { createDecipheriv, randomBytes, sign, verify, type KeyObject } from 'node:crypto';
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
import type { JsapiBridgeParams } from '@app/contracts';
import { PaymentChannelError } from './payment-channel-error';
import { formatChinaRfc3339, headerOf, parseRfc3339 } from './channel-utils';

/**
 * WeChat Pay API v3: Native (the payer scans a QR code), H5 (a phone browser opens h5_url) and JSAPI (inside
 * WeChat, WeixinJSBridge with the payer's openid) payment, from the public API documents:
 * - request signing: `WECHATPAY2-SHA256-RSA2048` Authorization over "METHOD\nPATH\nTIMESTAMP\nNONCE\nBODY\n"
 *   with the merchant API private key;
 * - answer and notification signing: Wechatpay-Timestamp/-Nonce/-Signature/-Serial over
 *   "TIMESTAMP\nNONCE\nBODY\n", checked with the WeChat Pay platform public key, 5 minutes of clock skew at most;
 * - notification resource: AEAD_AES_256_GCM with the APIv3 key, the 16-byte tag at the end of the ciphertext.
 */
export interface WechatPayOptions {
  mchId: string;
  appId: string;
  /** 32-byte APIv3 key. */
  apiV3Key: string;
  /** Serial number of the merchant API certificate that matches `privateKey`. */
  mchSerialNo: string;
  privateKey: KeyObject;
  platformPublicKey: KeyObject;
  /** Expected Wechatpay-Serial: platform certificate serial number or public key id (PUB_KEY_ID_...). */
  platformSerialNo: string;
  fetch?: typeof fetch;
  clock?: Clock;
  /** Request nonce source (tests fix it). */
  nonce?: () => string;
  /** Defaults to https://api.mch.weixin.qq.com. */
  apiBase?: string;
  /** Gives up on a create-order call after this long (default 10 s). */
  timeoutMs?: number;
}

export const WECHAT_NATIVE_ORDER_PATH = '/v3/pay/transactions/native';
export const WECHAT_H5_ORDER_PATH = '/v3/pay/transactions/h5';
export const WECHAT_JSAPI_ORDER_PATH = '/v3/pay/transactions/jsapi';

/** What the JSAPI paySign covers: `appId\ntimeStamp\nnonceStr\npackage\n`. */
export function jsapiSignContent(p: { appId: string; timeStamp: string; nonceStr: string; package: string }): string {
  return `${p.appId}\n${p.timeStamp}\n${p.nonceStr}\n${p.package}\n`;
}
const SIGNATURE_TYPE = 'WECHATPAY2-SHA256-RSA2048';
/** Largest tolerated distance between a signed timestamp and our clock. */
export const WECHAT_MAX_SKEW_SECONDS = 300;
const OUT_TRADE_NO = /^[0-9A-Za-z_\-*]{6,32}$/;
/** Close-order answers after which the order cannot be paid: never created at WeChat Pay, or already closed. */
const CLOSED_CODES = new Set(['ORDER_NOT_EXIST', 'ORDERNOTEXIST', 'ORDER_CLOSED', 'ORDERCLOSED']);
/** Close-order answers saying the payer already paid. */
const PAID_CODES = new Set(['ORDERPAID', 'ORDER_PAID', 'TRADE_SUCCESS']);

/** Path of the close-order call for one of our order numbers. */
export const wechatCloseOrderPath = (orderNo: string) => `/v3/pay/transactions/out-trade-no/${orderNo}/close`;

/** The code and message of a WeChat Pay error answer ({"code","message"}), when it is one. */
function errorOf(text: string): { code?: string; message: string } {
  try {
    const err = JSON.parse(text) as { code?: unknown; message?: unknown };
    return {
      code: typeof err.code === 'string' ? err.code : undefined,
      message: typeof err.message === 'string' ? err.message : '',
    };
  } catch {
    return { message: '' };
  }
}

function randomNonce(): string {
  return randomBytes(16).toString('hex').toUpperCase();
}

export class WechatPayProvider implements PaymentProvider {
  readonly channel = 'wechat' as const;
  private readonly fetch: typeof fetch;
  private readonly clock: Clock;
  private readonly nonce: () => string;
  private readonly apiBase: string;
  private readonly timeoutMs: number;
  private readonly aesKey: Buffer;

  constructor(private readonly options: WechatPayOptions) {
    this.fetch = options.fetch ?? globalThis.fetch;
    this.clock = options.clock ?? systemClock;
    this.nonce = options.nonce ?? randomNonce;
    this.apiBase = (options.apiBase ?? 'https://api.mch.weixin.qq.com').replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.aesKey = Buffer.from(options.apiV3Key, 'utf8');
    if (this.aesKey.length !== 32) throw new Error('WeChat Pay APIv3 key must be exactly 32 bytes');
  }

  readonly modes: PaymentModes = { desk: 'native', phone: 'h5', wechat: 'jsapi', alipay: null };

  /**
   * Places the order at WeChat Pay in the input's mode: Native answers a `code_url` (QR code), H5 an `h5_url` the
   * phone browser opens (with `redirect_url` back to our order page added, as the H5 documents say), JSAPI a
   * `prepay_id` that becomes the signed WeixinJSBridge parameters. The answer's signature is checked in every mode.
   */
  async createPayment(input: CreatePaymentInput): Promise<CreatePaymentResult> {
    if (!OUT_TRADE_NO.test(input.orderNo))
      throw new Error(`order number ${input.orderNo} is not a valid out_trade_no`);
    if (!Number.isSafeInteger(input.amountFen) || input.amountFen <= 0)
      throw new Error('amount must be positive fen');
    const payload: Record<string, unknown> = {
      appid: this.options.appId,
      mchid: this.options.mchId,
      description: Array.from(input.subject).slice(0, 127).join(''),
      out_trade_no: input.orderNo,
      time_expire: formatChinaRfc3339(input.expiresAt),
      notify_url: input.notifyUrl,
      amount: { total: input.amountFen, currency: 'CNY' },
    };
    switch (input.mode) {
      case 'native': {
        if (input.clientIp) payload.scene_info = { payer_client_ip: input.clientIp };
        const codeUrl = await this.placeOrder(WECHAT_NATIVE_ORDER_PATH, payload, 'native order', 'code_url');
        if (!codeUrl.startsWith('weixin://'))
          throw new PaymentChannelError('wechat', 'native order answer has no code_url');
        return { qrContent: codeUrl };
      }
      case 'h5': {
        if (!input.clientIp) throw new Error('H5 payment needs the payer IP');
        payload.scene_info = { payer_client_ip: input.clientIp, h5_info: { type: 'Wap' } };
        const h5Url = await this.placeOrder(WECHAT_H5_ORDER_PATH, payload, 'H5 order', 'h5_url');
        if (!h5Url.startsWith('https://'))
          throw new PaymentChannelError('wechat', 'H5 order answer has no https h5_url');
        const separator = h5Url.includes('?') ? '&' : '?';
        return { payUrl: `${h5Url}${separator}redirect_url=${encodeURIComponent(input.returnUrl)}` };
      }
      case 'jsapi': {
        if (!input.payerOpenid) throw new Error('JSAPI payment needs the payer openid');
        payload.payer = { openid: input.payerOpenid };
        if (input.clientIp) payload.scene_info = { payer_client_ip: input.clientIp };
        const prepayId = await this.placeOrder(WECHAT_JSAPI_ORDER_PATH, payload, 'JSAPI order', 'prepay_id');
        return { jsapi: this.bridgeParams(prepayId) };
      }
      default:
        throw new Error(`WeChat Pay has no ${input.mode} mode`);
    }
  }

  /**
   * The WeixinJSBridge getBrandWCPayRequest parameters of a prepay id: paySign is RSA-SHA256 with the merchant API
   * private key over `appId\ntimeStamp\nnonceStr\npackage\n` (JSAPI 调起支付签名).
   */
  bridgeParams(prepayId: string): JsapiBridgeParams {
    const params = {
      appId: this.options.appId,
      timeStamp: String(Math.floor(this.clock.now().getTime() / 1000)),
      nonceStr: this.nonce(),
      package: `prepay_id=${prepayId}`,
    };
    return { ...params, signType: 'RSA', paySign: this.rsaSign(jsapiSignContent(params)) };
  }

  /** A signed create-order POST; answers the named string field of the (signature-checked) answer. */
  private async placeOrder(path: string, payload: object, what: string, field: string): Promise<string> {
    const { status, headers, text } = await this.post(path, JSON.stringify(payload), what);
    if (status < 200 || status > 299) {
      const err = errorOf(text);
      const reason = err.code ? `${err.code}: ${err.message}` : text.slice(0, 300);
      throw new PaymentChannelError('wechat', `${what} answered HTTP ${status}: ${reason}`);
    }
    const problem = this.signatureProblem(headers, text);
    if (problem) throw new PaymentChannelError('wechat', `${what} answer rejected: ${problem}`);
    let value: unknown;
    try {
      value = (JSON.parse(text) as Record<string, unknown>)[field];
    } catch {
      value = undefined;
    }
    if (typeof value !== 'string' || !value)
      throw new PaymentChannelError('wechat', `${what} answer has no ${field}`);
    return value;
  }

  /**
   * Close order (关闭订单): POST /v3/pay/transactions/out-trade-no/{out_trade_no}/close with {"mchid"}, signed like
   * the create request. 204 (signed) is closed. A signed ORDER_NOT_EXIST (never created here, e.g. the create call
   * failed) or ORDER_CLOSED answer means nothing can be paid either; ORDERPAID means the payer already paid.
   */
  async closePayment(orderNo: string): Promise<void> {
    if (!OUT_TRADE_NO.test(orderNo))
      throw new PaymentChannelError('wechat', `order number ${orderNo} is not a valid out_trade_no`);
    const path = wechatCloseOrderPath(orderNo);
    const { status, headers, text } = await this.post(
      path,
      JSON.stringify({ mchid: this.options.mchId }),
      'close order',
    );
    const problem = this.signatureProblem(headers, text);
    if (problem)
      throw new PaymentChannelError('wechat', `close order answer (HTTP ${status}) rejected: ${problem}`);
    if (status === 204) return;
    const err = errorOf(text);
    if (err.code && CLOSED_CODES.has(err.code)) return;
    const paid = err.code !== undefined && PAID_CODES.has(err.code);
    throw new PaymentChannelError(
      'wechat',
      `close order answered HTTP ${status}: ${err.code ?? text.slice(0, 300)} ${err.message}`.trim(),
      {
        tradePaid: paid,
      },
    );
  }

  async verifyNotification(notification: IncomingNotification): Promise<VerifiedNotification> {
    const problem = this.signatureProblem(notification.headers, notification.rawBody);
    if (problem) throw new PaymentNotificationError(problem, 'signature');

    let envelope: {
      event_type?: unknown;
      resource_type?: unknown;
      create_time?: unknown;
      resource?: {
        algorithm?: unknown;
        ciphertext?: unknown;
        associated_data?: unknown;
        nonce?: unknown;
        original_type?: unknown;
      };
    };
    try {
      envelope = JSON.parse(notification.rawBody) as typeof envelope;
    } catch {
      throw new PaymentNotificationError('body is not JSON', 'format');
    }
    const resource = envelope.resource;
    if (
      envelope.resource_type !== 'encrypt-resource' ||
      !resource ||
      resource.algorithm !== 'AEAD_AES_256_GCM' ||
      resource.original_type !== 'transaction' ||
      typeof resource.ciphertext !== 'string' ||
      typeof resource.nonce !== 'string' ||
      (resource.associated_data !== undefined && typeof resource.associated_data !== 'string')
    ) {
      throw new PaymentNotificationError('not an encrypted transaction notification', 'format');
    }

    let plain: string;
    try {
      plain = this.decrypt(
        resource.ciphertext,
        resource.nonce,
        (resource.associated_data as string | undefined) ?? '',
      );
    } catch {
      throw new PaymentNotificationError('resource does not decrypt with the APIv3 key', 'signature');
    }

    let tx: {
      appid?: unknown;
      mchid?: unknown;
      out_trade_no?: unknown;
      transaction_id?: unknown;
      trade_state?: unknown;
      success_time?: unknown;
      amount?: { total?: unknown; currency?: unknown };
    };
    try {
      tx = JSON.parse(plain) as typeof tx;
    } catch {
      throw new PaymentNotificationError('resource is not JSON', 'format');
    }
    if (tx.mchid !== this.options.mchId) {
      throw new PaymentNotificationError(`notification for merchant ${String(tx.mchid)}`, 'merchant');
    }
    if (tx.appid !== this.options.appId) {
      throw new PaymentNotificationError(`notification for app ${String(tx.appid)}`, 'merchant');
    }
    const total = tx.amount?.total;
    if (
      typeof tx.out_trade_no !== 'string' ||
      !tx.out_trade_no ||
      typeof tx.transaction_id !== 'string' ||
      !tx.transaction_id ||
      typeof tx.trade_state !== 'string' ||
      typeof total !== 'number' ||
      !Number.isSafeInteger(total) ||
      total < 0 ||
      (tx.amount?.currency !== undefined && tx.amount.currency !== 'CNY')
    ) {
      throw new PaymentNotificationError(
        'transaction lacks order number, transaction id, state or amount',
        'format',
      );
    }
    const paid = tx.trade_state === 'SUCCESS';
    let paidAt: Date | undefined;
    if (typeof tx.success_time === 'string') paidAt = parseRfc3339(tx.success_time);
    if (paid && !paidAt)
      throw new PaymentNotificationError('paid transaction without a valid success_time', 'format');
    if (!paidAt && typeof envelope.create_time === 'string') paidAt = parseRfc3339(envelope.create_time);

    return {
      orderNo: tx.out_trade_no,
      // amount.total is what the order charged (coupons included); payer_total can be lower with a coupon.
      amountFen: total,
      paid,
      channelTradeNo: tx.transaction_id,
      paidAt: paidAt ?? this.clock.now(),
      merchantId: tx.mchid,
    };
  }

  acknowledge(ok: boolean): NotificationAck {
    return ok
      ? {
          status: 200,
          contentType: 'application/json',
          body: JSON.stringify({ code: 'SUCCESS', message: '成功' }),
        }
      : {
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ code: 'FAIL', message: '失败' }),
        };
  }

  /** The Authorization header value of a request (exported through the class for the fixture tests). */
  authorization(method: string, pathWithQuery: string, body: string): string {
    const timestamp = String(Math.floor(this.clock.now().getTime() / 1000));
    const nonce = this.nonce();
    const signature = this.rsaSign(`${method}\n${pathWithQuery}\n${timestamp}\n${nonce}\n${body}\n`);
    return (
      `${SIGNATURE_TYPE} mchid="${this.options.mchId}",nonce_str="${nonce}",signature="${signature}",` +
      `timestamp="${timestamp}",serial_no="${this.options.mchSerialNo}"`
    );
  }

  /** SHA256withRSA with the merchant API private key, base64: request signatures and the JSAPI paySign. */
  private rsaSign(message: string): string {
    return sign('sha256', Buffer.from(message, 'utf8'), this.options.privateKey).toString('base64');
  }

  /** A signed JSON POST to the API; a network failure or timeout becomes a PaymentChannelError. */
  private async post(
    path: string,
    body: string,
    what: string,
  ): Promise<{ status: number; headers: Record<string, string>; text: string }> {
    const authorization = this.authorization('POST', path, body);
    try {
      const response = await this.fetch(`${this.apiBase}${path}`, {
        method: 'POST',
        headers: {
          Authorization: authorization,
          Accept: 'application/json',
          'Content-Type': 'application/json',
          'User-Agent': 'finance-talent-server/1.0',
        },
        body,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      const text = await response.text();
      return { status: response.status, headers: Object.fromEntries(response.headers.entries()), text };
    } catch (cause) {
      throw new PaymentChannelError('wechat', `${what} request failed: ${String(cause)}`, { cause });
    }
  }

  /** Why a signed answer or notification is not genuine, or undefined when it is. */
  private signatureProblem(
    headers: Record<string, string | string[] | undefined>,
    body: string,
  ): string | undefined {
    const timestamp = headerOf(headers, 'Wechatpay-Timestamp');
    const nonce = headerOf(headers, 'Wechatpay-Nonce');
    const signature = headerOf(headers, 'Wechatpay-Signature');
    const serial = headerOf(headers, 'Wechatpay-Serial');
    const signatureType = headerOf(headers, 'Wechatpay-Signature-Type');
    if (!timestamp || !nonce || !signature || !serial) return 'missing Wechatpay signature headers';
    if (signatureType !== undefined && signatureType !== SIGNATURE_TYPE)
      return `unsupported signature type ${signatureType}`;
    if (serial !== this.options.platformSerialNo) return `unknown platform serial ${serial}`;
    if (!/^\d{1,12}$/.test(timestamp)) return 'malformed Wechatpay-Timestamp';
    const skew = Math.abs(this.clock.now().getTime() / 1000 - Number(timestamp));
    if (skew > WECHAT_MAX_SKEW_SECONDS)
      return `timestamp ${timestamp} is ${Math.round(skew)} s off the clock`;
    const message = Buffer.from(`${timestamp}\n${nonce}\n${body}\n`, 'utf8');
    let valid = false;
    try {
      valid = verify('sha256', message, this.options.platformPublicKey, Buffer.from(signature, 'base64'));
    } catch {
      valid = false;
    }
    return valid ? undefined : 'signature does not verify with the platform public key';
  }

  private decrypt(ciphertextB64: string, nonce: string, associatedData: string): string {
    const data = Buffer.from(ciphertextB64, 'base64');
    if (data.length <= 16) throw new Error('ciphertext too short');
    const decipher = createDecipheriv('aes-256-gcm', this.aesKey, Buffer.from(nonce, 'utf8'), {
      authTagLength: 16,
    });
    decipher.setAuthTag(data.subarray(data.length - 16));
    decipher.setAAD(Buffer.from(associatedData, 'utf8'));
    return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString(
      'utf8',
    );
  }
}
