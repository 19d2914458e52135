/**
 * What kind of browser sent a request, from its User-Agent: the payment channel (Native QR or page pay at a desk,
 * H5 / wap on a phone browser, JSAPI inside WeChat) and WeChat's sign-in depend on it.
 *
 * - `wechat`: WeChat's built-in browser (`MicroMessenger`), on a phone or WeChat for Windows/Mac;
 * - `alipay`: Alipay's built-in browser (`AlipayClient`);
 * - `phone`: any other phone or tablet browser;
 * - `desk`: everything else (and no User-Agent at all).
 */
export type ClientKind = 'desk' | 'phone' | 'wechat' | 'alipay';

const PHONE_UA = /Android|iPhone|iPad|iPod|Mobile|HarmonyOS|OpenHarmony|Windows Phone/i;

export function clientKindOf(userAgent: string | undefined | null): ClientKind {
  const ua = userAgent ?? '';
  if (/MicroMessenger/i.test(ua)) return 'wechat';
  if (/AlipayClient/i.test(ua)) return 'alipay';
  if (PHONE_UA.test(ua)) return 'phone';
  return 'desk';
}
