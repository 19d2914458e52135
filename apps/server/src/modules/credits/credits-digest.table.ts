import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { LearningDigestSmsParams } from '../auth';
import { users } from '../users/users.table';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A learner's choice to get the weekly learning digest by SMS too; no row: message centre only. */
export const creditsDigestSettings = pgTable('credits_digest_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  sms: boolean('sms').notNull(),
  updatedAt: ts('updated_at').notNull(),
});

/**
 * One week's walk over the learners (id order): the last learner looked at and when the walk ended. The process
 * sending a batch holds the row (`FOR UPDATE SKIP LOCKED`) for that batch's transaction, so processes take turns and
 * never look at the same learners; the cursor moves in the transaction that writes the batch's messages.
 */
export const creditsDigestWeeks = pgTable('credits_digest_weeks', {
  /** The ISO week the digests report on (the week before they are sent), e.g. 2026-W48. */
  week: text('week').primaryKey(),
  afterUserId: integer('after_user_id').notNull().default(0),
  startedAt: ts('started_at').notNull(),
  doneAt: ts('done_at'),
});

export type DigestSmsState = 'pending' | 'sending' | 'sent' | 'failed' | 'limited' | 'unavailable';

/**
 * Each digest sent: once per learner and week, by the primary key, in the transaction that writes the message. `sms`
 * is null when the learner did not ask for an SMS; `pending` is claimed (`sending`) by one process before the
 * provider is called, so an SMS goes at most once even when a process dies around the call.
 */
export const creditsDigests = pgTable(
  'credits_digests',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    week: text('week').notNull(),
    sentAt: ts('sent_at').notNull(),
    sms: text('sms').$type<DigestSmsState>(),
    /** The SMS's values as of the digest, so a later run can send a pending one unchanged. */
    smsParams: jsonb('sms_params').$type<LearningDigestSmsParams>(),
    smsAt: ts('sms_at'),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.week] }),
    // SMS left pending by a process that stopped between its batch and the provider calls, found by the next run.
    index('credits_digests_sms_pending_idx').on(t.week).where(sql`${t.sms} = 'pending'`),
  ],
);
