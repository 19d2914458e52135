import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
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
import type { AnswerValue, CreditCategory, ExamPaperRule, FeeMode, MultipleScoring, QuestionKind } from '@app/contracts';
import { users } from '../users/users.table';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Exam types (考试项目) with their notice: fee, eligibility, pass mark, certificate validity. */
export const examsTypes = pgTable('exams_types', {
  id: serial('id').primaryKey(),
  /** URL key: /examNotice/{type_name}. */
  typeName: text('type_name').notNull().unique(),
  name: text('name').notNull(),
  level: text('level').notNull(),
  summary: text('summary').notNull(),
  notice: text('notice').notNull(),
  syllabus: jsonb('syllabus').$type<string[]>().notNull(),
  feeMode: text('fee_mode').$type<FeeMode>().notNull(),
  /** Fen. */
  fee: integer('fee').notNull().default(0),
  passScore: integer('pass_score').notNull(),
  fullScore: integer('full_score').notNull().default(100),
  validityMonths: integer('validity_months').notNull(),
  minStar: smallint('min_star').notNull().default(0),
  minFinishedCourses: integer('min_finished_courses').notNull().default(0),
  /** Continuing-education credits a pass grants (tenths) and their category (专业科目 / 公需科目); null: none. */
  creditCategory: text('credit_category').$type<CreditCategory>(),
  credits: integer('credits'),
  sort: integer('sort').notNull().default(0),
  /** Last change of the notice (sitemap). */
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** The question bank, by exam type and knowledge point. */
export const examsQuestions = pgTable(
  'exams_questions',
  {
    id: serial('id').primaryKey(),
    typeId: integer('type_id')
      .notNull()
      .references(() => examsTypes.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<QuestionKind>().notNull(),
    knowledgePoint: text('knowledge_point').notNull(),
    difficulty: smallint('difficulty').notNull(),
    stem: text('stem').notNull(),
    options: jsonb('options').$type<string[]>().notNull(),
    /** single/multiple: option indexes; judge: boolean; fill: accepted answers; short: reference answer. */
    answer: jsonb('answer').$type<number[] | boolean | string[] | string>().notNull(),
    score: integer('score').notNull(),
    analysis: text('analysis').notNull().default(''),
    active: boolean('active').notNull().default(true),
    /** Stable key of seeded rows (idempotent seed). */
    seedKey: text('seed_key').unique(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('exams_questions_type_idx').on(t.typeId, t.kind, t.knowledgePoint)],
);

/** Papers: fixed (exams_paper_questions) or drawn per candidate from `rules`. */
export const examsPapers = pgTable('exams_papers', {
  id: serial('id').primaryKey(),
  typeId: integer('type_id')
    .notNull()
    .references(() => examsTypes.id, { onDelete: 'cascade' }),
  title: text('title').notNull(),
  mode: text('mode', { enum: ['fixed', 'random'] }).notNull(),
  durationMinutes: integer('duration_minutes').notNull(),
  multipleScoring: text('multiple_scoring').$type<MultipleScoring>().notNull(),
  shuffleQuestions: boolean('shuffle_questions').notNull(),
  shuffleOptions: boolean('shuffle_options').notNull(),
  allowReview: boolean('allow_review').notNull(),
  /** Leaves of the page that submit the paper; 0 counts them only. */
  maxLeaves: integer('max_leaves').notNull(),
  rules: jsonb('rules').$type<ExamPaperRule[]>().notNull(),
  seedKey: text('seed_key').unique(),
  createdAt: ts('created_at').notNull(),
});

export const examsPaperQuestions = pgTable(
  'exams_paper_questions',
  {
    paperId: integer('paper_id')
      .notNull()
      .references(() => examsPapers.id, { onDelete: 'cascade' }),
    questionId: integer('question_id')
      .notNull()
      .references(() => examsQuestions.id),
    position: integer('position').notNull(),
    score: integer('score').notNull(),
  },
  (t) => [primaryKey({ columns: [t.paperId, t.questionId] })],
);

/** Sessions (场次): registration and exam windows of one paper. */
export const examsSessions = pgTable(
  'exams_sessions',
  {
    id: serial('id').primaryKey(),
    typeId: integer('type_id')
      .notNull()
      .references(() => examsTypes.id, { onDelete: 'cascade' }),
    paperId: integer('paper_id')
      .notNull()
      .references(() => examsPapers.id),
    title: text('title').notNull(),
    registerStart: ts('register_start').notNull(),
    registerEnd: ts('register_end').notNull(),
    examStart: ts('exam_start').notNull(),
    examEnd: ts('exam_end').notNull(),
    maxAttempts: integer('max_attempts').notNull().default(1),
    /** Staff's choice: a candidate who has passed may still use the attempts left (otherwise a pass ends the session for them). */
    retakeAfterPass: boolean('retake_after_pass').notNull().default(false),
    capacity: integer('capacity'),
    seedKey: text('seed_key').unique(),
  },
  (t) => [
    check('exams_sessions_windows_ck', sql`${t.registerStart} < ${t.registerEnd} AND ${t.examStart} < ${t.examEnd}`),
  ],
);

export const examsRegistrations = pgTable(
  'exams_registrations',
  {
    id: serial('id').primaryKey(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => examsSessions.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    state: text('state', { enum: ['pending_payment', 'registered'] }).notNull(),
    /** The paid order (paid exams). */
    orderNo: text('order_no'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('exams_registrations_one_uq').on(t.sessionId, t.userId),
    index('exams_registrations_user_idx').on(t.userId),
  ],
);

/** One question as it appears on an attempt: fixed when the attempt starts. */
export interface AttemptItem {
  /** Question id. */
  q: number;
  /** Score of this question on this attempt. */
  s: number;
  /** Option keys in display order. */
  o: number[];
}

/**
 * Attempts. The deadline is fixed at start (never past the session's close); an in-progress attempt past it is
 * closed by the sweep or by the next read/write, whichever comes first, with one conditional update.
 */
export const examsAttempts = pgTable(
  'exams_attempts',
  {
    id: serial('id').primaryKey(),
    registrationId: integer('registration_id')
      .notNull()
      .references(() => examsRegistrations.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    state: text('state', { enum: ['in_progress', 'submitted', 'graded'] }).notNull(),
    /** The login session the attempt is bound to (auth session id). */
    authSessionId: integer('auth_session_id').notNull(),
    items: jsonb('items').$type<AttemptItem[]>().notNull(),
    questionIds: integer('question_ids').array().notNull(),
    startedAt: ts('started_at').notNull(),
    deadline: ts('deadline').notNull(),
    submittedAt: ts('submitted_at'),
    submitReason: text('submit_reason', { enum: ['manual', 'deadline', 'leaves'] }),
    leaveCount: integer('leave_count').notNull().default(0),
    takeovers: integer('takeovers').notNull().default(0),
    score: doublePrecision('score'),
    passed: boolean('passed'),
    pendingGrading: integer('pending_grading').notNull().default(0),
    gradedAt: ts('graded_at'),
  },
  (t) => [
    uniqueIndex('exams_attempts_seq_uq').on(t.registrationId, t.seq),
    // At most one open attempt per registration.
    uniqueIndex('exams_attempts_one_open_uq')
      .on(t.registrationId)
      .where(sql`${t.state} = 'in_progress'`),
    index('exams_attempts_open_deadline_idx')
      .on(t.deadline)
      .where(sql`${t.state} = 'in_progress'`),
    index('exams_attempts_user_idx').on(t.userId),
    // The staff export of results by period, read in (submitted_at, id) batches.
    index('exams_attempts_submitted_idx')
      .on(t.submittedAt, t.id)
      .where(sql`${t.submittedAt} IS NOT NULL`),
  ],
);

/** Saved answers: one row per attempt and question, written by one UPSERT per autosave. */
export const examsAnswers = pgTable(
  'exams_answers',
  {
    attemptId: integer('attempt_id')
      .notNull()
      .references(() => examsAttempts.id, { onDelete: 'cascade' }),
    questionId: integer('question_id').notNull(),
    /** Wrapped as { v } so a text answer that looks like JSON ("1", "true") reads back as text. */
    answer: jsonb('answer').$type<{ v: AnswerValue | null } | null>(),
    flagged: boolean('flagged').notNull().default(false),
    updatedAt: ts('updated_at').notNull(),
    /** Set by grading (objective on submission, short answers by staff). */
    earned: doublePrecision('earned'),
    needsGrading: boolean('needs_grading').notNull().default(false),
    gradedBy: integer('graded_by').references(() => users.id, { onDelete: 'set null' }),
    gradedAt: ts('graded_at'),
    comment: text('comment'),
  },
  (t) => [
    primaryKey({ columns: [t.attemptId, t.questionId] }),
    index('exams_answers_grading_idx')
      .on(t.attemptId)
      .where(sql`${t.needsGrading} AND ${t.gradedAt} IS NULL`),
  ],
);

export const examsCertificates = pgTable(
  'exams_certificates',
  {
    id: serial('id').primaryKey(),
    number: text('number').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    attemptId: integer('attempt_id').references(() => examsAttempts.id, { onDelete: 'set null' }),
    typeId: integer('type_id')
      .notNull()
      .references(() => examsTypes.id),
    holderName: text('holder_name').notNull(),
    examName: text('exam_name').notNull(),
    level: text('level').notNull(),
    score: doublePrecision('score').notNull(),
    issuedAt: ts('issued_at').notNull(),
    validUntil: ts('valid_until').notNull(),
    revokedAt: ts('revoked_at'),
    revokeReason: text('revoke_reason'),
    revokedBy: integer('revoked_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('exams_certificates_number_uq').on(t.number),
    uniqueIndex('exams_certificates_attempt_uq').on(t.attemptId),
    index('exams_certificates_user_idx').on(t.userId),
  ],
);

/** The platform's Open Badges signing key pair, made once and shared by every process. */
export const examsKeys = pgTable('exams_keys', {
  name: text('name').primaryKey(),
  publicKey: text('public_key').notNull(),
  privateKey: text('private_key').notNull(),
  createdAt: ts('created_at').notNull(),
});
