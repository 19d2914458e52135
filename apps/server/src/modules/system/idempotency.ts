import { createHash } from 'node:crypto';
import { and, eq, isNull, lt } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_PATTERN, idempotencyMessages as m } from '@app/contracts';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { systemIdempotencyKeys as keys } from './system.table';

/** How long a key is remembered: a person who repeats an action within a day gets the first answer. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60_000;
/** A first request that has not answered in this time is taken as lost (its process died) and may be tried again. */
const IN_FLIGHT_STALE_MS = 2 * 60_000;
const CLEANUP_INTERVAL_MS = 60 * 60_000;

interface Reservation {
  scope: string;
  key: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    idempotency?: Reservation;
  }
  interface FastifyContextConfig {
    /** Set by defineRoute from the descriptor's `idempotent`: the route honours `Idempotency-Key`. */
    idempotent?: boolean;
  }
}

function fingerprintOf(request: FastifyRequest): string {
  return createHash('sha256')
    .update(JSON.stringify([request.params ?? null, request.body ?? null]))
    .digest('hex');
}

/**
 * `Idempotency-Key` for the writes a person repeats (an order, an application, a comment, a note, a question, a staff
 * publish; their descriptors say `idempotent: true`). The first request with a key reserves it in the database in
 * its own statement, so two processes cannot both run it; its 2xx answer is stored; a repeat within a day gets that
 * answer with `Idempotency-Replayed: true` and runs nothing. A repeat while the first is still running answers 409; the
 * same key with a different body answers 422; a failed first answer (4xx/5xx) frees the key for a corrected retry.
 */
export function registerIdempotency(app: FastifyInstance, deps: { db: Db; clock: Clock }): void {
  const { db, clock } = deps;

  app.addHook('preHandler', async (request, reply) => {
    if (!request.routeOptions.config.idempotent) return;
    const header = request.headers[IDEMPOTENCY_KEY_HEADER];
    if (header === undefined) return;
    if (typeof header !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(header)) {
      throw AppError.badRequest(m.idempotencyKeyInvalid);
    }
    const who = request.user ? String(request.user.id) : `ip:${request.ip}`;
    const scope = `${who} ${request.method} ${request.routeOptions.url}`;
    const fingerprint = fingerprintOf(request);

    for (let attempt = 0; attempt < 2; attempt++) {
      const now = clock.now();
      const reserved = await db
        .insert(keys)
        .values({ scope, key: header, fingerprint, createdAt: now })
        .onConflictDoNothing()
        .returning({ key: keys.key });
      if (reserved.length === 1) {
        request.idempotency = { scope, key: header };
        return;
      }
      const [found] = await db
        .select()
        .from(keys)
        .where(and(eq(keys.scope, scope), eq(keys.key, header)));
      if (!found) continue; // freed between the two statements: reserve again
      const age = now.getTime() - found.createdAt.getTime();
      const expired = age > IDEMPOTENCY_TTL_MS || (found.status === null && age > IN_FLIGHT_STALE_MS);
      if (expired) {
        await db
          .delete(keys)
          .where(and(eq(keys.scope, scope), eq(keys.key, header), eq(keys.createdAt, found.createdAt)));
        continue;
      }
      if (found.fingerprint !== fingerprint) throw new AppError(422, m.idempotencyKeyReused);
      if (found.status === null) throw AppError.conflict(m.idempotencyInFlight);
      return reply
        .code(found.status)
        .header('idempotency-replayed', 'true')
        .type(found.contentType ?? 'application/json; charset=utf-8')
        .send(found.body ?? '');
    }
    throw AppError.conflict(m.idempotencyInFlight);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const held = request.idempotency;
    if (!held) return payload;
    request.idempotency = undefined;
    const where = and(eq(keys.scope, held.scope), eq(keys.key, held.key), isNull(keys.status));
    try {
      if (reply.statusCode >= 200 && reply.statusCode < 300 && (typeof payload === 'string' || Buffer.isBuffer(payload))) {
        const contentType = reply.getHeader('content-type');
        await db
          .update(keys)
          .set({
            status: reply.statusCode,
            contentType: typeof contentType === 'string' ? contentType : null,
            body: typeof payload === 'string' ? payload : payload.toString('utf8'),
          })
          .where(where);
      } else {
        await db.delete(keys).where(where);
      }
    } catch (err) {
      // The write itself succeeded; a repeat will find the key in flight and, after a while, free.
      request.log.warn({ err }, 'storing the idempotent answer failed');
    }
    return payload;
  });

  const cleanup = setInterval(() => {
    const cutoff = new Date(clock.now().getTime() - IDEMPOTENCY_TTL_MS);
    db.delete(keys)
      .where(lt(keys.createdAt, cutoff))
      .catch((err: unknown) => app.log.warn({ err }, 'removing expired idempotency keys failed'));
  }, CLEANUP_INTERVAL_MS);
  cleanup.unref();
  app.addHook('onClose', async () => clearInterval(cleanup));
}
