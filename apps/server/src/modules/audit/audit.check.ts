import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../lib/clock';
import type { Db } from '../../db/client';
import { AUDIT_COUNT, AUDIT_NOT_NEEDED } from './audit.service';
import { auditRepository as repo } from './audit.repository';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set by defineRoute on a write (not GET) guarded by a staff permission: its success must leave an audit row. */
    staffWrite?: boolean;
  }
}

/**
 * Every successful staff write leaves an audit row. A staff write route records its row through
 * `createAuditTrail(deps).record(tx, auditActor(request), change)` in the write's transaction; this check, run on every
 * staff write's answer, catches one that did not:
 * - under `NODE_ENV=test` the answer becomes a 500, so the route's own test fails and names it;
 * - elsewhere a row is still written (action `METHOD /route`, the path's id, the request body as `after`) and a
 *   warning logged, so the log never misses a change.
 */
export function registerAuditCheck(app: FastifyInstance, deps: { db: Db; clock: Clock; strict: boolean }): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.routeOptions.config.staffWrite) return payload;
    if (reply.statusCode < 200 || reply.statusCode >= 300 || (request[AUDIT_COUNT] ?? 0) > 0) return payload;
    if (request[AUDIT_NOT_NEEDED]) return payload;
    const route = `${request.method} ${request.routeOptions.url}`;
    if (deps.strict) {
      request.log.error({ route }, 'staff write answered without an audit row');
      reply.code(500).type('application/json; charset=utf-8');
      return JSON.stringify({ code: 500, message: `staff write without an audit row: ${route}`, data: null });
    }
    request.log.warn({ route }, 'staff write answered without an audit row; recording a generic one');
    const user = request.user;
    const params = (request.params ?? {}) as Record<string, unknown>;
    const id = params.id ?? params.number ?? null;
    await repo
      .insert(deps.db, {
        at: deps.clock.now(),
        actorId: user?.id ?? null,
        actorPhone: user?.phone ?? null,
        actorRoles: user?.staffRoles ?? [],
        action: route,
        entity: (request.routeOptions.url ?? '').replace(/^\/api\/admin\//, '').split('/')[0] ?? 'unknown',
        entityId: id === null ? null : String(id),
        before: null,
        // A multipart body (a file) is not copied into the log.
        after: /^multipart\//i.test(request.headers['content-type'] ?? '') ? null : (request.body ?? null),
        ip: request.ip ?? null,
      })
      .catch((err: unknown) => request.log.error({ err, route }, 'recording the generic audit row failed'));
    return payload;
  });
}
