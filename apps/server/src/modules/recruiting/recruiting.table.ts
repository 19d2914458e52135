import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { talentAttachments } from '../talent/talent.table';
import { users } from '../users/users.table';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const userRef = (name: string) =>
  integer(name)
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/** A company account's profile and its verification (one per company account). */
export const recruitingCompanies = pgTable(
  'recruiting_companies',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    industry: text('industry'),
    unitSize: smallint('unit_size'),
    /** 'province:city'. */
    city: text('city'),
    address: text('address'),
    /** Stored file name under uploads/recruiting (served publicly: a logo is public). */
    logo: text('logo'),
    intro: text('intro'),
    contactName: text('contact_name'),
    contactPhone: text('contact_phone'),
    /** Stored file name of the business licence image (served to staff only). */
    licence: text('licence'),
    status: text('status', { enum: ['unsubmitted', 'pending', 'verified', 'rejected'] })
      .notNull()
      .default('unsubmitted'),
    rejectReason: text('reject_reason'),
    submittedAt: ts('submitted_at'),
    reviewedAt: ts('reviewed_at'),
    reviewedBy: integer('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    index('recruiting_companies_status_idx').on(t.status, t.submittedAt),
    index('recruiting_companies_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
  ],
);

/** Job posts. "Expired" is online with expires_on before today (China time), computed on read. */
export const recruitingPosts = pgTable(
  'recruiting_posts',
  {
    id: serial('id').primaryKey(),
    companyId: userRef('company_id'),
    title: text('title').notNull(),
    position: text('position').notNull(),
    positionLevel: smallint('position_level').notNull(),
    /** 'province:city' pairs joined by commas (1-3). */
    citys: text('citys').notNull(),
    /** SPEC band index, or null for a custom range; min/max are always set (yuan per month) for filters and sort. */
    salaryBand: smallint('salary_band'),
    salaryMin: integer('salary_min').notNull(),
    salaryMax: integer('salary_max'),
    experience: smallint('experience').notNull(),
    education: smallint('education').notNull(),
    headcount: integer('headcount').notNull(),
    description: text('description').notNull(),
    expiresOn: date('expires_on', { mode: 'string' }).notNull(),
    status: text('status', { enum: ['draft', 'pending', 'online', 'rejected', 'offline'] }).notNull(),
    reviewReason: text('review_reason'),
    submittedAt: ts('submitted_at'),
    publishedAt: ts('published_at'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
    /** Title and company name, kept by triggers (migration 0019) for the board's one-index keyword search. */
    searchText: text('search_text').notNull().default(''),
  },
  (t) => [
    index('recruiting_posts_company_idx').on(t.companyId, t.updatedAt.desc()),
    index('recruiting_posts_online_idx')
      .on(t.publishedAt.desc(), t.id.desc())
      .where(sql`${t.status} = 'online'`),
    index('recruiting_posts_review_idx').on(t.status, t.submittedAt),
    index('recruiting_posts_title_trgm_idx').using('gin', sql`${t.title} gin_trgm_ops`),
    index('recruiting_posts_citys_trgm_idx').using('gin', sql`${t.citys} gin_trgm_ops`),
    // The board's keyword and city in one bitmap scan over online posts only.
    index('recruiting_posts_board_search_idx')
      .using('gin', sql`${t.searchText} gin_trgm_ops`, sql`${t.citys} gin_trgm_ops`)
      .where(sql`${t.status} = 'online'`),
  ],
);

/** Applications: one per person per post. */
export const recruitingApplications = pgTable(
  'recruiting_applications',
  {
    id: serial('id').primaryKey(),
    postId: integer('post_id')
      .notNull()
      .references(() => recruitingPosts.id, { onDelete: 'cascade' }),
    /** Denormalised owner of the post: every company query filters on it. */
    companyId: userRef('company_id'),
    userId: userRef('user_id'),
    attachmentId: integer('attachment_id').references(() => talentAttachments.id, { onDelete: 'set null' }),
    status: text('status', { enum: ['sent', 'viewed', 'interview', 'unsuitable', 'withdrawn'] }).notNull(),
    interviewAt: ts('interview_at'),
    interviewPlace: text('interview_place'),
    interviewAcceptedAt: ts('interview_accepted_at'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('recruiting_applications_post_user_key').on(t.postId, t.userId),
    index('recruiting_applications_company_idx').on(t.companyId, t.createdAt.desc()),
    index('recruiting_applications_user_idx').on(t.userId, t.createdAt.desc()),
  ],
);

/** A company's talent pool: saved people with tags and a private note. */
export const recruitingPool = pgTable(
  'recruiting_pool',
  {
    id: serial('id').primaryKey(),
    companyId: userRef('company_id'),
    userId: userRef('user_id'),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    note: text('note'),
    source: text('source', { enum: ['query', 'recommend', 'application'] }).notNull(),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [uniqueIndex('recruiting_pool_company_user_key').on(t.companyId, t.userId)],
);

/** Companies that opened a person's portrait, once per company, person and China-time month. */
export const recruitingPortraitViews = pgTable(
  'recruiting_portrait_views',
  {
    companyId: userRef('company_id'),
    userId: userRef('user_id'),
    /** yyyy-MM, China time. */
    month: text('month').notNull(),
    viewedAt: ts('viewed_at').notNull(),
    fromApplication: boolean('from_application').notNull().default(false),
  },
  (t) => [uniqueIndex('recruiting_portrait_views_key').on(t.userId, t.month, t.companyId)],
);
