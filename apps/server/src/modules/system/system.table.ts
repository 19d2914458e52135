import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** Seed modules already applied to this database, so a restart does not re-run them. */
export const systemSeedRuns = pgTable('system_seed_runs', {
  name: text('name').primaryKey(),
  ranAt: timestamp('ran_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Answers to writes that carried an `Idempotency-Key` (plugins/idempotency.ts): a repeat of the same key by the same
 * caller on the same route within a day gets the stored answer and writes nothing. `status` is null while the first
 * request is still being handled.
 */
export const systemIdempotencyKeys = pgTable(
  'system_idempotency_keys',
  {
    /** Who and where: `${userId or 'ip:'+address} ${METHOD} ${route pattern}`. */
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    /** sha256 of the request's params and body: the same key with other content is refused. */
    fingerprint: text('fingerprint').notNull(),
    status: integer('status'),
    contentType: text('content_type'),
    body: text('body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] }), index('system_idempotency_keys_created_idx').on(t.createdAt)],
);
