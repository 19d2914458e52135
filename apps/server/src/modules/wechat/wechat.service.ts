import { createHash, randomBytes } from 'node:crypto';
import {
  WECHAT_STATE_TTL_MS,
  WECHAT_TICKET_TTL_MS,
  wechatMessages,
  type LoginData,
  type WechatBindingData,
  type WechatJsConfigData,
  type WechatOutcome,
  type WechatPurpose,
} from '@app/contracts';
import { AppError } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth';
import type { Clock } from '../../lib/clock';
import type { Executor } from '../../db/sql';
import type { AccountSignIn } from '../auth';
import type { WechatApi } from './wechat-api';
import type { WechatCredentials } from './wechat-credentials';
import { wechatRepository as repo } from './wechat.repository';

/** Path of the authorisation callback (WeChat redirects the browser here; its host is the 网页授权域名). */
export const CALLBACK_PATH = '/api/wechat/oauth/callback';

const sha256 = (v: string) => createHash('sha256').update(v, 'utf8').digest('hex');

/** SHA-1 hex of the JS-SDK signature string (WeChat JS-SDK appendix 1): the four keys in ASCII order. */
export function jsSdkSignature(input: { ticket: string; nonceStr: string; timestamp: number; url: string }): string {
  const text = `jsapi_ticket=${input.ticket}&noncestr=${input.nonceStr}&timestamp=${input.timestamp}&url=${input.url}`;
  return createHash('sha1').update(text, 'utf8').digest('hex');
}

/** A forged, replayed or expired `state`: the callback answers a Chinese page instead of going anywhere. */
export class StateRefused extends Error {
  constructor() {
    super(wechatMessages.stateInvalid);
  }
}

/** `path` with query parameters added (path is a same-site path, possibly with its own query). */
function withQuery(path: string, params: Record<string, string>): string {
  const [base, query = ''] = path.split('?', 2) as [string, string?];
  const q = new URLSearchParams(query);
  for (const [k, v] of Object.entries(params)) q.set(k, v);
  return `${base}?${q.toString()}`;
}

export interface WechatServiceDeps {
  db: Executor;
  clock: Clock;
  /** null when WeChat is off: every call but `enabled` answers 404. */
  api: WechatApi | null;
  credentials: WechatCredentials | null;
  accounts: AccountSignIn;
  /** Ask for snsapi_userinfo when binding. */
  userInfo: boolean;
  publicBaseUrl: string;
  log: { warn(obj: object, msg: string): void };
  /** The Open Graph tags of a public page (declared here, wired in app.ts); none: pages share their title only. */
  openGraph?: OpenGraphSource | undefined;
}

/** The Open Graph title, description and image of the public page at a URL; null for a page without a record. */
export type OpenGraphSource = (url: URL) => Promise<{ title: string; description: string; image: string | null } | null>;

export function createWechatService(deps: WechatServiceDeps) {
  const { db, clock, accounts, log } = deps;
  const later = (ms: number) => new Date(clock.now().getTime() + ms);

  function on(): { api: WechatApi; credentials: WechatCredentials } {
    if (!deps.api || !deps.credentials) throw AppError.notFound(wechatMessages.disabled);
    return { api: deps.api, credentials: deps.credentials };
  }

  const loginPage = (redirect: string, params: Record<string, string>) =>
    withQuery('/login', { ...params, redirect });

  return {
    enabled: () => deps.api !== null,
    appId: () => deps.api?.appId ?? null,

    /**
     * Starts an authorisation: a random `state` (only its hash is stored) bound to the purpose, the page to return
     * to and, for bind and pay, the signed-in account and session. Returns the authorise page's URL.
     */
    async start(input: { purpose: WechatPurpose; redirect: string }, user: AuthUser | undefined): Promise<string> {
      const { api } = on();
      if (input.purpose !== 'login' && !user) throw new AppError(406);
      const state = randomBytes(24).toString('base64url');
      await repo.insertState(db, {
        stateHash: sha256(state),
        purpose: input.purpose,
        redirect: input.redirect,
        userId: input.purpose === 'login' ? null : user!.id,
        sessionId: input.purpose === 'login' ? null : user!.sessionId,
        now: clock.now(),
        expiresAt: later(WECHAT_STATE_TTL_MS),
      });
      return api.authorizeUrl({
        redirectUri: `${deps.publicBaseUrl}${CALLBACK_PATH}`,
        scope: input.purpose === 'bind' && deps.userInfo ? 'snsapi_userinfo' : 'snsapi_base',
        state,
      });
    },

    /**
     * The callback: uses the state once (StateRefused when unknown, used or expired), exchanges the code and acts
     * for its purpose. Returns the same-site location to send the browser to, with the outcome in its query.
     */
    async callback(query: { code?: string | undefined; state?: string | undefined }): Promise<string> {
      const { api } = on();
      if (!query.state) throw new StateRefused();
      const row = await repo.useState(db, sha256(query.state), clock.now());
      if (!row) throw new StateRefused();
      const purpose = row.purpose as WechatPurpose;
      const back = (outcome: WechatOutcome, error: boolean) =>
        purpose === 'login'
          ? loginPage(row.redirect, { wechat_error: outcome })
          : withQuery(row.redirect, error ? { wechat_error: outcome } : { wechat: outcome });
      if (!query.code) return back('denied', true);

      let identity;
      try {
        identity = await api.identityOf(query.code, purpose === 'bind' && deps.userInfo);
      } catch (err) {
        log.warn({ err, purpose }, 'wechat code exchange failed');
        return back('failed', true);
      }

      if (purpose === 'login') {
        const binding = await repo.bindingOfOpenid(db, api.appId, identity.openid);
        if (!binding) return back('not_bound', true);
        const ticket = randomBytes(24).toString('base64url');
        await repo.insertTicket(db, {
          ticketHash: sha256(ticket),
          userId: binding.userId,
          now: clock.now(),
          expiresAt: later(WECHAT_TICKET_TTL_MS),
        });
        return loginPage(row.redirect, { wechat_ticket: ticket });
      }

      // bind and pay act for the account that started them, while its session still stands.
      if (row.userId === null || row.sessionId === null || !(await accounts.sessionLive(row.sessionId)))
        return back('session', true);
      const userId = row.userId;

      if (purpose === 'pay') {
        await repo.upsertPayer(db, { userId, appId: api.appId, openid: identity.openid, now: clock.now() });
        return back('payer', false);
      }

      const holder = await repo.bindingOfOpenid(db, api.appId, identity.openid);
      if (holder) return holder.userId === userId ? back('bound', false) : back('taken', true);
      if (await repo.bindingOfUser(db, userId, api.appId)) return back('already_bound', true);
      const inserted = await repo.insertBinding(db, {
        userId,
        appId: api.appId,
        openid: identity.openid,
        unionid: identity.unionid,
        nickname: identity.nickname,
        avatarUrl: identity.avatarUrl,
        now: clock.now(),
      });
      if (!inserted) {
        // Lost a race with another bind of the same account or WeChat identity.
        const again = await repo.bindingOfOpenid(db, api.appId, identity.openid);
        return again && again.userId !== userId ? back('taken', true) : back('already_bound', true);
      }
      return back('bound', false);
    },

    /** Exchanges the one-time ticket for a session (one-session rule: an older session of the account ends). */
    async signIn(ticket: string): Promise<LoginData> {
      const { api } = on();
      const userId = await repo.useTicket(db, sha256(ticket), clock.now());
      // Unbound between the callback and now: the ticket no longer stands for the account.
      if (userId === undefined || !(await repo.bindingOfUser(db, userId, api.appId)))
        throw AppError.badRequest(wechatMessages.ticketInvalid);
      return accounts.signIn(userId);
    },

    async binding(userId: number): Promise<WechatBindingData> {
      if (!deps.api) return { enabled: false, bound: false, nickname: null, avatar_url: null, bound_at: null };
      const row = await repo.bindingOfUser(db, userId, deps.api.appId);
      return {
        enabled: true,
        bound: !!row,
        nickname: row?.nickname ?? null,
        avatar_url: row?.avatarUrl ?? null,
        bound_at: row ? row.createdAt.toISOString() : null,
      };
    },

    async unbind(userId: number): Promise<void> {
      on();
      if (!(await repo.deleteBinding(db, userId))) throw AppError.notFound(wechatMessages.notBoundNow);
    },

    /** wx.config's fields for a page URL (its #fragment dropped, as WeChat signs it). */
    async jsConfig(url: string): Promise<WechatJsConfigData> {
      const { api, credentials } = on();
      const pageUrl = url.split('#', 1)[0]!;
      let ticket;
      try {
        ticket = await credentials.jsapiTicket();
      } catch (err) {
        log.warn({ err }, 'wechat jsapi_ticket unavailable');
        throw new AppError(503, wechatMessages.upstreamFailed);
      }
      const timestamp = Math.floor(clock.now().getTime() / 1000);
      const nonceStr = randomBytes(12).toString('base64url');
      let share = null;
      try {
        share = deps.openGraph ? await deps.openGraph(new URL(pageUrl)) : null;
      } catch (err) {
        log.warn({ err }, 'open graph of a shared page failed');
      }
      return {
        appId: api.appId,
        timestamp,
        nonceStr,
        signature: jsSdkSignature({ ticket, nonceStr, timestamp, url: pageUrl }),
        share,
      };
    },
  };
}
export type WechatService = ReturnType<typeof createWechatService>;
