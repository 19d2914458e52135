import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BlockList, isIP } from 'node:net';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { defaultErrorMessages } from '@app/contracts';
import { poolStats, type Db } from '../db/client';
import { businessMetrics } from '../lib/metrics';
import type { LoadShedding } from './load-shedding';

export interface MetricsOptions {
  db: Db;
  /** Client addresses/CIDRs allowed without a token (the TCP peer, not X-Forwarded-For). */
  allow: string[];
  /** Bearer token that opens /metrics from anywhere. */
  token: string | undefined;
  /** Pending keys of the learning-time buffer (learning module), if it exists. */
  learningBufferSize: () => number | undefined;
  /** Load shedding's thresholds and counts, if it runs. */
  loadShedding?: LoadShedding;
}

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * GET /metrics in Prometheus text format: requests and latency by route and status, event-loop lag, heap and the
 * rest of Node's default series, the database pool, the learning-time buffer, SMS sends and payment notifications.
 * Answered only to an allowed peer address or with `Authorization: Bearer <METRICS_TOKEN>`; anyone else gets 404,
 * as if it did not exist.
 */
export function registerMetrics(app: FastifyInstance, opts: MetricsOptions): void {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });

  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer HTTP requests, by method, route pattern and status',
    labelNames,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  new Gauge({
    name: 'db_pool_connections',
    help: 'PostgreSQL pool: open connections, connections in use, requests waiting for one',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const s = poolStats(opts.db);
      if (!s) return;
      this.set({ state: 'total' }, s.total);
      this.set({ state: 'in_use' }, s.inUse);
      this.set({ state: 'waiting' }, s.waiting);
    },
  });
  new Gauge({
    name: 'learning_buffer_keys',
    help: 'Learning-time increments waiting in this process for the next write',
    registers: [registry],
    collect() {
      this.set(opts.learningBufferSize() ?? 0);
    },
  });

  const shedding = opts.loadShedding;
  if (shedding) {
    new Gauge({
      name: 'load_shed_threshold',
      help: 'Load shedding thresholds of this process (0: that check is off): event-loop delay in seconds, heap and RSS in bytes',
      labelNames: ['kind'] as const,
      registers: [registry],
      collect() {
        const t = shedding.thresholds;
        this.set({ kind: 'event_loop_delay_seconds' }, t.maxEventLoopDelayMs / 1000);
        this.set({ kind: 'heap_used_bytes' }, t.maxHeapUsedBytes);
        this.set({ kind: 'rss_bytes' }, t.maxRssBytes);
      },
    });
    new Gauge({
      name: 'load_shed_requests_total',
      help: 'Requests answered 503 at once because the process was over a load threshold, by reason',
      labelNames: ['reason'] as const,
      registers: [registry],
      collect() {
        for (const [reason, count] of Object.entries(shedding.shed)) this.set({ reason }, count);
      },
    });
  }

  app.addHook('onResponse', async (request, reply) => {
    // The route pattern (/api/courses/:id), never the raw URL, so the series stay few.
    const route = request.routeOptions.url ?? (reply.statusCode === 404 ? 'not_found' : 'unmatched');
    if (route === '/metrics') return;
    const labels = { method: request.method, route, status: String(reply.statusCode) };
    requests.inc(labels);
    latency.observe(labels, reply.elapsedTime / 1000);
  });

  const trusted = addressList(opts.allow);
  const token = opts.token ? Buffer.from(`Bearer ${opts.token}`) : undefined;
  const allowed = (request: FastifyRequest) => {
    const auth = request.headers.authorization;
    if (token && typeof auth === 'string') {
      const given = Buffer.from(auth);
      if (given.length === token.length && timingSafeEqual(given, token)) return true;
    }
    const peer = request.raw.socket.remoteAddress;
    return peer !== undefined && trusted(peer);
  };

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!allowed(request)) {
      return reply.code(404).send({ code: 404, message: defaultErrorMessages[404], data: null });
    }
    const merged = Registry.merge([registry, businessMetrics]);
    return reply.type(merged.contentType).send(await merged.metrics());
  });
}

/** Addresses and CIDRs (`10.0.0.0/8`, `::1`) as a matcher of peer addresses; IPv4-mapped IPv6 peers match IPv4. */
export function addressList(entries: string[]): (address: string) => boolean {
  const list = new BlockList();
  for (const entry of entries) {
    const [addr = '', prefix] = entry.split('/');
    const family = isIP(addr);
    if (family === 0) throw new Error(`METRICS_ALLOW: not an address: ${entry}`);
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (prefix === undefined) list.addAddress(addr, type);
    else list.addSubnet(addr, Number(prefix), type);
  }
  return (address) => {
    const v4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
    if (v4) return list.check(v4, 'ipv4');
    const family = isIP(address);
    return family !== 0 && list.check(address, family === 4 ? 'ipv4' : 'ipv6');
  };
}
