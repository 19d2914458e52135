import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';

/** Help-centre questions, shown grouped by guide type (`ttype`, HELP_TYPES). */
export const contentHelpProblems = pgTable(
  'content_help_problems',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    content: text('content').notNull(),
    ttype: integer('ttype').notNull(),
    sort: integer('sort').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('content_help_problems_ttype_name_uq').on(t.ttype, t.name),
    index('content_help_problems_ttype_sort_idx').on(t.ttype, t.sort),
    // Trigram index: the help-centre search matches Chinese substrings of the title.
    index('content_help_problems_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
  ],
);

/** Site-wide key/value settings (contact data, filing numbers ...), edited by admins, read by /api/common_data. */
export const contentSiteSettings = pgTable('content_site_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
