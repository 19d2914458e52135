import { customType, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../users/users.table';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

export interface TocItem {
  title: string;
  page: number;
}

/** A monthly issue of the e-magazine. Unpublished issues are seen by staff only. */
export const magazineIssues = pgTable(
  'magazine_issues',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    issueNo: smallint('issue_no').notNull(),
    year: smallint('year').notNull(),
    month: smallint('month').notNull(),
    summary: text('summary').notNull().default(''),
    toc: jsonb('toc').$type<TocItem[]>().notNull().default([]),
    pageCount: integer('page_count').notNull(),
    samplePages: integer('sample_pages').notNull(),
    fileBytes: integer('file_bytes').notNull(),
    /** Cover colours of the generated cover art. */
    coverHue: smallint('cover_hue').notNull().default(210),
    publishedAt: ts('published_at'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [uniqueIndex('magazine_issues_year_month_uq').on(t.year, t.month), index('magazine_issues_published_idx').on(t.publishedAt)],
);

/**
 * The PDFs of an issue: `full` for entitled readers, `sample` (its first pages only, a separate file) for the
 * others. The file itself is kept in storage as `magazines/<issue id>-<kind>.pdf`; this row records its size and
 * version. `bytes` is only set on rows written before the files moved to storage (and by the demo seed, which runs
 * without storage): such a file is copied into storage at start-up or on its first request, then cleared here.
 */
export const magazineFiles = pgTable(
  'magazine_files',
  {
    issueId: integer('issue_id')
      .notNull()
      .references(() => magazineIssues.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['full', 'sample'] }).notNull(),
    bytes: bytea('bytes'),
    size: integer('size').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.issueId, t.kind] })],
);

/** The last page a reader was on, per issue (read on one device, continued on another). */
export const magazineProgress = pgTable(
  'magazine_progress',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    issueId: integer('issue_id')
      .notNull()
      .references(() => magazineIssues.id, { onDelete: 'cascade' }),
    page: integer('page').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.issueId] })],
);
