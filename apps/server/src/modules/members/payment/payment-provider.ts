/**
 * What the orders flow needs from a payment channel. The sandbox provider (default) and the WeChat Pay / Alipay
 * adapters implement it; config picks one. Amounts are integer fen (1 yuan = 100 fen) everywhere in this module.
 */
import type { JsapiBridgeParams } from '@app/contracts';
import type { ClientKind } from '../../../lib/client-kind';

export type PaymentChannel = 'sandbox' | 'wechat' | 'alipay';

/**
 * How a channel collects one payment: `native` (WeChat Pay QR code), `page` (Alipay computer page pay), `h5`
 * (WeChat Pay in a phone browser), `wap` (Alipay phone-website pay), `jsapi` (WeChat Pay inside WeChat).
 */
export type PaymentMode = 'native' | 'page' | 'h5' | 'wap' | 'jsapi';

/** The mode a channel uses for each kind of browser; null where it cannot collect there (Alipay inside WeChat). */
export type PaymentModes = Readonly<Record<ClientKind, PaymentMode | null>>;

export interface CreatePaymentInput {
  /** Our order number (out_trade_no): unique, 32 characters at most, [0-9A-Za-z_-]. */
  orderNo: string;
  /** Amount to charge, in fen, computed by the server from its own price list. */
  amountFen: number;
  /** Short description shown in the payer's wallet (course title, membership plan name). */
  subject: string;
  /** Absolute URL of our notify endpoint for this channel. */
  notifyUrl: string;
  /** Absolute URL the payer's browser returns to after paying (page-pay channels). */
  returnUrl: string;
  /** The order stops accepting payment at this time (30 minutes after creation). */
  expiresAt: Date;
  /** Payer's IP, when the channel wants it (WeChat Pay H5 requires it). */
  clientIp?: string;
  /** One of the channel's `modes`. */
  mode: PaymentMode;
  /** The payer's openid under the channel's app (JSAPI only). */
  payerOpenid?: string;
}

export interface CreatePaymentResult {
  /** Text to render as a QR code for the payer to scan (WeChat `code_url`, sandbox cashier URL). */
  qrContent?: string;
  /** URL to open in the browser to pay (Alipay page or wap pay, WeChat Pay H5's h5_url, sandbox cashier). */
  payUrl?: string;
  /** Signed WeixinJSBridge getBrandWCPayRequest parameters (JSAPI). */
  jsapi?: JsapiBridgeParams;
}

/** A notification exactly as it reached the notify endpoint: the raw body is what the signature covers. */
export interface IncomingNotification {
  headers: Record<string, string | string[] | undefined>;
  rawBody: string;
  contentType: string | undefined;
}

/** A notification whose signature checked out, decoded into our terms. */
export interface VerifiedNotification {
  orderNo: string;
  /** Amount the payer actually paid, in fen. */
  amountFen: number;
  /** True only for a successful payment (WeChat SUCCESS, Alipay TRADE_SUCCESS/TRADE_FINISHED). */
  paid: boolean;
  /** The channel's own transaction number. */
  channelTradeNo: string;
  paidAt: Date;
  /** Channel-side identity the notification claims to be for (mchid / app_id), already checked against config. */
  merchantId: string;
}

/** Thrown by `verifyNotification` for anything that is not a genuine notification for our merchant. */
export class PaymentNotificationError extends Error {
  constructor(
    message: string,
    /** 'signature' (forged, unsigned, tampered, stale), 'merchant' (another merchant or app), 'format'. */
    readonly reason: 'signature' | 'merchant' | 'format',
  ) {
    super(message);
    this.name = 'PaymentNotificationError';
  }
}

/** What to answer the channel with, so it stops (ok) or keeps (not ok) retrying. */
export interface NotificationAck {
  status: number;
  contentType: string;
  body: string;
}

export interface PaymentProvider {
  readonly channel: PaymentChannel;
  /** Which mode serves each kind of browser. */
  readonly modes: PaymentModes;
  /** Starts a payment with the channel (a network call for real channels) and says how the payer pays. */
  createPayment(input: CreatePaymentInput): Promise<CreatePaymentResult>;
  /** Checks the signature (and timestamp where the channel signs one) and decodes; throws PaymentNotificationError. */
  verifyNotification(notification: IncomingNotification): Promise<VerifiedNotification>;
  /** The reply body the channel expects after we processed (ok) or refused (not ok) a notification. */
  acknowledge(ok: boolean): NotificationAck;
  /**
   * Makes the order unpayable at the channel (WeChat Pay close order, Alipay alipay.trade.close; nothing for the
   * sandbox, whose cashier refuses an order that is no longer pending). Resolves when the channel confirmed the
   * trade is closed or was never created there; rejects with a PaymentChannelError when the trade is already paid
   * (`tradePaid`) or the channel could not be reached or gave no genuine answer. Safe to call twice.
   */
  closePayment(orderNo: string): Promise<void>;
}
