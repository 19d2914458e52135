import { and, desc, eq, gte, like, lt, sql, type SQL } from 'drizzle-orm';
import type { AuditEntry, AuditQuery, Paged } from '@app/contracts';
import { containsPattern, type Executor } from '../../db/sql';
import { auditLog } from './audit.table';

export interface AuditRecord {
  at: Date;
  actorId: number | null;
  actorPhone: string | null;
  actorRoles: readonly string[];
  action: string;
  entity: string;
  entityId: string | null;
  before: unknown;
  after: unknown;
  ip: string | null;
}

const CHINA_OFFSET = '+08:00';
const dayStart = (day: string) => new Date(`${day}T00:00:00${CHINA_OFFSET}`);

export const auditRepository = {
  async insert(tx: Executor, r: AuditRecord): Promise<void> {
    await tx.insert(auditLog).values({
      at: r.at,
      actorId: r.actorId,
      actorPhone: r.actorPhone,
      actorRoles: [...r.actorRoles],
      action: r.action,
      entity: r.entity,
      entityId: r.entityId,
      before: r.before ?? null,
      after: r.after ?? null,
      ip: r.ip,
    });
  },

  async page(db: Executor, q: AuditQuery): Promise<Paged<AuditEntry>> {
    const where: SQL[] = [];
    if (q.actor) where.push(like(auditLog.actorPhone, containsPattern(q.actor)));
    if (q.entity) where.push(eq(auditLog.entity, q.entity));
    if (q.entity_id) where.push(eq(auditLog.entityId, q.entity_id));
    if (q.action) where.push(eq(auditLog.action, q.action));
    if (q.from) where.push(gte(auditLog.at, dayStart(q.from)));
    if (q.to) where.push(lt(auditLog.at, new Date(dayStart(q.to).getTime() + 86_400_000)));
    const cond = where.length ? and(...where) : undefined;
    const [count] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(cond);
    const rows = await db
      .select()
      .from(auditLog)
      .where(cond)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(q.per)
      .offset((q.page - 1) * q.per);
    return {
      list: rows.map((r) => ({
        id: r.id,
        at: r.at.toISOString(),
        actor_id: r.actorId,
        actor_phone: r.actorPhone,
        actor_roles: r.actorRoles,
        action: r.action,
        entity: r.entity,
        entity_id: r.entityId,
        before: r.before ?? null,
        after: r.after ?? null,
        ip: r.ip,
      })),
      total: count?.n ?? 0,
      page: q.page,
      per: q.per,
    };
  },
};
