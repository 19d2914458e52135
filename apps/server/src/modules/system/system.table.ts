import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Seed modules already applied to this database, so a restart does not re-run them. */
export const systemSeedRuns = pgTable('system_seed_runs', {
  name: text('name').primaryKey(),
  ranAt: timestamp('ran_at', { withTimezone: true }).notNull().defaultNow(),
});
