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
import { users } from '../users/users.table';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const day = (name: string) => date(name, { mode: 'string' });
const owner = () =>
  integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/** Job intention (SPEC §3 user_apply_job): one per user. */
export const talentApplyJobs = pgTable(
  'talent_apply_jobs',
  {
    id: serial('id').primaryKey(),
    userId: owner(),
    name: text('name').notNull(),
    /** 0 male, 1 female. */
    sex: smallint('sex').notNull(),
    birthday: day('birthday').notNull(),
    /** Index into SALARY_BANDS. */
    salary: smallint('salary').notNull(),
    showPersonalInfo: boolean('show_personal_info').notNull().default(false),
    /** 'province:city' pairs joined by commas, names from the option data. */
    citys: text('citys').notNull(),
    positions: text('positions').notNull(),
    industries: text('industries').notNull(),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
    /**
     * Copies for the talent query, kept by triggers (migration 0020), so a search filters and orders one table:
     * the owner's star level (users_personal_achieve.star_id), and whether the owner is a personal account that is
     * not disabled.
     */
    starLevel: smallint('star_level').notNull().default(0),
    listed: boolean('listed').notNull().default(false),
    /**
     * The talent query's keys of this portrait, kept by PostgreSQL from `positions`, `citys` and `star_level`: 'p:'
     * and each position, 'r:' and each 'province:city' pair and each province, 's:1' up to 's:' and the star level
     * (e.g. p:总账会计, r:河南省:郑州市, r:河南省, s:1, s:2, s:3). A search for a position in a region from a star
     * level up is one containment test (`@>`) on one GIN index.
     */
    matchKeys: text('match_keys')
      .array()
      .notNull()
      .generatedAlwaysAs(
        sql`string_to_array('p:' || replace(positions, ',', ',p:') || ',r:' || replace(citys, ',', ',r:') || ',r:' || replace(regexp_replace(citys, ':[^,]*', '', 'g'), ',', ',r:') || CASE WHEN star_level >= 1 THEN ',s:1' ELSE '' END || CASE WHEN star_level >= 2 THEN ',s:2' ELSE '' END || CASE WHEN star_level >= 3 THEN ',s:3' ELSE '' END || CASE WHEN star_level >= 4 THEN ',s:4' ELSE '' END || CASE WHEN star_level >= 5 THEN ',s:5' ELSE '' END, ',')`,
      ),
  },
  (t) => [
    uniqueIndex('talent_apply_jobs_user_key').on(t.userId),
    // The talent query's order (star level, then the latest updated) over the portraits it may show, with each
    // portrait's match_keys INCLUDEd: `talent_apply_jobs_query_cover_idx`, written by hand in migration 0023 (drizzle's
    // index builder has no INCLUDE). A page is an index-only walk in order, testing the keys from the index.
    // Recruiting's talent query and recommendation filter public intentions by region and position.
    index('talent_apply_jobs_match_keys_idx').using('gin', t.matchKeys),
  ],
);

/** Portrait fields that are not on the account (name, gender, ID and political status live on users). */
export const talentUserInfos = pgTable('talent_user_infos', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  birthday: day('birthday'),
  unitSize: smallint('unit_size'),
  positionLevel: smallint('position_level'),
  workUnit: text('work_unit'),
  /** Contact phone shown on the portrait; the account phone when null. */
  contactPhone: text('contact_phone'),
  updatedAt: ts('updated_at').notNull(),
});

/** Uploaded files (credential scans, evaluation materials), stored under DATA_DIR/uploads/talent/<storedName>. */
export const talentAttachments = pgTable(
  'talent_attachments',
  {
    id: serial('id').primaryKey(),
    userId: owner(),
    /** 32 random hex characters and the extension of the detected type; never derived from the user's name. */
    storedName: text('stored_name').notNull(),
    /** The uploader's file name, display only. */
    originalName: text('original_name').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('talent_attachments_user_idx').on(t.userId)],
);

export const talentEdus = pgTable(
  'talent_edus',
  {
    id: serial('id').primaryKey(),
    userId: owner(),
    school: text('school').notNull(),
    major: text('major').notNull(),
    degree: smallint('degree').notNull(),
    startDate: day('start_date').notNull(),
    endDate: day('end_date'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('talent_edus_user_idx').on(t.userId)],
);

export const talentJobs = pgTable(
  'talent_jobs',
  {
    id: serial('id').primaryKey(),
    userId: owner(),
    company: text('company').notNull(),
    position: text('position').notNull(),
    positionLevel: smallint('position_level').notNull(),
    startDate: day('start_date').notNull(),
    endDate: day('end_date'),
    duties: text('duties'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('talent_jobs_user_idx').on(t.userId)],
);

export const talentCredentials = pgTable(
  'talent_credentials',
  {
    id: serial('id').primaryKey(),
    userId: owner(),
    name: text('name').notNull(),
    number: text('number'),
    issuer: text('issuer').notNull(),
    issuedOn: day('issued_on').notNull(),
    attachmentId: integer('attachment_id').references(() => talentAttachments.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('talent_credentials_user_idx').on(t.userId)],
);

export const talentJobProfits = pgTable(
  'talent_job_profits',
  {
    id: serial('id').primaryKey(),
    userId: owner(),
    title: text('title').notNull(),
    profitType: smallint('profit_type').notNull(),
    awardedOn: day('awarded_on').notNull(),
    issuer: text('issuer').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('talent_job_profits_user_idx').on(t.userId)],
);

export const talentPapers = pgTable(
  'talent_papers',
  {
    id: serial('id').primaryKey(),
    userId: owner(),
    title: text('title').notNull(),
    publication: text('publication').notNull(),
    publishedOn: day('published_on').notNull(),
    link: text('link'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('talent_papers_user_idx').on(t.userId)],
);

export interface RcpjMaterialRef {
  attachment_dic_id: number;
  attachment_id: number;
}
export interface RcpjFiguresRow {
  learn_seconds: number;
  finished_courses: number;
  credentials: number;
}

/**
 * Star-evaluation applications (rcpj). At most one open (draft or submitted) per user, enforced by a partial
 * unique index so two simultaneous applications cannot both be created.
 */
export const talentRcpjs = pgTable(
  'talent_rcpjs',
  {
    id: serial('id').primaryKey(),
    userId: owner(),
    starId: smallint('star_id').notNull(),
    status: text('status', { enum: ['draft', 'submitted', 'approved', 'rejected', 'cancelled'] }).notNull(),
    statement: text('statement'),
    materials: jsonb('materials').$type<RcpjMaterialRef[]>().notNull().default([]),
    credentialIds: jsonb('credential_ids').$type<number[]>().notNull().default([]),
    /** The applicant's figures when applying. */
    figures: jsonb('figures').$type<RcpjFiguresRow>().notNull(),
    resultLevel: smallint('result_level'),
    rejectReason: text('reject_reason'),
    reviewedBy: integer('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull(),
    submittedAt: ts('submitted_at'),
    reviewedAt: ts('reviewed_at'),
    acknowledgedAt: ts('acknowledged_at'),
  },
  (t) => [
    index('talent_rcpjs_user_idx').on(t.userId, t.createdAt.desc()),
    index('talent_rcpjs_status_idx').on(t.status, t.submittedAt),
    uniqueIndex('talent_rcpjs_one_open_key')
      .on(t.userId)
      .where(sql`${t.status} in ('draft', 'submitted')`),
  ],
);
