import { AppError } from '../../../lib/app-error';
import type { PaymentChannel } from './payment-provider';

const CHANNEL_NAMES: Record<PaymentChannel, string> = {
  sandbox: '支付服务',
  wechat: '微信支付',
  alipay: '支付宝',
};

/**
 * A real channel refused or failed to start a payment (network error, non-2xx answer, unsigned or forged answer).
 * It is a 503 AppError, so left uncaught it already answers a Chinese envelope error; `detail` is the English
 * diagnostic for the log and never shown to the payer.
 */
export class PaymentChannelError extends AppError {
  /** Set by closePayment when the channel answered that the trade is already paid (so it cannot be closed). */
  readonly tradePaid: boolean;

  constructor(
    readonly channel: PaymentChannel,
    readonly detail: string,
    options?: { cause?: unknown; tradePaid?: boolean },
  ) {
    super(503, `${CHANNEL_NAMES[channel]}暂不可用，请稍后再试`);
    this.name = 'PaymentChannelError';
    this.tradePaid = options?.tradePaid ?? false;
    if (options?.cause !== undefined) (this as { cause?: unknown }).cause = options.cause;
  }
}
