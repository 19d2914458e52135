import type { FastifyRequest } from 'fastify';
import type { Executor } from '../../db/sql';
import { userOf } from '../../lib/auth';
import type { Clock } from '../../lib/clock';
import { auditRepository as repo } from './audit.repository';

/** Who did a staff write: taken from the request the permission guard let through. */
export interface AuditActor {
  /** null for the command line (`npm run admin:create`). */
  id: number | null;
  phone: string | null;
  roles: readonly string[];
  ip: string | null;
}

/** A staff member acting through a request (never the command line). */
export interface StaffActor extends AuditActor {
  id: number;
  phone: string;
}

/** Where a request keeps how many audit rows its staff write recorded (read by the check in audit.check.ts). */
export const AUDIT_COUNT = Symbol('auditCount');
/** Set on a staff write that changed nothing to record (a dry run, one chunk of an upload): see `auditNotNeeded`. */
export const AUDIT_NOT_NEEDED = Symbol('auditNotNeeded');
/** The actor of a request carries this: `record` calls it, so the request knows its write was recorded. */
const ON_RECORDED = Symbol('onRecorded');

declare module 'fastify' {
  interface FastifyRequest {
    [AUDIT_COUNT]?: number;
    [AUDIT_NOT_NEEDED]?: string;
  }
}

/**
 * Says that this staff request changes nothing worth a row, with the reason (kept for the log): a dry run that only
 * checks a file, one chunk of an upload whose last chunk records the change. Everything else records its row.
 */
export function auditNotNeeded(request: FastifyRequest, reason: string): void {
  request[AUDIT_NOT_NEEDED] = reason;
}

export function auditActor(request: FastifyRequest): StaffActor {
  const user = userOf(request);
  const actor: StaffActor = { id: user.id, phone: user.phone, roles: user.staffRoles, ip: request.ip ?? null };
  Object.defineProperty(actor, ON_RECORDED, {
    enumerable: false,
    value: () => {
      request[AUDIT_COUNT] = (request[AUDIT_COUNT] ?? 0) + 1;
    },
  });
  return actor;
}

/** One staff write: what changed. `before` is null for a creation, `after` null for a removal. */
export interface AuditChange {
  action: string;
  entity: string;
  entityId: string | number | null;
  before: unknown;
  after: unknown;
}

/**
 * The audit trail port. `record` must be called with the transaction of the write it describes, so both commit or
 * neither does:
 *
 *   await db.transaction(async (tx) => {
 *     const before = ...; const after = await repo.update(tx, ...);
 *     await audit.record(tx, actor, { action: 'invoice.reject', entity: 'invoice', entityId: id, before, after });
 *   });
 */
export function createAuditTrail(deps: { clock: Clock }) {
  return {
    async record(tx: Executor, actor: AuditActor, change: AuditChange): Promise<void> {
      await repo.insert(tx, {
        at: deps.clock.now(),
        actorId: actor.id,
        actorPhone: actor.phone,
        actorRoles: actor.roles,
        action: change.action,
        entity: change.entity,
        entityId: change.entityId === null ? null : String(change.entityId),
        before: change.before,
        after: change.after,
        ip: actor.ip,
      });
      (actor as { [ON_RECORDED]?: () => void })[ON_RECORDED]?.();
    },
  };
}
export type AuditTrail = ReturnType<typeof createAuditTrail>;
