/** True inside WeChat's built-in browser (the same test as the server's `clientKindOf`). */
export function isWechatBrowser(userAgent: string = typeof navigator === 'undefined' ? '' : navigator.userAgent): boolean {
  return /MicroMessenger/i.test(userAgent);
}
