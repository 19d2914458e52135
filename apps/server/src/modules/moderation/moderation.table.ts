import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { MODERATION_KINDS, MODERATION_STATES } from '@app/contracts';
import { users } from '../users/users.table';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * The moderation queue: one row per reported or auto-flagged comment, question or chat message (kind + source_id).
 * The text is a snapshot taken when flagged or reported, so the queue lists without asking every source.
 */
export const moderationItems = pgTable(
  'moderation_items',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: MODERATION_KINDS }).notNull(),
    sourceId: integer('source_id').notNull(),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    context: text('context').notNull(),
    link: text('link'),
    state: text('state', { enum: MODERATION_STATES }).notNull().default('pending'),
    flaggedWords: text('flagged_words')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    reportCount: integer('report_count').notNull().default(0),
    hideReason: text('hide_reason'),
    handledBy: integer('handled_by').references(() => users.id, { onDelete: 'set null' }),
    handledAt: ts('handled_at'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('moderation_items_source_key').on(t.kind, t.sourceId),
    index('moderation_items_state_idx').on(t.state, t.updatedAt.desc(), t.id.desc()),
  ],
);

/** Users' reports: one per user and item (the unique key makes a second one a conflict). */
export const moderationReports = pgTable(
  'moderation_reports',
  {
    id: serial('id').primaryKey(),
    itemId: integer('item_id')
      .notNull()
      .references(() => moderationItems.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    note: text('note').notNull().default(''),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [uniqueIndex('moderation_reports_item_user_key').on(t.itemId, t.userId)],
);

/** Staff's additions to the filter library's list: extra sensitive words (blocked) and words never flagged (allowed). */
export const moderationWords = pgTable(
  'moderation_words',
  {
    kind: text('kind', { enum: ['blocked', 'allowed'] }).notNull(),
    word: text('word').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.word] })],
);
