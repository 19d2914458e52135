import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { wechatMessages } from '@app/contracts';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createUser, type TestUser } from '../../testing/test-users';
import { sandboxOpenid } from './wechat-api';
import { jsSdkSignature } from './wechat.service';
import { wechatPayers } from './index';
import { wechatBindings } from './wechat.table';
import { eq } from 'drizzle-orm';
import { courses } from '../courses';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { WECHAT_OA_MODE: 'sandbox' } });
});
afterAll(() => t.close());
// The stand-in has three identities; each test starts with none of them bound.
beforeEach(async () => {
  await t.db.delete(wechatBindings);
});

type Identity = '甲' | '乙' | '丙';

async function api<T = unknown>(method: 'GET' | 'POST' | 'DELETE', url: string, opts: { token?: string; body?: object } = {}) {
  const res = await t.app.inject({
    method,
    url,
    ...(opts.body ? { payload: opts.body } : {}),
    headers: opts.token ? { token: opts.token } : {},
  });
  const body = res.json() as { code: number; message: string; data: T };
  expect(res.statusCode).toBe(body.code);
  return body;
}

/** Starts an authorisation as the page does and returns the stand-in authorise page's URL. */
async function start(purpose: 'bind' | 'login' | 'pay', redirect: string, user?: TestUser): Promise<string> {
  const res = await api<{ url: string }>('POST', '/api/wechat/oauth/authorize_url', {
    body: { purpose, redirect },
    ...(user ? { token: user.token } : {}),
  });
  expect(res.code, res.message).toBe(200);
  return res.data.url;
}

/** Opens the stand-in's authorise page and follows one of its links: the callback URL WeChat would send. */
async function authorise(authorizeUrl: string, choice: Identity | '拒绝'): Promise<string> {
  const page = await t.app.inject({ method: 'GET', url: authorizeUrl.replace(/#.*$/, '') });
  expect(page.statusCode).toBe(200);
  const links = [...page.body.matchAll(/<a class="btn[^"]*" href="([^"]+)">([^<]+)<\/a>/g)];
  const link = links.find(([, , label]) => (choice === '拒绝' ? label === '拒绝' : label!.includes(`测试微信用户${choice}`)));
  expect(link, page.body).toBeDefined();
  const url = new URL(link![1]!.replace(/&amp;/g, '&'));
  expect(url.pathname).toBe('/api/wechat/oauth/callback');
  return url.pathname + url.search;
}

/** Runs the callback; returns where it sends the browser. */
async function callback(callbackPath: string): Promise<URL> {
  const res = await t.app.inject({ method: 'GET', url: callbackPath });
  expect(res.statusCode, res.body).toBe(302);
  return new URL(String(res.headers.location), 'http://site.test');
}

async function bind(user: TestUser, who: Identity, redirect = '/center/setting?tab=account') {
  return callback(await authorise(await start('bind', redirect, user), who));
}

async function signInInsideWechat(who: Identity, redirect = '/center/student') {
  return callback(await authorise(await start('login', redirect), who));
}

describe('WeChat authorisation with the development stand-in', () => {
  it('binds a WeChat identity to the signed-in account and shows its nickname in the binding', async () => {
    const a = await createUser(t);
    const back = await bind(a, '甲');
    expect(back.pathname).toBe('/center/setting');
    expect(back.searchParams.get('tab')).toBe('account');
    expect(back.searchParams.get('wechat')).toBe('bound');

    const binding = await api<{ bound: boolean; nickname: string | null; enabled: boolean }>('GET', '/api/wechat/binding', { token: a.token });
    expect(binding.data).toMatchObject({ enabled: true, bound: true, nickname: '测试微信用户甲' });
  });

  it('signs the bound account in inside WeChat through a one-time ticket, ending its older session', async () => {
    const a = await createUser(t);
    await bind(a, '乙');
    const back = await signInInsideWechat('乙', '/center/lesson');
    expect(back.pathname).toBe('/login');
    expect(back.searchParams.get('redirect')).toBe('/center/lesson');
    const ticket = back.searchParams.get('wechat_ticket')!;
    expect(ticket).toMatch(/^[\w-]{32}$/);
    expect(back.toString()).not.toContain('token=');

    const signedIn = await api<{ token: string; user: { id: number } }>('POST', '/api/wechat/sign_in', { body: { ticket } });
    expect(signedIn.code, signedIn.message).toBe(200);
    expect(signedIn.data.user.id).toBe(a.id);
    expect((await api('GET', '/api/wechat/binding', { token: signedIn.data.token })).code).toBe(200);
    // One session per account (DECISIONS.md 6): the session that bound WeChat is over.
    expect((await api('GET', '/api/wechat/binding', { token: a.token })).code).toBe(406);
    // The ticket is single use.
    const again = await api('POST', '/api/wechat/sign_in', { body: { ticket } });
    expect(again).toMatchObject({ code: 400, message: wechatMessages.ticketInvalid });
  });

  it('sends a WeChat identity that is bound to no account back to /login with the note', async () => {
    const back = await signInInsideWechat('丙', '/center/student');
    expect(back.pathname).toBe('/login');
    expect(back.searchParams.get('wechat_error')).toBe('not_bound');
    expect(back.searchParams.get('redirect')).toBe('/center/student');
    expect(back.searchParams.has('wechat_ticket')).toBe(false);
  });

  it('never binds one WeChat identity to a second account, and an account holds at most one', async () => {
    const a = await createUser(t);
    const b = await createUser(t);
    expect((await bind(a, '丙')).searchParams.get('wechat')).toBe('bound');

    const taken = await bind(b, '丙');
    expect(taken.searchParams.get('wechat_error')).toBe('taken');
    expect((await api<{ bound: boolean }>('GET', '/api/wechat/binding', { token: b.token })).data.bound).toBe(false);

    const second = await bind(a, '甲');
    expect(second.searchParams.get('wechat_error')).toBe('already_bound');
    expect((await api<{ nickname: string }>('GET', '/api/wechat/binding', { token: a.token })).data.nickname).toBe('测试微信用户丙');

    // Signing in with 丙 still reaches a, not b.
    const ticket = (await signInInsideWechat('丙')).searchParams.get('wechat_ticket')!;
    expect((await api<{ user: { id: number } }>('POST', '/api/wechat/sign_in', { body: { ticket } })).data.user.id).toBe(a.id);
  });

  it('unbinds: the WeChat identity no longer signs in, a pending ticket is void, and another account may bind it', async () => {
    const a = await createUser(t);
    const b = await createUser(t);
    expect((await bind(a, '甲')).searchParams.get('wechat')).toBe('bound');
    const pending = (await signInInsideWechat('甲')).searchParams.get('wechat_ticket')!;

    const unbound = await api('DELETE', '/api/wechat/binding', { token: a.token });
    expect(unbound).toMatchObject({ code: 200, message: wechatMessages.unbound });
    expect((await api<{ bound: boolean }>('GET', '/api/wechat/binding', { token: a.token })).data.bound).toBe(false);
    expect((await api('DELETE', '/api/wechat/binding', { token: a.token })).code).toBe(404);

    expect((await api('POST', '/api/wechat/sign_in', { body: { ticket: pending } })).code).toBe(400);
    expect((await signInInsideWechat('甲')).searchParams.get('wechat_error')).toBe('not_bound');
    expect((await bind(b, '甲')).searchParams.get('wechat')).toBe('bound');
  });

  it('refuses a forged state and a replayed state with a Chinese page, acting on neither', async () => {
    const a = await createUser(t);
    const forged = await t.app.inject({ method: 'GET', url: '/api/wechat/oauth/callback?code=sbx.jia.AAAAAAAAAAAA&state=forged-state-value' });
    expect(forged.statusCode).toBe(400);
    expect(forged.headers['content-type']).toContain('text/html');
    expect(forged.body).toContain(wechatMessages.stateInvalid);

    const path = await authorise(await start('bind', '/center/setting', a), '甲');
    const first = await t.app.inject({ method: 'GET', url: path });
    expect(first.statusCode).toBe(302);
    const replay = await t.app.inject({ method: 'GET', url: path });
    expect(replay.statusCode).toBe(400);
    expect(replay.body).toContain(wechatMessages.stateInvalid);

    const missing = await t.app.inject({ method: 'GET', url: '/api/wechat/oauth/callback?code=x' });
    expect(missing.statusCode).toBe(400);
  });

  it('refuses a state after it expired', async () => {
    const a = await createUser(t);
    const path = await authorise(await start('pay', '/payment', a), '甲');
    t.clock.advance(11 * 60_000);
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(400);
  });

  it('bind and pay need a session; bind refuses when the session that started it has ended', async () => {
    expect((await api('POST', '/api/wechat/oauth/authorize_url', { body: { purpose: 'bind', redirect: '/' } })).code).toBe(406);
    expect((await api('POST', '/api/wechat/oauth/authorize_url', { body: { purpose: 'pay', redirect: '/' } })).code).toBe(406);
    const a = await createUser(t);
    const path = await authorise(await start('bind', '/center/setting', a), '乙');
    await api('POST', '/api/users/logout', { token: a.token });
    expect((await callback(path)).searchParams.get('wechat_error')).toBe('session');
  });

  it('refuses a redirect to another site', async () => {
    for (const redirect of ['https://evil.example/', '//evil.example/x', '/\\evil.example']) {
      const res = await api('POST', '/api/wechat/oauth/authorize_url', { body: { purpose: 'login', redirect } });
      expect(res.code, redirect).toBe(400);
    }
  });

  it('GET start answers a 302 to the authorise page with the callback and snsapi_base for sign-in', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/wechat/oauth/start?purpose=login&redirect=%2Fcenter%2Fstudent' });
    expect(res.statusCode).toBe(302);
    const url = new URL(String(res.headers.location), 'http://site.test');
    expect(url.pathname).toBe('/api/wechat/sandbox/authorize');
    expect(url.searchParams.get('scope')).toBe('snsapi_base');
    expect(url.searchParams.get('redirect_uri')).toBe(`${t.config.publicBaseUrl}/api/wechat/oauth/callback`);
    expect(url.hash).toBe('#wechat_redirect');
  });

  it('remembers the payer openid apart from binding; the payers port prefers the bound openid', async () => {
    const a = await createUser(t);
    const payers = wechatPayers({ db: t.db, config: t.config });
    expect(await payers.openidOf(a.id)).toBeNull();
    const back = await callback(await authorise(await start('pay', '/payment?type=buyVip', a), '丙'));
    expect(back.pathname).toBe('/payment');
    expect(back.searchParams.get('type')).toBe('buyVip');
    expect(back.searchParams.get('wechat')).toBe('payer');
    expect(await payers.openidOf(a.id)).toBe(sandboxOpenid(t.config.wechat.mode === 'off' ? '' : t.config.wechat.appId, 'bing'));
    // Paying is no sign-in identity: it binds nothing.
    expect((await api<{ bound: boolean }>('GET', '/api/wechat/binding', { token: a.token })).data.bound).toBe(false);
  });

  it('answers a user who refused on the authorise screen with the denied note', async () => {
    const a = await createUser(t);
    const back = await callback(await authorise(await start('bind', '/center/setting', a), '拒绝'));
    expect(back.searchParams.get('wechat_error')).toBe('denied');
  });

  it('signs wx.config for the page URL without its fragment', async () => {
    const res = await api<{ appId: string; timestamp: number; nonceStr: string; signature: string }>(
      'GET',
      `/api/wechat/js_config?url=${encodeURIComponent('http://localhost:3000/train/detail/3?from=share#comments')}`,
    );
    expect(res.code).toBe(200);
    expect(res.data.appId).toMatch(/^wx/);
    expect(res.data.timestamp).toBe(Math.floor(t.clock.now().getTime() / 1000));
    expect(res.data.signature).toMatch(/^[0-9a-f]{40}$/);
    expect((await api('GET', '/api/wechat/js_config?url=javascript:alert(1)')).code).toBe(400);
  });

  it("shares a public page with the title, description and image of that page's Open Graph tags", async () => {
    const [course] = await t.db.select({ id: courses.id }).from(courses).where(eq(courses.published, true)).limit(1);
    const html = (await t.app.inject({ method: 'GET', url: `/train/detail/${course!.id}`, headers: { host: 'localhost:3000' } })).body;
    const og = (name: string) =>
      new RegExp(`<meta property="og:${name}" content="([^"]*)"`).exec(html)?.[1]?.replace(/&quot;/g, '"').replace(/&amp;/g, '&') ?? null;
    const res = await api<{ share: { title: string; description: string; image: string | null } | null }>(
      'GET',
      `/api/wechat/js_config?url=${encodeURIComponent(`http://localhost:3000/train/detail/${course!.id}?from=timeline`)}`,
    );
    expect(res.data.share).toEqual({ title: og('title'), description: og('description'), image: og('image') });
    expect(res.data.share!.title).toContain(' - ');
    // A page without a record of its own shares its document title (the page decides).
    const list = await api<{ share: unknown }>('GET', `/api/wechat/js_config?url=${encodeURIComponent('http://localhost:3000/train')}`);
    expect(list.data.share).toBeNull();
  });
});

describe('the JS-SDK signature', () => {
  it("matches WeChat's documented example (sha1 of the sorted jsapi_ticket, noncestr, timestamp, url)", () => {
    expect(
      jsSdkSignature({
        ticket: 'sM4AOVdWfPE4DxkXGEs8VMCPGGVi4C3VM0P37wVUCFvkVAy_90u5h9nbSlYy3-Sl-HhTdfl2fzFy1AOcHKP7qg',
        nonceStr: 'Wm3WZYTPz0wzccnW',
        timestamp: 1414587457,
        url: 'http://mp.weixin.qq.com?params=value',
      }),
    ).toBe('0f9de62fce790f9a083d5c99e95740ceb90c27ed');
  });
});
