import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';

// A heap threshold of 1 MB is always exceeded: every sample finds the process "under pressure".
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: { LOAD_SHED_MAX_HEAP_USED_MB: '1', LOAD_SHED_SAMPLE_INTERVAL_MS: '10', LOAD_SHED_RETRY_AFTER_S: '7' },
  });
});
afterAll(() => t.close());

const metric = (text: string, line: string) =>
  Number(text.split('\n').find((l) => l.startsWith(line))?.split(' ').at(-1));

describe('load shedding', () => {
  it('answers the 503 envelope with Retry-After and the security headers while over a threshold', async () => {
    let res = await t.app.inject({ method: 'GET', url: '/api/problems' });
    // The first sample is taken after the sample interval; from then on requests are shed.
    await vi.waitFor(async () => {
      res = await t.app.inject({ method: 'GET', url: '/api/problems' });
      expect(res.statusCode).toBe(503);
    });
    expect(res.json()).toEqual({ code: 503, message: '服务暂不可用，请稍后再试', data: null });
    expect(res.headers['retry-after']).toBe('7');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-request-id']).toBeTruthy();
    // Readiness is shed too: a balancer sees the process as not ready.
    expect((await t.app.inject({ method: 'GET', url: '/api/readyz' })).statusCode).toBe(503);
  });

  it('still answers /api/healthz and /metrics, which shows the thresholds and the shed count', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/api/healthz' });
    expect(health.statusCode).toBe(200);
    const before = metric((await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' })).body, 'load_shed_requests_total{reason="heap_used"}');
    await t.app.inject({ method: 'GET', url: '/api/articles' });
    const scrape = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
    expect(scrape.statusCode).toBe(200);
    expect(metric(scrape.body, 'load_shed_threshold{kind="heap_used_bytes"}')).toBe(1024 * 1024);
    expect(metric(scrape.body, 'load_shed_threshold{kind="event_loop_delay_seconds"}')).toBe(0);
    expect(metric(scrape.body, 'load_shed_requests_total{reason="heap_used"}')).toBe(before + 1);
  });
});

/** Keeps the event loop busy, as start-up work (migrations, seeding) does. */
function block(ms: number) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    /* busy */
  }
}

describe('load shedding right after start-up', () => {
  let s: TestApp;
  const interval = 100;
  beforeAll(async () => {
    s = await createTestApp({
      env: { LOAD_SHED_MAX_EVENT_LOOP_DELAY_MS: '20', LOAD_SHED_SAMPLE_INTERVAL_MS: String(interval) },
    });
  });
  afterAll(() => s.close());

  it('does not shed the first requests for the delay the start-up work caused, but sheds a later delay', async () => {
    // Work before the server listens lags the loop; the next sample measures it.
    block(600);
    await vi.waitFor(() => expect(s.app.isUnderPressure()).toBe(true), { interval: 10 });
    const base = await s.app.listen({ port: 0, host: '127.0.0.1' });
    expect((await fetch(`${base}/api/problems`)).status).toBe(200);

    // Past the start-up's two sample intervals, a lag sheds. The lag is kept up until a request meets it: a single
    // block is over by the next sample, and on a busy machine a request's round trip can fall after it.
    await new Promise((r) => setTimeout(r, 3 * interval));
    const lag = setInterval(() => block(150), 20);
    try {
      await vi.waitFor(async () => expect((await fetch(`${base}/api/problems`)).status).toBe(503), { interval: 10, timeout: 10_000 });
    } finally {
      clearInterval(lag);
    }
  });
});
