import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { App } from '../../lib/app-module';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createUser } from '../../testing/test-users';
import { wechatPayers } from './index';

// WeChat's server API played from recorded answers (fixtures/) by a local server named in WECHAT_API_BASE_URL, so the
// real client (URLs, parameters, errcode handling) runs unchanged.
const fixture = (name: string) => fs.readFileSync(new URL(`./fixtures/${name}.json`, import.meta.url), 'utf8');
const recorded = JSON.parse(fixture('getticket')) as { ticket: string };
const APP_ID = 'wx1234567890abcdef';
const SECRET = 'recorded-app-secret-0123456789ab';

const hits: Record<string, number> = {};
const queries: Record<string, URLSearchParams> = {};
const wechat = http.createServer((req, res) => {
  const url = new URL(req.url!, 'http://wechat.test');
  hits[url.pathname] = (hits[url.pathname] ?? 0) + 1;
  queries[url.pathname] = url.searchParams;
  let body = '{"errcode":40013,"errmsg":"invalid appid"}';
  const rightApp = url.searchParams.get('appid') === APP_ID && url.searchParams.get('secret') === SECRET;
  if (url.pathname === '/sns/oauth2/access_token')
    body = rightApp && url.searchParams.get('code') === '061RECORDEDCODE' ? fixture('oauth2-access-token') : fixture('invalid-code');
  else if (url.pathname === '/sns/userinfo') body = fixture('sns-userinfo');
  else if (url.pathname === '/cgi-bin/token' && rightApp) body = fixture('cgi-bin-token');
  else if (url.pathname === '/cgi-bin/ticket/getticket') body = fixture('getticket');
  res.writeHead(200, { 'content-type': 'application/json' }).end(body);
});

let t: TestApp;
let second: App;
beforeAll(async () => {
  await new Promise<void>((r) => wechat.listen(0, '127.0.0.1', r));
  const { port } = wechat.address() as AddressInfo;
  t = await createTestApp({
    env: {
      WECHAT_OA_MODE: 'wechat',
      WECHAT_OA_APP_ID: APP_ID,
      WECHAT_OA_APP_SECRET: SECRET,
      WECHAT_API_BASE_URL: `http://127.0.0.1:${port}`,
      PUBLIC_BASE_URL: 'https://edu.example.cn',
    },
  });
  // A second server process on the same database.
  second = await buildApp({ config: t.config, db: t.db, clock: t.clock, logger: false });
});
afterAll(async () => {
  await second.close();
  await t.close();
  await new Promise((r) => wechat.close(r));
});

async function authorizeUrl(app: App, purpose: string, token?: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/wechat/oauth/authorize_url',
    payload: { purpose, redirect: '/center/setting' },
    headers: token ? { token } : {},
  });
  expect(res.statusCode, res.body).toBe(200);
  return new URL((res.json() as { data: { url: string } }).data.url);
}

it("sends the browser to WeChat's authorise page with the parameters WeChat requires", async () => {
  const a = await createUser(t);
  const url = await authorizeUrl(t.app, 'bind', a.token);
  expect(url.origin + url.pathname).toBe('https://open.weixin.qq.com/connect/oauth2/authorize');
  expect([...url.searchParams.keys()]).toEqual(['appid', 'redirect_uri', 'response_type', 'scope', 'state']);
  expect(url.searchParams.get('appid')).toBe(APP_ID);
  expect(url.searchParams.get('redirect_uri')).toBe('https://edu.example.cn/api/wechat/oauth/callback');
  expect(url.searchParams.get('response_type')).toBe('code');
  expect(url.searchParams.get('scope')).toBe('snsapi_userinfo');
  expect(url.hash).toBe('#wechat_redirect');
});

it('exchanges the code for the openid and the granted nickname and avatar, binding them', async () => {
  const a = await createUser(t);
  const state = (await authorizeUrl(t.app, 'bind', a.token)).searchParams.get('state')!;
  const res = await t.app.inject({ method: 'GET', url: `/api/wechat/oauth/callback?code=061RECORDEDCODE&state=${state}` });
  expect(res.statusCode).toBe(302);
  expect(res.headers.location).toBe('/center/setting?wechat=bound');
  expect(queries['/sns/oauth2/access_token']?.get('grant_type')).toBe('authorization_code');
  expect(queries['/sns/userinfo']?.get('openid')).toBe('oLVPpjqs9BhvzwPj5A-vTYAX3GLc');
  const binding = await t.app.inject({ method: 'GET', url: '/api/wechat/binding', headers: { token: a.token } });
  expect(binding.json().data).toMatchObject({ bound: true, nickname: '张会计' });
  expect(binding.json().data.avatar_url).toMatch(/^https:\/\/thirdwx\.qlogo\.cn\//);
  expect(await wechatPayers({ db: t.db, config: t.config }).openidOf(a.id)).toBe('oLVPpjqs9BhvzwPj5A-vTYAX3GLc');
});

it('goes back with the failure note when WeChat refuses the code', async () => {
  const a = await createUser(t);
  const state = (await authorizeUrl(t.app, 'pay', a.token)).searchParams.get('state')!;
  const res = await t.app.inject({ method: 'GET', url: `/api/wechat/oauth/callback?code=stale-code&state=${state}` });
  expect(res.statusCode).toBe(302);
  expect(res.headers.location).toBe('/center/setting?wechat_error=failed');
  expect(await wechatPayers({ db: t.db, config: t.config }).openidOf(a.id)).toBeNull();
});

it('fetches the access_token and jsapi_ticket once for two server processes on one database, and refreshes them early', async () => {
  const url = 'https://edu.example.cn/train/detail/12?from=singlemessage#lessons';
  const config = async (app: App) => {
    const res = await app.inject({ method: 'GET', url: `/api/wechat/js_config?url=${encodeURIComponent(url)}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { appId: string; timestamp: number; nonceStr: string; signature: string };
  };
  const sign = (c: { nonceStr: string; timestamp: number }) =>
    createHash('sha1')
      .update(`jsapi_ticket=${recorded.ticket}&noncestr=${c.nonceStr}&timestamp=${c.timestamp}&url=${url.split('#')[0]}`)
      .digest('hex');

  const first = await config(t.app);
  const other = await config(second);
  await Promise.all([config(t.app), config(second), config(t.app)]);
  expect(first.appId).toBe(APP_ID);
  expect(first.signature).toBe(sign(first));
  expect(other.signature).toBe(sign(other));
  expect(hits['/cgi-bin/token']).toBe(1);
  expect(hits['/cgi-bin/ticket/getticket']).toBe(1);
  expect(queries['/cgi-bin/ticket/getticket']?.get('access_token')).toBe('83_ACCESS_TOKEN_OF_THE_OFFICIAL_ACCOUNT_EXAMPLE');

  // 7200 s given; still used an hour later, refreshed (by one process) within the last ten minutes.
  t.clock.advance(3_600_000);
  await config(second);
  expect(hits['/cgi-bin/ticket/getticket']).toBe(1);
  t.clock.advance(3_600_000 - 9 * 60_000);
  await config(second);
  await config(t.app);
  expect(hits['/cgi-bin/ticket/getticket']).toBe(2);
  expect(hits['/cgi-bin/token']).toBe(2);
});
