import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ConversionKind, ConversionRole, ConversionRule, ConversionStatus, CreditCategory, CreditSource } from '@app/contracts';
import { courses } from '../courses/courses.table';
import { users } from '../users/users.table';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Continuing-education rules (学分规则), one row per version: staff never edit a rule in place, they write the next
 * version of a year's (and region's) rule, and every credit keeps the version it was granted under. Region null is
 * the national rule. Credits in tenths (学分 x 10).
 */
export const creditsRules = pgTable(
  'credits_rules',
  {
    id: serial('id').primaryKey(),
    year: integer('year').notNull(),
    region: text('region'),
    version: integer('version').notNull(),
    requiredTotal: integer('required_total').notNull(),
    professionalMin: integer('professional_min'),
    professionalShareNum: integer('professional_share_num'),
    professionalShareDen: integer('professional_share_den'),
    publicMin: integer('public_min'),
    minutesPerCredit: integer('minutes_per_credit').notNull(),
    conversions: jsonb('conversions').$type<ConversionRule[]>().notNull(),
    /** Last day (China time) a conversion of this year may be filed. */
    filingDeadline: date('filing_deadline', { mode: 'string' }).notNull(),
    /** The document the rule follows, as staff name it. */
    source: text('source').notNull(),
    /** Stable key of seeded rows (idempotent seed). */
    seedKey: text('seed_key').unique(),
    createdAt: ts('created_at').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('credits_rules_version_uq').on(t.year, sql`coalesce(${t.region}, '')`, t.version),
    check('credits_rules_share_ck', sql`(${t.professionalShareNum} IS NULL) = (${t.professionalShareDen} IS NULL)`),
  ],
);
export type CreditRuleRow = typeof creditsRules.$inferSelect;

/**
 * Credits granted to a member: one row per course finished, live class attended, exam passed or conversion approved,
 * in the year it counts for. Withdrawn rows stay (with when and why) and no longer count.
 */
export const creditsGrants = pgTable(
  'credits_grants',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    year: integer('year').notNull(),
    category: text('category').$type<CreditCategory>().notNull(),
    credits: integer('credits').notNull(),
    source: text('source').$type<CreditSource>().notNull(),
    /** The course, live class, exam session or conversion id. */
    sourceId: integer('source_id').notNull(),
    /** What it was, in words, as it was when granted. */
    title: text('title').notNull(),
    ruleId: integer('rule_id')
      .notNull()
      .references(() => creditsRules.id),
    grantedAt: ts('granted_at').notNull(),
    withdrawnAt: ts('withdrawn_at'),
    withdrawnReason: text('withdrawn_reason'),
  },
  (t) => [
    // Granted once: a second report of the same finish (two processes, a retry) finds the row there.
    uniqueIndex('credits_grants_once_uq').on(t.userId, t.source, t.sourceId),
    index('credits_grants_user_year_idx').on(t.userId, t.year),
    check('credits_grants_credits_ck', sql`${t.credits} > 0`),
  ],
);
export type CreditGrantRow = typeof creditsGrants.$inferSelect;

/** A course's credit setting (学分类别 and 学分); a course without a row grants no credits. */
export const creditsCourseSettings = pgTable(
  'credits_course_settings',
  {
    courseId: integer('course_id')
      .primaryKey()
      .references(() => courses.id, { onDelete: 'cascade' }),
    category: text('category').$type<CreditCategory>().notNull(),
    credits: integer('credits').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  // Suggested courses walk a category from the most credits down and stop at the first few not yet credited.
  (t) => [index('credits_course_settings_order_idx').on(t.category, t.credits.desc(), t.courseId)],
);

/** Where a member's continuing education is registered (CREDIT_REGIONS); no row: the national rule. */
export const creditsProfiles = pgTable(
  'credits_profiles',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    region: text('region').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId] })],
);

/**
 * 学分折算 filings: an activity with its evidence file (kept under DATA_DIR/uploads/credits). One row per filing;
 * staff answer a pending one once; an approved one points at the grant it made, and withdrawing it withdraws that
 * grant. The same evidence (by its SHA-256) cannot be filed twice by one member unless the first was rejected.
 */
export const creditsConversions = pgTable(
  'credits_conversions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<ConversionKind>().notNull(),
    role: text('role').$type<ConversionRole>().notNull(),
    title: text('title').notNull(),
    activityDate: date('activity_date', { mode: 'string' }).notNull(),
    year: integer('year').notNull(),
    /** Credits (tenths) the activity year's rule gives it, fixed at filing. */
    credits: integer('credits').notNull(),
    ruleId: integer('rule_id')
      .notNull()
      .references(() => creditsRules.id),
    evidenceFile: text('evidence_file').notNull(),
    evidenceName: text('evidence_name').notNull(),
    evidenceMime: text('evidence_mime').notNull(),
    evidenceSize: integer('evidence_size').notNull(),
    evidenceSha256: text('evidence_sha256').notNull(),
    status: text('status').$type<ConversionStatus>().notNull().default('pending'),
    reason: text('reason'),
    grantId: integer('grant_id').references(() => creditsGrants.id),
    reviewedAt: ts('reviewed_at'),
    reviewedBy: integer('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('credits_conversions_evidence_uq').on(t.userId, t.evidenceSha256).where(sql`${t.status} <> 'rejected'`),
    index('credits_conversions_user_idx').on(t.userId, t.createdAt),
    index('credits_conversions_status_idx').on(t.status, t.createdAt),
  ],
);
export type ConversionRow = typeof creditsConversions.$inferSelect;

/**
 * 继续教育学时证明: one per member and year while valid (a partial unique index), with what it certified as it was
 * when issued. Its id is its place in the revocation list (CREDIT_STATUS_PATH).
 */
export const creditsCertificates = pgTable(
  'credits_certificates',
  {
    id: serial('id').primaryKey(),
    number: text('number').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    year: integer('year').notNull(),
    holderName: text('holder_name').notNull(),
    /** Masked when given (the certificate never carries the whole number). */
    idNumberMasked: text('id_number_masked'),
    total: integer('total').notNull(),
    professional: integer('professional').notNull(),
    public: integer('public').notNull(),
    items: jsonb('items').$type<{ title: string; category: CreditCategory; credits: number; source: CreditSource }[]>().notNull(),
    ruleId: integer('rule_id')
      .notNull()
      .references(() => creditsRules.id),
    issuedAt: ts('issued_at').notNull(),
    revokedAt: ts('revoked_at'),
    revokeReason: text('revoke_reason'),
  },
  (t) => [uniqueIndex('credits_certificates_valid_uq').on(t.userId, t.year).where(sql`${t.revokedAt} IS NULL`)],
);
export type CreditCertificateRow = typeof creditsCertificates.$inferSelect;
