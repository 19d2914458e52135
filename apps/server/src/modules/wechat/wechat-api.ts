import { createHash, randomBytes } from 'node:crypto';
import type { WechatConfig } from '../../config/config';

type EnabledConfig = Extract<WechatConfig, { mode: 'wechat' | 'sandbox' }>;

/** What WeChat answers for an authorisation code (sns/oauth2/access_token, and sns/userinfo when granted). */
export interface WechatIdentity {
  openid: string;
  unionid: string | null;
  nickname: string | null;
  avatarUrl: string | null;
}

/** A credential with its lifetime in seconds (access_token, jsapi_ticket). */
export interface ExpiringValue {
  value: string;
  expiresIn: number;
}

/** WeChat refused a call (errcode) or could not be reached. `errcode` 40001/42001: the access_token is no longer valid. */
export class WechatApiError extends Error {
  constructor(
    message: string,
    readonly errcode: number | null = null,
  ) {
    super(message);
    this.name = 'WechatApiError';
  }
}

/**
 * The calls to WeChat, behind one interface so the development stand-in and tests (recorded answers) replace
 * them: the authorise page URL, code -> identity, and the official account's access_token and jsapi_ticket.
 */
export interface WechatApi {
  readonly appId: string;
  authorizeUrl(input: { redirectUri: string; scope: 'snsapi_base' | 'snsapi_userinfo'; state: string }): string;
  identityOf(code: string, withUserInfo: boolean): Promise<WechatIdentity>;
  accessToken(): Promise<ExpiringValue>;
  jsapiTicket(accessToken: string): Promise<ExpiringValue>;
}

type Fetch = (url: string, init?: { signal?: AbortSignal }) => Promise<{ ok: boolean; status: number; json(): Promise<unknown> }>;

const TIMEOUT_MS = 8_000;

/** The real client: open.weixin.qq.com for the authorise page, `apiBaseUrl` (api.weixin.qq.com) for the calls. */
export function createWechatHttpApi(config: EnabledConfig, fetchImpl: Fetch = fetch): WechatApi {
  const base = config.apiBaseUrl;

  async function get(path: string, params: Record<string, string>): Promise<Record<string, unknown>> {
    const url = `${base}${path}?${new URLSearchParams(params).toString()}`;
    let res;
    try {
      res = await fetchImpl(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch (err) {
      throw new WechatApiError(`WeChat ${path} unreachable: ${(err as Error).message}`);
    }
    if (!res.ok) throw new WechatApiError(`WeChat ${path} answered HTTP ${res.status}`);
    const body = (await res.json()) as Record<string, unknown>;
    const errcode = typeof body.errcode === 'number' ? body.errcode : 0;
    if (errcode !== 0) throw new WechatApiError(`WeChat ${path} errcode ${errcode}: ${String(body.errmsg ?? '')}`, errcode);
    return body;
  }

  const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);

  return {
    appId: config.appId,
    authorizeUrl({ redirectUri, scope, state }) {
      // WeChat requires these parameters in this order, and the #wechat_redirect fragment.
      return (
        'https://open.weixin.qq.com/connect/oauth2/authorize' +
        `?appid=${encodeURIComponent(config.appId)}&redirect_uri=${encodeURIComponent(redirectUri)}` +
        `&response_type=code&scope=${scope}&state=${encodeURIComponent(state)}#wechat_redirect`
      );
    },
    async identityOf(code, withUserInfo) {
      const token = await get('/sns/oauth2/access_token', {
        appid: config.appId,
        secret: config.appSecret,
        code,
        grant_type: 'authorization_code',
      });
      const openid = str(token.openid);
      // A Moments "snapshot page" visitor gets a virtual openid that belongs to nobody.
      if (!openid || token.is_snapshotuser === 1) throw new WechatApiError('WeChat gave no real openid');
      const identity: WechatIdentity = { openid, unionid: str(token.unionid), nickname: null, avatarUrl: null };
      const scope = String(token.scope ?? '');
      if (withUserInfo && scope.includes('snsapi_userinfo') && str(token.access_token)) {
        const info = await get('/sns/userinfo', { access_token: String(token.access_token), openid, lang: 'zh_CN' });
        identity.nickname = str(info.nickname);
        identity.avatarUrl = str(info.headimgurl);
        identity.unionid ??= str(info.unionid);
      }
      return identity;
    },
    async accessToken() {
      const body = await get('/cgi-bin/token', {
        grant_type: 'client_credential',
        appid: config.appId,
        secret: config.appSecret,
      });
      const value = str(body.access_token);
      if (!value) throw new WechatApiError('WeChat gave no access_token');
      return { value, expiresIn: Number(body.expires_in) || 7200 };
    },
    async jsapiTicket(accessToken) {
      const body = await get('/cgi-bin/ticket/getticket', { access_token: accessToken, type: 'jsapi' });
      const value = str(body.ticket);
      if (!value) throw new WechatApiError('WeChat gave no jsapi_ticket');
      return { value, expiresIn: Number(body.expires_in) || 7200 };
    },
  };
}

/** The development stand-in's test identities (a stable fake openid each). */
export const SANDBOX_IDENTITIES = [
  { key: 'jia', nickname: '测试微信用户甲' },
  { key: 'yi', nickname: '测试微信用户乙' },
  { key: 'bing', nickname: '测试微信用户丙' },
] as const;
export type SandboxIdentityKey = (typeof SANDBOX_IDENTITIES)[number]['key'];

/** Path of the stand-in's authorise page (served by this module outside production). */
export const SANDBOX_AUTHORIZE_PATH = '/api/wechat/sandbox/authorize';

/** The stable fake openid of a stand-in identity: 28 characters like WeChat's, different per AppID. */
export function sandboxOpenid(appId: string, key: string): string {
  return 'o' + createHash('sha256').update(`${appId}:${key}`).digest('base64url').slice(0, 27);
}

/** The code the stand-in page hands back for an identity (what WeChat's page would append to the redirect). */
export function sandboxCode(key: string): string {
  return `sbx.${key}.${randomBytes(9).toString('base64url')}`;
}

/**
 * The development stand-in: our own authorise page plays WeChat's, its code names a test identity, and the
 * official account's credentials are made up locally (still cached through the database like the real ones).
 */
export function createSandboxWechatApi(config: EnabledConfig): WechatApi {
  return {
    appId: config.appId,
    authorizeUrl({ redirectUri, scope, state }) {
      const q = new URLSearchParams({ appid: config.appId, redirect_uri: redirectUri, response_type: 'code', scope, state });
      return `${SANDBOX_AUTHORIZE_PATH}?${q.toString()}#wechat_redirect`;
    },
    async identityOf(code, withUserInfo) {
      const [, key] = /^sbx\.([a-z]+)\.[\w-]+$/.exec(code) ?? [];
      const identity = SANDBOX_IDENTITIES.find((i) => i.key === key);
      if (!identity) throw new WechatApiError('invalid code', 40029);
      return {
        openid: sandboxOpenid(config.appId, identity.key),
        unionid: null,
        nickname: withUserInfo ? identity.nickname : null,
        avatarUrl: null,
      };
    },
    async accessToken() {
      return { value: `sbx-token-${randomBytes(12).toString('base64url')}`, expiresIn: 7200 };
    },
    async jsapiTicket() {
      return { value: `sbx-ticket-${randomBytes(12).toString('base64url')}`, expiresIn: 7200 };
    },
  };
}
