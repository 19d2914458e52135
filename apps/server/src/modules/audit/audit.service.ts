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

export function auditActor(request: FastifyRequest): StaffActor {
  const user = userOf(request);
  return { id: user.id, phone: user.phone, roles: user.staffRoles, ip: request.ip ?? null };
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
    },
  };
}
export type AuditTrail = ReturnType<typeof createAuditTrail>;
