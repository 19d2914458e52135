import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';
import { addressList } from './metrics';

const TOKEN = 'scrape-token-0123456789';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { METRICS_ALLOW: '127.0.0.1,10.0.0.0/8', METRICS_TOKEN: TOKEN } });
});
afterAll(() => t.close());

const scrape = (opts: { remoteAddress?: string; authorization?: string } = {}) =>
  t.app.inject({
    method: 'GET',
    url: '/metrics',
    remoteAddress: opts.remoteAddress ?? '127.0.0.1',
    headers: opts.authorization ? { authorization: opts.authorization } : {},
  });

/** The value of one series line, e.g. `http_requests_total{method="GET",route="/api/problems",status="200"}`. */
function value(text: string, name: string, labels: Record<string, string>): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`)))
      return Number(line.split(' ').at(-1));
  }
  return undefined;
}

describe('GET /metrics', () => {
  it('counts requests and their latency by route pattern and status, in Prometheus text format', async () => {
    const before = (await scrape()).body;
    const base = value(before, 'http_requests_total', { route: '/api/problems', status: '200' }) ?? 0;
    for (let i = 0; i < 3; i++)
      expect((await t.app.inject({ method: 'GET', url: '/api/problems' })).statusCode).toBe(200);
    await t.app.inject({ method: 'GET', url: '/api/courses/does-not-exist-route/xyz' });

    const res = await scrape();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.body;
    expect(value(text, 'http_requests_total', { method: 'GET', route: '/api/problems', status: '200' })).toBe(
      base + 3,
    );
    expect(
      value(text, 'http_request_duration_seconds_count', {
        method: 'GET',
        route: '/api/problems',
        status: '200',
      }),
    ).toBe(base + 3);
    expect(text).toMatch(
      /http_request_duration_seconds_bucket\{le="0\.05",method="GET",route="\/api\/problems",status="200"\}/,
    );
    // Raw URLs never become label values.
    expect(text).not.toContain('does-not-exist-route');
  });

  it('exposes event-loop lag, heap, the learning buffer, SMS sends and payment notifications', async () => {
    const phone = '13912340001';
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/users/send_msg',
          payload: { phone, purpose: 'register' },
        })
      ).statusCode,
    ).toBe(200);
    await t.app.inject({
      method: 'POST',
      url: '/api/payments/notify/sandbox',
      headers: { 'content-type': 'application/json' },
      payload: '{"not":"signed"}',
    });
    const text = (await scrape()).body;
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    expect(text).toMatch(/^nodejs_heap_size_used_bytes \d/m);
    expect(text).toMatch(/^learning_buffer_keys \d+$/m);
    expect(value(text, 'sms_sends_total', { provider: 'console', result: 'sent' })).toBeGreaterThanOrEqual(1);
    expect(text).toMatch(/^payment_notifications_total\{channel="sandbox",result="[a-z_]+"\} [1-9]/m);
    if (t.database.driver === 'pg') expect(text).toMatch(/^db_pool_connections\{state="in_use"\} \d+$/m);
  });

  it('answers only configured addresses or the bearer token; anyone else gets 404', async () => {
    expect((await scrape({ remoteAddress: '10.1.2.3' })).statusCode).toBe(200);
    const outsider = await scrape({ remoteAddress: '203.0.113.5' });
    expect(outsider.statusCode).toBe(404);
    expect(outsider.json()).toMatchObject({ code: 404 });
    expect(outsider.body).not.toContain('http_requests_total');
    expect(
      (await scrape({ remoteAddress: '203.0.113.5', authorization: `Bearer ${TOKEN}` })).statusCode,
    ).toBe(200);
    expect(
      (await scrape({ remoteAddress: '203.0.113.5', authorization: `Bearer ${TOKEN}x` })).statusCode,
    ).toBe(404);
    // X-Forwarded-For does not open it: the TCP peer decides.
    const forwarded = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '203.0.113.5',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(forwarded.statusCode).toBe(404);
  });
});

describe('addressList', () => {
  it('matches addresses and CIDRs, IPv4-mapped IPv6 peers as IPv4, and refuses a malformed entry', () => {
    const allowed = addressList(['127.0.0.1', '10.0.0.0/8', '::1', 'fd00::/8']);
    expect(allowed('127.0.0.1')).toBe(true);
    expect(allowed('::ffff:10.9.8.7')).toBe(true);
    expect(allowed('::1')).toBe(true);
    expect(allowed('fd12::5')).toBe(true);
    expect(allowed('11.0.0.1')).toBe(false);
    expect(allowed('2001:db8::1')).toBe(false);
    expect(allowed('not-an-ip')).toBe(false);
    expect(() => addressList(['example.org'])).toThrow(/METRICS_ALLOW/);
  });
});
