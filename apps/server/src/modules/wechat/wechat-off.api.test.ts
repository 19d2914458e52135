import { afterAll, beforeAll, expect, it } from 'vitest';
import { wechatMessages } from '@app/contracts';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createUser } from '../../testing/test-users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('with WeChat off (the default) says so, answers 404 to every WeChat call and keeps the JS-SDK host out of the CSP', async () => {
  const config = await t.app.inject({ method: 'GET', url: '/api/wechat/config' });
  expect(config.json()).toEqual({ code: 200, message: '操作成功', data: { enabled: false, app_id: null, sandbox: false } });
  expect(String(config.headers['content-security-policy'])).not.toContain('res.wx.qq.com');

  const a = await createUser(t);
  expect((await t.app.inject({ method: 'GET', url: '/api/wechat/binding', headers: a.headers })).json().data).toMatchObject({
    enabled: false,
    bound: false,
  });
  for (const [method, url, payload] of [
    ['GET', '/api/wechat/oauth/start?purpose=login'],
    ['POST', '/api/wechat/oauth/authorize_url', { purpose: 'login', redirect: '/' }],
    ['GET', '/api/wechat/oauth/callback?code=x&state=y'],
    ['POST', '/api/wechat/sign_in', { ticket: 'x' }],
    ['GET', '/api/wechat/js_config?url=https%3A%2F%2Fedu.example.cn%2F'],
    ['GET', '/api/wechat/sandbox/authorize?redirect_uri=x&scope=snsapi_base&state=y'],
  ] as const) {
    const res = await t.app.inject({ method, url, ...(payload ? { payload } : {}), headers: a.headers });
    expect(res.statusCode, url).toBe(404);
    if (!url.includes('sandbox')) expect(res.json().message, url).toBe(wechatMessages.disabled);
  }
});
