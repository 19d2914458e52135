import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { BaseManagerStatus } from '@app/contracts';
import { users } from '../users/users.table';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Applications to run a regional learning base (学习基地负责人申请, POST /api/apply_xx_manager). One pending
 * application per account and base, by a partial unique index; staff answer it once (pending -> approved|rejected).
 */
export const regionsManagerApplications = pgTable(
  'regions_manager_applications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organisation: text('organisation').notNull(),
    /** Sub-domain code of the base (LEARNING_BASES). */
    region: text('region').notNull(),
    contact: text('contact').notNull(),
    phone: text('phone').notNull(),
    qualifications: text('qualifications').notNull(),
    /** Stored file name under DATA_DIR/uploads/regions (32 hex characters and the stored type's extension). */
    attachmentFile: text('attachment_file'),
    /** The uploader's file name, for display only. */
    attachmentName: text('attachment_name'),
    attachmentMime: text('attachment_mime'),
    attachmentSize: integer('attachment_size'),
    status: text('status').$type<BaseManagerStatus>().notNull().default('pending'),
    reviewReason: text('review_reason'),
    reviewedAt: ts('reviewed_at'),
    reviewedBy: integer('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    /** Client address of the submission (the per-address limit counts these). */
    ip: text('ip').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    // A second click, a second tab or a second process cannot make two pending applications for one base.
    uniqueIndex('regions_manager_applications_one_pending_uq')
      .on(t.userId, t.region)
      .where(sql`${t.status} = 'pending'`),
    // The applicant's list and the per-account limit.
    index('regions_manager_applications_user_idx').on(t.userId, t.createdAt),
    // The per-address limit.
    index('regions_manager_applications_ip_idx').on(t.ip, t.createdAt),
    // The staff list by status, newest first.
    index('regions_manager_applications_status_idx').on(t.status, t.createdAt),
    check('regions_manager_applications_status_ck', sql`${t.status} IN ('pending', 'approved', 'rejected')`),
  ],
);
export type ManagerApplicationRow = typeof regionsManagerApplications.$inferSelect;
