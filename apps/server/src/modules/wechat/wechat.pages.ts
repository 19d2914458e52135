import { SANDBOX_IDENTITIES, sandboxCode } from './wechat-api';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const STYLE = `body{margin:0;font:16px/1.6 system-ui,-apple-system,"PingFang SC","Noto Sans CJK SC",sans-serif;background:#f2f2f2;color:#222}
main{max-width:420px;margin:0 auto;padding:32px 20px}h1{font-size:20px;margin:0 0 12px}p{margin:0 0 16px;color:#555}
a.btn{display:block;min-height:44px;line-height:44px;margin:0 0 12px;border-radius:8px;text-align:center;text-decoration:none;background:#07c160;color:#fff;font-weight:600}
a.btn--plain{background:#fff;color:#222;border:1px solid #ddd}.note{font-size:13px;color:#888}`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

/** The page a refused callback (forged, replayed or expired state) answers with. */
export function stateRefusedPage(message: string): string {
  return page('微信授权未完成', `<h1>微信授权未完成</h1><p>${escapeHtml(message)}</p><a class="btn btn--plain" href="/">返回首页</a>`);
}

/**
 * The development stand-in's authorise screen: what WeChat shows a user, with one "allow" per test identity (each a
 * stable fake openid) and a refusal. Each link goes to the callback exactly as WeChat's redirect would.
 */
export function sandboxAuthorizePage(input: { siteName: string; redirectUri: string; scope: string; state: string }): string {
  const target = (params: Record<string, string>) => {
    const url = new URL(input.redirectUri);
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    return escapeHtml(url.toString());
  };
  const asks = input.scope === 'snsapi_userinfo' ? '获取你的昵称、头像' : '获取你的身份标识（静默授权）';
  const allow = SANDBOX_IDENTITIES.map(
    (i) => `<a class="btn" href="${target({ code: sandboxCode(i.key), state: input.state })}">以「${escapeHtml(i.nickname)}」允许</a>`,
  ).join('');
  return page(
    '微信授权（开发替身）',
    `<h1>${escapeHtml(input.siteName)}</h1><p>申请${asks}</p>${allow}` +
      `<a class="btn btn--plain" href="${target({ state: input.state })}">拒绝</a>` +
      `<p class="note">开发环境的微信授权替身：每个测试身份对应一个固定的 openid。生产环境使用微信的授权页。</p>`,
  );
}
