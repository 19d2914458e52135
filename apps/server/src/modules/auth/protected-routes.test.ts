// SPEC §8: a call without a session to an endpoint that needs one answers 406 '未登录' (the client then logs out and
// goes to /login), whatever else is wrong with the request: the session check runs before the body is validated.
import { NOT_LOGGED_IN_MESSAGE } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createUser } from '../../testing/test-users';

interface Operation {
  security?: { token?: string[] }[];
}
type OpenApi = { paths: Record<string, Record<string, Operation>> };

let t: TestApp;
let doc: OpenApi;
beforeAll(async () => {
  t = await createTestApp();
  doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as OpenApi;
});
afterAll(() => t.close());

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** Every documented route, path parameters filled with a plausible id. */
function routes() {
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    METHODS.filter((m) => ops[m]).map((method) => ({
      method: method.toUpperCase() as Uppercase<(typeof METHODS)[number]>,
      url: path.replace(/\{[^}]+\}/g, '1'),
      protectedRoute: (ops[method]!.security ?? []).some((s) => s.token !== undefined),
    })),
  );
}

/** The request a logged-out client with a broken form sends: no token header, no body. */
const anonymous = (r: { method: string; url: string }) =>
  t.app.inject({ method: r.method as 'GET', url: r.url, headers: { 'x-forwarded-for': '203.0.113.9' } });

describe('protected routes without a token', () => {
  it('the OpenAPI document marks the protected routes (and leaves the public ones unmarked)', () => {
    const all = routes();
    expect(all.filter((r) => r.protectedRoute).length).toBeGreaterThan(40);
    expect(all.find((r) => r.url === '/api/members')?.protectedRoute).toBe(false);
    expect(all.find((r) => r.url === '/api/customer_edus/')?.protectedRoute).toBe(true);
  });

  it('answer 406 未登录 on every protected route, with an empty body, before any field error', async () => {
    const wrong: string[] = [];
    for (const r of routes().filter((x) => x.protectedRoute)) {
      const res = await anonymous(r);
      const body = res.json() as { code?: number; message?: string };
      if (res.statusCode !== 406 || body.code !== 406 || body.message !== NOT_LOGGED_IN_MESSAGE) {
        wrong.push(`${r.method} ${r.url}: ${res.statusCode} ${body.message}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('a route that answers 406 without a token is marked protected in the OpenAPI document', async () => {
    const unmarked: string[] = [];
    for (const r of routes().filter((x) => !x.protectedRoute)) {
      const res = await anonymous(r);
      if (res.statusCode === 406) unmarked.push(`${r.method} ${r.url}`);
    }
    expect(unmarked).toEqual([]);
  });

  it('POST /api/customer_edus/ with an empty body and POST /api/orders/check_order answer 406, not 400', async () => {
    for (const url of ['/api/customer_edus/', '/api/orders/check_order']) {
      const res = await t.app.inject({ method: 'POST', url, payload: {} });
      expect(res.statusCode, url).toBe(406);
      expect(res.json()).toMatchObject({ code: 406, message: NOT_LOGGED_IN_MESSAGE });
    }
  });

  it('staff routes answer 403 to a logged-in non-staff account with an empty body, before any field error', async () => {
    const learner = await createUser(t);
    const staffRoutes = routes().filter((r) => r.url.startsWith('/api/admin/'));
    expect(staffRoutes.length).toBeGreaterThanOrEqual(4);
    for (const r of staffRoutes) {
      const res = await t.app.inject({ method: r.method, url: r.url, headers: learner.headers });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(403);
    }
  });
});
