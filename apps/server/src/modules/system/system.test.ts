import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('readyz answers 503 in the envelope once the database stops answering, while healthz stays ok', async () => {
  expect((await t.app.inject({ method: 'GET', url: '/api/readyz' })).statusCode).toBe(200);
  await t.database.close();
  const res = await t.app.inject({ method: 'GET', url: '/api/readyz' });
  expect(res.statusCode).toBe(503);
  expect(res.json()).toEqual({ code: 503, message: '数据库暂不可用', data: null });
  expect((await t.app.inject({ method: 'GET', url: '/api/healthz' })).statusCode).toBe(200);
});
