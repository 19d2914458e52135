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

/**
 * Think-tank experts (智库专家): the profiles /expertDatabase shows and the Q&A area links to expert accounts.
 * Written through `expertProfiles` (index.ts).
 */
export const contentExperts = pgTable(
  'content_experts',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** Professional title, e.g. 注册税务师、高级会计师. */
    title: text('title').notNull(),
    organisation: text('organisation').notNull(),
    /** Same-origin URL of the photo, or null. */
    photo: text('photo'),
    /** Fields of expertise, e.g. 个人所得税, 企业所得税, 管理会计. */
    fields: text('fields')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    introduction: text('introduction').notNull(),
    /** Representative works (books, papers, projects), one per entry. */
    works: jsonb('works').$type<string[]>().notNull().default([]),
    sort: integer('sort').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('content_experts_name_org_uq').on(t.name, t.organisation)],
);
