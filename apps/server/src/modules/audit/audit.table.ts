import { bigserial, index, integer, jsonb, text, timestamp, pgTable } from 'drizzle-orm/pg-core';

/**
 * Every staff write (issue: staff console): who, with which roles, when, what entity, before and after, from which
 * IP. Written in the same transaction as the write it records; append-only (a trigger refuses UPDATE and DELETE).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
    /** users.id of the actor; no foreign key, so the append-only rows never change when accounts do. */
    actorId: integer('actor_id'),
    /** The phone at the time of the write (the account may change it later). */
    actorPhone: text('actor_phone'),
    actorRoles: text('actor_roles').array().notNull(),
    /** e.g. `staff.set_roles`, `invoice.reject`. */
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at),
    index('audit_log_entity_idx').on(t.entity, t.entityId),
    index('audit_log_actor_idx').on(t.actorId, t.at),
  ],
);
