import type { KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Config } from '../../../config/config';
import type { Clock } from '../../../lib/clock';
import type { PaymentProvider } from './payment-provider';
import { WechatPayProvider } from './wechat-pay.provider';
import { AlipayProvider } from './alipay.provider';
import { parsePrivateKey, parsePublicKey } from './channel-utils';

function readKey(file: string, what: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (cause) {
    throw new Error(`cannot read ${what} at ${file}`, { cause });
  }
}

/** The key in the file the setting `what` names; errors name the setting. */
function keyAt(kind: 'private' | 'public', file: string, what: string): KeyObject {
  const text = readKey(file, what);
  return kind === 'private' ? parsePrivateKey(text, what) : parsePublicKey(text, what);
}

/**
 * The payment channel config selects: the sandbox (default), WeChat Pay native or Alipay page pay.
 * Key files are read and parsed once, here, so a bad key stops the server at start rather than at the first order.
 */
export function createPaymentProvider(
  config: Config,
  deps: { sandbox: PaymentProvider; fetch?: typeof fetch; clock?: Clock },
): PaymentProvider {
  const payment = config.payment;
  switch (payment.provider) {
    case 'sandbox':
      return deps.sandbox;
    case 'wechat':
      return new WechatPayProvider({
        mchId: payment.mchId,
        appId: payment.appId,
        apiV3Key: payment.apiV3Key,
        mchSerialNo: payment.mchSerialNo,
        privateKey: keyAt('private', payment.privateKeyPath, 'WECHAT_PAY_PRIVATE_KEY_PATH'),
        platformPublicKey: keyAt('public', payment.platformPublicKeyPath, 'WECHAT_PAY_PLATFORM_PUBLIC_KEY_PATH'),
        platformSerialNo: payment.platformSerialNo,
        fetch: deps.fetch,
        clock: deps.clock,
      });
    case 'alipay':
      return new AlipayProvider({
        appId: payment.appId,
        privateKey: keyAt('private', payment.privateKeyPath, 'ALIPAY_PRIVATE_KEY_PATH'),
        alipayPublicKey: keyAt('public', payment.alipayPublicKeyPath, 'ALIPAY_PUBLIC_KEY_PATH'),
        gateway: payment.gateway,
        fetch: deps.fetch,
        clock: deps.clock,
      });
  }
}
