import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './testing/test-app';
import { AppError } from './lib/app-error';
import { defineRoute } from './lib/define-route';
import { z } from 'zod';
import { envelopeSchema, ok, pageQuerySchema } from '@app/contracts';
import { buildApp } from './app';
import type { App } from './lib/app-module';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ extraModules: [testRoutes] });
});
afterAll(() => t.close());

function expectEnvelope(
  res: { statusCode: number; headers: Record<string, unknown>; json(): unknown },
  code: number,
) {
  expect(res.statusCode).toBe(code);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = res.json() as { code: number; message: string; data: unknown };
  expect(body.code).toBe(code);
  expect(typeof body.message).toBe('string');
  expect(body.message).toMatch(/[\u4e00-\u9fa5]/);
  expect(body).toHaveProperty('data');
  return body;
}

describe('error envelope', () => {
  it('answers an unknown API route with a 404 envelope, never HTML', async () => {
    for (const url of ['/api/nope', '/api/x', '/api', '/api/users/x/y?z=1']) {
      expectEnvelope(await t.app.inject({ method: 'GET', url }), 404);
    }
    expectEnvelope(await t.app.inject({ method: 'POST', url: '/train' }), 404);
  });

  it('answers a wrong method on a known API path with 405 and Allow', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/api/problems' });
    expectEnvelope(res, 405);
    expect(res.headers.allow).toContain('GET');
  });

  it('answers malformed JSON with a 400 envelope', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    const body = expectEnvelope(res, 400);
    expect(body.message).toBe('请求体不是有效的 JSON');
  });

  it('answers a body over 1 MB with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x'.repeat(1024 * 1024 + 10) }),
    });
    expectEnvelope(res, 413);
  });

  it('answers an unsupported content type with 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expectEnvelope(res, 415);
  });

  it('answers a schema failure with 400 and Chinese messages per dotted field path', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { age: 'old', address: { city: '' }, tags: ['a', 'b', 'c', 'd'] },
    });
    const body = expectEnvelope(res, 400) as {
      message: string;
      data: { fieldErrors: Record<string, string> };
    };
    expect(body.data.fieldErrors).toEqual({
      name: '请输入姓名',
      age: '格式不正确',
      'address.city': '此项为必填项',
      tags: '最多3项',
    });
    expect(body.message).toBe('请输入姓名');
  });

  it('validates query strings too', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/page?page=0&per=500' });
    const body = expectEnvelope(res, 400) as {
      message: string;
      data: { fieldErrors: Record<string, string> };
    };
    expect(body.data.fieldErrors).toEqual({ page: '页码必须大于0', per: '每页最多50条' });
  });

  it('passes an AppError through with its code, Chinese message and data', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/conflict' });
    const body = expectEnvelope(res, 409);
    expect(body).toEqual({ code: 409, message: '该手机号已注册', data: { phone: '138****8000' } });
  });

  it('answers a crash with 500 and no stack or SQL', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/crash' });
    const body = expectEnvelope(res, 500);
    expect(res.body).not.toMatch(/select|relation|stack|at \w+ \(|\.ts:/i);
    expect(body.data).toBeNull();
  });

  it('drops undeclared response fields and accepts a valid body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { name: '张三', tags: [] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 200, message: '操作成功', data: { name: '张三' } });
  });
});

describe('request ids and security headers', () => {
  it('returns an x-request-id, reusing a well-formed incoming one', async () => {
    const fresh = await t.app.inject({ method: 'GET', url: '/api/healthz' });
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const given = await t.app.inject({
      method: 'GET',
      url: '/api/healthz',
      headers: { 'x-request-id': 'abc-123' },
    });
    expect(given.headers['x-request-id']).toBe('abc-123');
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/healthz',
      headers: { 'x-request-id': '<script>' },
    });
    expect(bad.headers['x-request-id']).not.toBe('<script>');
  });

  it('sets CSP and the other helmet headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("img-src 'self' data: blob:");
    expect(csp).toContain("connect-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['strict-transport-security']).toBeDefined();
  });
});

describe('health', () => {
  it('healthz answers ok', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/healthz' });
    expect(res.json()).toEqual({ code: 200, message: '操作成功', data: { status: 'ok' } });
  });

  it('readyz answers ok while the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 200, data: { status: 'ok' } });
  });
});

describe('web app', () => {
  it('serves index.html for client routes, with no-cache', async () => {
    for (const url of ['/', '/train', '/train/detail/12?x=1', '/center/student']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('caches hashed assets for a year and 404s a missing one', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-3f2a1c.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const missing = await t.app.inject({ method: 'GET', url: '/assets/app-old.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).not.toMatch(/html/);
  });

  it('answers a short Chinese notice when the web app is not built, without breaking the API', async () => {
    const noWeb = await buildApp({
      config: { ...t.config, webDistDir: '/nonexistent/web/dist' },
      db: t.db,
      clock: t.clock,
      logger: false,
    });
    try {
      const page = await noWeb.inject({ method: 'GET', url: '/train' });
      expect(page.statusCode).toBe(503);
      expect(page.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(page.body).toContain('网站前端尚未构建');
      expectEnvelope(await noWeb.inject({ method: 'GET', url: '/api/x' }), 404);
      expect((await noWeb.inject({ method: 'GET', url: '/api/healthz' })).statusCode).toBe(200);
    } finally {
      await noWeb.close();
    }
  });

  it('never falls back to HTML under /api', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/x', headers: { accept: 'text/html' } });
    expectEnvelope(res, 404);
  });
});

describe('OpenAPI', () => {
  it('lists the routes with their summaries at /api/docs/json', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as {
      openapi: string;
      paths: Record<string, Record<string, { summary?: string }>>;
    };
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/problems']?.get?.summary).toBe('帮助问题（按指南类型分组）');
    expect(doc.paths['/api/common_data']?.get).toBeDefined();
    expect(doc.paths['/api/healthz']?.get).toBeDefined();
    expect(doc.paths['/api/readyz']?.get).toBeDefined();
  });

  it('serves the browsable UI at /api/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('swagger-ui');
  });

  it("serves the UI's own scripts under /api/docs with the site's security headers, and answers HEAD", async () => {
    const script = await t.app.inject({ method: 'GET', url: '/api/docs/static/swagger-ui-bundle.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/javascript/);
    expect(script.headers['content-security-policy']).toContain("script-src 'self'");
    expect(Number(script.headers['content-length'])).toBe(script.rawPayload.length);
    const head = await t.app.inject({ method: 'HEAD', url: '/api/docs/json' });
    expect(head.statusCode).toBe(200);
    expectEnvelope(await t.app.inject({ method: 'GET', url: '/api/docs/static/nothing-here.js' }), 404);
  });
});

// Routes that exist only in this file, to drive the error paths through a real app.
function testRoutes(app: App) {
  const echo = {
    method: 'POST',
    path: '/api/test/echo',
    summary: 'echo',
    body: z.object({
      name: z.string({ error: '请输入姓名' }).min(1, '请输入姓名'),
      age: z.number().int().optional(),
      address: z.object({ city: z.string().min(1) }).optional(),
      tags: z.array(z.string()).max(3),
    }),
    response: envelopeSchema(z.object({ name: z.string() })),
  } as const;
  defineRoute(app, echo, (req) => ok({ name: req.body.name, secret: 'hidden' } as { name: string }));
  const page = {
    method: 'GET',
    path: '/api/test/page',
    summary: 'page',
    query: pageQuerySchema,
    response: envelopeSchema(z.null()),
  } as const;
  defineRoute(app, page, () => ok(null));
  app.get('/api/test/conflict', async () => {
    throw new AppError(409, '该手机号已注册', { phone: '138****8000' });
  });
  app.get('/api/test/crash', async () => {
    throw Object.assign(new Error('relation "users" does not exist: select * from users'), {
      stack: 'at x (a.ts:1)',
    });
  });
}
