import underPressure, { type FastifyUnderPressureOptions } from '@fastify/under-pressure';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { defaultErrorMessages, type Envelope } from '@app/contracts';
import type { Config } from '../config/config';

type UnderPressureHandler = NonNullable<FastifyUnderPressureOptions['pressureHandler']>;

/** Answered even under load: liveness (a busy process is alive, not to be restarted) and the operator's scrape. */
const NEVER_SHED = new Set(['/api/healthz', '/metrics']);

export type ShedReason = 'event_loop_delay' | 'heap_used' | 'rss' | 'other';

const REASONS: Record<string, ShedReason> = {
  eventLoopDelay: 'event_loop_delay',
  heapUsedBytes: 'heap_used',
  rssBytes: 'rss',
};

/** The thresholds in force and the requests shed so far, by reason (read by GET /metrics). */
export interface LoadShedding {
  readonly thresholds: Config['loadShedding'];
  readonly shed: Record<ShedReason, number>;
}

export function createLoadShedding(thresholds: Config['loadShedding']): LoadShedding {
  return { thresholds, shed: { event_loop_delay: 0, heap_used: 0, rss: 0, other: 0 } };
}

/**
 * Sheds load: while the event loop lags or memory is past its threshold (sampled every `sampleIntervalMs` by
 * @fastify/under-pressure), a request is answered at once with the 503 envelope and Retry-After instead of joining
 * a queue without bound. /api/readyz is shed too (a balancer sees the process as not ready); /api/healthz and
 * /metrics are always answered. Register after the hooks that set the security headers and the request id.
 *
 * The event-loop delay is a mean over the last sample interval, so the first samples after start-up measure the
 * start-up's own work (migrations, seeding, module loading), which is not load: until two sample intervals after the
 * server listens, the delay alone sheds nothing (memory thresholds still apply).
 */
export async function registerLoadShedding(app: FastifyInstance, state: LoadShedding): Promise<void> {
  const t = state.thresholds;
  if (t.maxEventLoopDelayMs <= 0 && t.maxHeapUsedBytes <= 0 && t.maxRssBytes <= 0) return;
  let listeningAt = Number.POSITIVE_INFINITY;
  app.addHook('onListen', async () => {
    listeningAt = Date.now();
  });
  const startingUp = () => Date.now() < listeningAt + 2 * t.sampleIntervalMs;
  await app.register(underPressure, {
    maxEventLoopDelay: t.maxEventLoopDelayMs,
    maxHeapUsedBytes: t.maxHeapUsedBytes,
    maxRssBytes: t.maxRssBytes,
    sampleInterval: t.sampleIntervalMs,
    retryAfter: t.retryAfterSeconds,
    // A value returned (not a promise, not nullish) is sent as the answer and the request goes no further (the
    // plugin's README); its types say void only.
    pressureHandler: ((request: FastifyRequest, reply: FastifyReply, pressure: string) => {
      const pathname = request.url.split('?', 1)[0] ?? '';
      if (NEVER_SHED.has(pathname)) return undefined;
      let type = pressure;
      if (type === 'eventLoopDelay' && startingUp()) {
        // The plugin checks the delay first and stops there: the memory thresholds are checked here instead.
        const { heapUsed, rssBytes } = app.memoryUsage();
        if (t.maxHeapUsedBytes > 0 && heapUsed > t.maxHeapUsedBytes) type = 'heapUsedBytes';
        else if (t.maxRssBytes > 0 && rssBytes > t.maxRssBytes) type = 'rssBytes';
        else return undefined;
      }
      state.shed[REASONS[type] ?? 'other'] += 1;
      request.log.warn({ reason: type }, 'load shed');
      const body: Envelope<null> = { code: 503, message: defaultErrorMessages[503], data: null };
      void reply.code(503).header('retry-after', String(t.retryAfterSeconds)).header('cache-control', 'no-store');
      return body;
    }) as unknown as UnderPressureHandler,
  });
}
