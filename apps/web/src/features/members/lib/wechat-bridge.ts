import type { JsapiBridgeParams } from '@app/contracts';

/** WeChat's in-browser bridge (only inside WeChat's browser). */
interface WeixinJSBridge {
  invoke(name: 'getBrandWCPayRequest', params: JsapiBridgeParams, callback: (res: { err_msg?: string }) => void): void;
}

declare global {
  interface Window {
    WeixinJSBridge?: WeixinJSBridge;
  }
}

/** What became of a JSAPI payment, from the payer's side (the order's state still comes from the server). */
export type BridgeOutcome = 'ok' | 'cancel' | 'fail';

/** How long to wait for WeChat to inject its bridge into the page before calling the payment failed. */
const BRIDGE_READY_WAIT_MS = 5_000;

function bridgeReady(): Promise<WeixinJSBridge | undefined> {
  if (window.WeixinJSBridge) return Promise.resolve(window.WeixinJSBridge);
  return new Promise((resolve) => {
    const done = () => {
      document.removeEventListener('WeixinJSBridgeReady', done);
      clearTimeout(timer);
      resolve(window.WeixinJSBridge);
    };
    const timer = setTimeout(done, BRIDGE_READY_WAIT_MS);
    document.addEventListener('WeixinJSBridgeReady', done, false);
  });
}

/**
 * Opens WeChat's payment sheet with the server's signed parameters (`getBrandWCPayRequest`). "ok" only means the
 * payer finished in WeChat; the page still waits for the server to receive WeChat Pay's notification.
 */
export async function invokeWechatPay(params: JsapiBridgeParams): Promise<BridgeOutcome> {
  const bridge = await bridgeReady();
  if (!bridge) return 'fail';
  return new Promise((resolve) => {
    bridge.invoke('getBrandWCPayRequest', params, (res) => {
      const msg = res.err_msg ?? '';
      resolve(msg.endsWith(':ok') ? 'ok' : msg.endsWith(':cancel') ? 'cancel' : 'fail');
    });
  });
}
