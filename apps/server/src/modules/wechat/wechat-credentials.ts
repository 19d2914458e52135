import type { Clock } from '../../lib/clock';
import type { Executor } from '../../db/sql';
import { WechatApiError, type ExpiringValue, type WechatApi } from './wechat-api';
import { wechatRepository as repo } from './wechat.repository';

/** Refresh this long before the stored value runs out (WeChat keeps the old one valid a few minutes after). */
export const REFRESH_EARLY_MS = 10 * 60_000;
/** How long the process that took the refresh lease may take before another may try. */
const LEASE_MS = 20_000;
const WAIT_STEP_MS = 200;
const MAX_WAITS = 75;
/** access_token no longer valid (invalid credential, expired, or replaced by another fetch). */
const TOKEN_ERRCODES = new Set([40001, 40014, 42001]);

/**
 * The official account's access_token and jsapi_ticket, kept in the database so every server process uses the same
 * ones (WeChat limits fetches per day, and a new access_token ends the previous one): a process reads the stored
 * value; when it is missing or due, the one process that takes the lease fetches it, the others keep using the old
 * value while it is still valid, or wait for the new one.
 */
export function createWechatCredentials(deps: {
  db: Executor;
  clock: Clock;
  api: WechatApi;
  sleep?: (ms: number) => Promise<void>;
}) {
  const { db, clock, api } = deps;
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const inflight = new Map<string, Promise<string>>();

  async function load(kind: string, fetchFresh: () => Promise<ExpiringValue>): Promise<string> {
    for (let i = 0; i <= MAX_WAITS; i++) {
      const now = clock.now();
      const row = await repo.credential(db, api.appId, kind);
      const expires = row?.expiresAt?.getTime() ?? 0;
      if (row?.value && expires - REFRESH_EARLY_MS > now.getTime()) return row.value;
      if (await repo.takeLease(db, api.appId, kind, now, new Date(now.getTime() + LEASE_MS))) {
        try {
          const fresh = await fetchFresh();
          await repo.storeCredential(db, {
            appId: api.appId,
            kind,
            value: fresh.value,
            expiresAt: new Date(clock.now().getTime() + fresh.expiresIn * 1000),
            now: clock.now(),
          });
          return fresh.value;
        } catch (err) {
          await repo.releaseLease(db, api.appId, kind);
          throw err;
        }
      }
      // Another process is refreshing: the stored value still works until it expires.
      if (row?.value && expires > now.getTime()) return row.value;
      await sleep(WAIT_STEP_MS);
    }
    throw new WechatApiError(`${kind} refresh by another process did not finish`);
  }

  /** One load per kind at a time in this process. */
  function get(kind: string, fetchFresh: () => Promise<ExpiringValue>): Promise<string> {
    let p = inflight.get(kind);
    if (!p) {
      p = load(kind, fetchFresh).finally(() => inflight.delete(kind));
      inflight.set(kind, p);
    }
    return p;
  }

  const accessToken = () => get('access_token', () => api.accessToken());

  return {
    accessToken,
    jsapiTicket: () =>
      get('jsapi_ticket', async () => {
        const token = await accessToken();
        try {
          return await api.jsapiTicket(token);
        } catch (err) {
          if (!(err instanceof WechatApiError) || err.errcode === null || !TOKEN_ERRCODES.has(err.errcode)) throw err;
          // The stored token was ended elsewhere (e.g. fetched by another tool with the same AppSecret): once more.
          await repo.expireCredential(db, api.appId, 'access_token', token);
          return api.jsapiTicket(await accessToken());
        }
      }),
  };
}
export type WechatCredentials = ReturnType<typeof createWechatCredentials>;
