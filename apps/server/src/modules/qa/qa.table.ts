import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { contentExperts } from '../content/content.table';
import { users } from '../users/users.table';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const userRef = (name: string) => integer(name).references(() => users.id, { onDelete: 'set null' });

export interface StoredReference {
  title: string;
  doc_no: string;
  url: string;
}

/** Expert accounts: a user linked to a think-tank expert profile, answering questions of some categories. */
export const qaExperts = pgTable(
  'qa_experts',
  {
    profileId: integer('profile_id')
      .primaryKey()
      .references(() => contentExperts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** QA_CATEGORIES names whose questions this expert sees in the queue. */
    categories: text('categories').array().notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [uniqueIndex('qa_experts_user_key').on(t.userId)],
);

/**
 * Questions. Stored status is waiting, answered or closed; "being answered" is a waiting question with a live claim
 * (claimed_by set and claim_expires_at in the future, or null for a staff assignment).
 */
export const qaQuestions = pgTable(
  'qa_questions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    category: text('category').notNull(),
    body: text('body').notNull(),
    /** Same-origin URLs of up to 3 images. */
    images: jsonb('images').$type<string[]>().notNull().default([]),
    isPublic: boolean('is_public').notNull(),
    /** The asker was a member when asking (the 2-working-day promise is measured on these). */
    isMember: boolean('is_member').notNull(),
    status: text('status', { enum: ['waiting', 'answered', 'closed'] })
      .notNull()
      .default('waiting'),
    hidden: boolean('hidden').notNull().default(false),
    askedAt: ts('asked_at').notNull(),
    dueAt: ts('due_at').notNull(),
    /** When the claimant gets the due-soon reminder (4 working hours before due_at). */
    dueSoonAt: ts('due_soon_at').notNull(),
    claimedBy: userRef('claimed_by'),
    /** Null with claimed_by set: assigned by staff, no expiry. */
    claimExpiresAt: ts('claim_expires_at'),
    answeredBy: userRef('answered_by'),
    answeredAt: ts('answered_at'),
    /** Sanitised HTML. */
    answerHtml: text('answer_html'),
    references: jsonb('references').$type<StoredReference[]>().notNull().default([]),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    usefulCount: integer('useful_count').notNull().default(0),
    rating: smallint('rating'),
    closedAt: ts('closed_at'),
    /** Set once by the conditional UPDATE that sends the reminder (several processes send it once). */
    dueSoonNotifiedAt: ts('due_soon_notified_at'),
    overdueNotifiedAt: ts('overdue_notified_at'),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    index('qa_questions_user_idx').on(t.userId, t.askedAt),
    index('qa_questions_status_due_idx').on(t.status, t.dueAt),
    index('qa_questions_public_idx').on(t.category, t.answeredAt),
    // Trigram indexes: search and similar-question suggestions match Chinese substrings.
    index('qa_questions_title_trgm_idx').using('gin', sql`${t.title} gin_trgm_ops`),
    index('qa_questions_body_trgm_idx').using('gin', sql`${t.body} gin_trgm_ops`),
  ],
);

/** Follow-up questions (at most 3 per question) and the expert's replies. */
export const qaFollowUps = pgTable(
  'qa_follow_ups',
  {
    id: serial('id').primaryKey(),
    questionId: integer('question_id')
      .notNull()
      .references(() => qaQuestions.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    askedAt: ts('asked_at').notNull(),
    answer: text('answer'),
    answeredAt: ts('answered_at'),
    answeredBy: userRef('answered_by'),
  },
  (t) => [index('qa_follow_ups_question_idx').on(t.questionId, t.id)],
);

/** "Useful" votes: one per user and question (the primary key makes a second one a no-op). */
export const qaVotes = pgTable(
  'qa_votes',
  {
    questionId: integer('question_id')
      .notNull()
      .references(() => qaQuestions.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.questionId, t.userId] })],
);

/** Uploaded question images; question_id is set when a question uses them. */
export const qaImages = pgTable(
  'qa_images',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    questionId: integer('question_id').references(() => qaQuestions.id, { onDelete: 'cascade' }),
    /** Random stored file name (32 hex characters and the detected extension). */
    fileName: text('file_name').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [uniqueIndex('qa_images_file_key').on(t.fileName), index('qa_images_user_idx').on(t.userId)],
);

/** Staff's work-calendar entries: override the chinese-days package and extend it to years it does not cover. */
export const qaHolidays = pgTable('qa_holidays', {
  date: date('date', { mode: 'string' }).primaryKey(),
  kind: text('kind', { enum: ['holiday', 'workday'] }).notNull(),
  name: text('name').notNull().default(''),
  updatedAt: ts('updated_at').notNull(),
});

/** One row per China day the staff summary was sent (the insert that wins sends it). */
export const qaDailySummaries = pgTable('qa_daily_summaries', {
  day: date('day', { mode: 'string' }).primaryKey(),
  sentAt: ts('sent_at').notNull(),
});

/** Finance consulting requests (/center/finance-consult): requested → scheduled (expert, time, channel) → done, or cancelled. */
export const qaConsultations = pgTable(
  'qa_consultations',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    topic: text('topic').notNull(),
    description: text('description').notNull(),
    preferredTime: text('preferred_time').notNull(),
    contactName: text('contact_name').notNull(),
    contactPhone: text('contact_phone').notNull(),
    status: text('status', { enum: ['requested', 'scheduled', 'done', 'cancelled'] })
      .notNull()
      .default('requested'),
    expertUserId: userRef('expert_user_id'),
    scheduledAt: ts('scheduled_at'),
    channel: text('channel'),
    channelNote: text('channel_note').notNull().default(''),
    cancelReason: text('cancel_reason').notNull().default(''),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    index('qa_consultations_user_idx').on(t.userId, t.createdAt),
    index('qa_consultations_expert_idx').on(t.expertUserId, t.scheduledAt),
  ],
);
