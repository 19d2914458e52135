/** What a WeChat authorisation is for: bind the account, sign in with a bound WeChat, or learn the payer's openid. */
export const WECHAT_PURPOSES = ['bind', 'login', 'pay'] as const;
export type WechatPurpose = (typeof WECHAT_PURPOSES)[number];

/** How long a started authorisation (its `state`) may take before it is refused, ms. */
export const WECHAT_STATE_TTL_MS = 10 * 60_000;
/** How long the one-time sign-in ticket handed to /login lives, ms. */
export const WECHAT_TICKET_TTL_MS = 2 * 60_000;

/**
 * Outcome codes the callback appends to the page it returns to (`wechat_error=` / `wechat=`); the page shows the
 * Chinese text of `wechatMessages.outcome`.
 */
export const WECHAT_OUTCOMES = ['bound', 'payer', 'not_bound', 'taken', 'already_bound', 'denied', 'failed', 'session'] as const;
export type WechatOutcome = (typeof WECHAT_OUTCOMES)[number];

export const wechatMessages = {
  disabled: '本站未开通微信功能',
  stateInvalid: '微信授权请求无效或已使用，请返回重新操作',
  ticketInvalid: '微信登录已过期，请重新登录',
  redirectInvalid: '跳转地址无效',
  urlInvalid: '请提供当前页面的完整网址',
  notBoundNow: '当前账号未绑定微信',
  unbound: '已解除微信绑定',
  upstreamFailed: '微信服务暂时不可用，请稍后再试',
  outcome: {
    bound: '微信绑定成功',
    payer: '已获取微信支付身份',
    not_bound: '该微信尚未绑定本站账号，请先用手机号登录，再到「账号设置」绑定微信',
    taken: '该微信已绑定其他账号，请先在那个账号中解除绑定',
    already_bound: '当前账号已绑定微信，如需更换请先解除绑定',
    denied: '您取消了微信授权',
    failed: '微信授权失败，请稍后重试',
    session: '登录状态已变化，请重新登录后再绑定微信',
  } satisfies Record<WechatOutcome, string>,
} as const;

/** The Chinese text of an outcome code from the URL; null for anything else. */
export function wechatOutcomeText(code: string | null | undefined): string | null {
  return code && (WECHAT_OUTCOMES as readonly string[]).includes(code)
    ? wechatMessages.outcome[code as WechatOutcome]
    : null;
}
