import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { StandardKind } from '@app/contracts';
import { courses } from '../courses/courses.table';
import { examsTypes } from '../exams/exams.table';
import { users } from '../users/users.table';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Standards and policies (准则与政策) that courses and exam types teach. */
export const standards = pgTable(
  'standards',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').$type<StandardKind>().notNull(),
    name: text('name').notNull(),
    issuer: text('issuer').notNull(),
    docNumber: text('doc_number'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('standards_name_uq').on(t.name),
    check('standards_kind_ck', sql`${t.kind} IN ('standard', 'policy')`),
  ],
);
export type StandardRow = typeof standards.$inferSelect;

/**
 * A course or an exam type (exactly one) that teaches a standard. `updatedThrough` is the last change of the standard
 * the content has been brought up to (0: none recorded yet); a later change puts the notice on the public page until
 * staff mark the content updated. Linking sets it to the standard's latest change: linked content is taken as current.
 */
export const standardsLinks = pgTable(
  'standards_links',
  {
    id: serial('id').primaryKey(),
    standardId: integer('standard_id')
      .notNull()
      .references(() => standards.id, { onDelete: 'cascade' }),
    courseId: integer('course_id').references(() => courses.id, { onDelete: 'cascade' }),
    examTypeId: integer('exam_type_id').references(() => examsTypes.id, { onDelete: 'cascade' }),
    updatedThrough: integer('updated_through').notNull().default(0),
    /** When staff last marked the content updated for a change (null: never). */
    updatedAt: ts('updated_at'),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    linkedAt: ts('linked_at').notNull(),
  },
  (t) => [
    check('standards_links_target_ck', sql`num_nonnulls(${t.courseId}, ${t.examTypeId}) = 1`),
    uniqueIndex('standards_links_course_uq').on(t.standardId, t.courseId),
    uniqueIndex('standards_links_exam_type_uq').on(t.standardId, t.examTypeId),
    // The public notices of a course page and of an exam notice.
    index('standards_links_course_idx').on(t.courseId),
    index('standards_links_exam_type_idx').on(t.examTypeId),
  ],
);
export type StandardLinkRow = typeof standardsLinks.$inferSelect;

/**
 * A recorded change (修订) of a standard. The linked courses and exam types at that moment are kept with it: they
 * decide who is told, once each (standards_deliveries), in batches by the delivery job, which walks the recipients in
 * user order from `afterUserId` while it holds the row (FOR UPDATE SKIP LOCKED) and sets `deliveredAt` at the end.
 */
export const standardsChanges = pgTable(
  'standards_changes',
  {
    id: serial('id').primaryKey(),
    standardId: integer('standard_id')
      .notNull()
      .references(() => standards.id, { onDelete: 'cascade' }),
    changedOn: date('changed_on', { mode: 'string' }).notNull(),
    note: text('note').notNull(),
    courseIds: integer('course_ids').array().notNull(),
    examTypeIds: integer('exam_type_ids').array().notNull(),
    /** People to tell, counted when the change was recorded. */
    audience: integer('audience').notNull(),
    sent: integer('sent').notNull().default(0),
    afterUserId: integer('after_user_id').notNull().default(0),
    deliveredAt: ts('delivered_at'),
    recordedAt: ts('recorded_at').notNull(),
    recordedBy: integer('recorded_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    // A second click records nothing twice (and tells nobody twice).
    uniqueIndex('standards_changes_day_uq').on(t.standardId, t.changedOn),
    index('standards_changes_pending_idx').on(t.id).where(sql`${t.deliveredAt} IS NULL`),
  ],
);
export type StandardChangeRow = typeof standardsChanges.$inferSelect;

/** Each person told of a change: once, by the primary key, in the transaction that writes the message. */
export const standardsDeliveries = pgTable(
  'standards_deliveries',
  {
    changeId: integer('change_id')
      .notNull()
      .references(() => standardsChanges.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sentAt: ts('sent_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.changeId, t.userId] })],
);
