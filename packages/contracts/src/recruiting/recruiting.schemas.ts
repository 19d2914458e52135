import { z } from 'zod';
import { POSITION_LEVELS, SALARY_BANDS, UNIT_SIZES, type DictItem } from '../common/dictionaries';
import { recordIdSchema } from '../common/ids';
import { pagedSchema, pageQuerySchema } from '../common/pagination';
import { personalInfoSchema } from '../talent/talent.schemas';
import { isValidDate, splitList } from '../talent/talent.rules';
import {
  ADDRESS_MAX,
  APPLICATION_STATUSES,
  BULK_MAX,
  COMPANY_NAME_MAX,
  COMPANY_STATUSES,
  CONTACT_NAME_MAX,
  EDUCATIONS,
  EXPERIENCES,
  HEADCOUNT_MAX,
  INTERVIEW_PLACE_MAX,
  INTRO_MAX,
  KEYWORD_MAX,
  POOL_NOTE_MAX,
  POOL_TAG_MAX,
  POOL_TAGS_MAX,
  POST_CITIES_MAX,
  POST_DESCRIPTION_MAX,
  POST_TITLE_MAX,
  REASON_MAX,
  SALARY_MAX_YUAN,
  recruitingMessages as m,
} from './recruiting.rules';

const inDict = (dict: { value: number }[]) => (v: number) => dict.some((d) => d.value === v);
const code = (dict: { value: number }[] | DictItem[], required: string) =>
  z.coerce.number({ error: required }).int({ error: required }).refine(inDict(dict), { message: required });
const text = (max: number, required: string) =>
  z.string({ error: required }).trim().min(1, required).max(max, m.textTooLong(max));
const optText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, m.textTooLong(max))
    .nullable()
    .optional()
    .transform((v) => (v ? v : null));
const dateText = (required: string) =>
  z.string({ error: required }).trim().min(1, required).refine(isValidDate, { message: m.dateInvalid });

export const recruitingIdParamsSchema = z.object({ id: recordIdSchema(m.postNotFound) });
export const applicationIdParamsSchema = z.object({ id: recordIdSchema(m.applicationNotFound) });
export const poolIdParamsSchema = z.object({ id: recordIdSchema(m.poolNotFound) });
export const companyIdParamsSchema = z.object({ id: recordIdSchema(m.companyNotFound) });
export const talentUserParamsSchema = z.object({ id: recordIdSchema(m.talentNotFound) });

// ---- companies ---------------------------------------------------------------------------------------------------

export const companySchema = z.object({
  user_id: z.number().int(),
  name: z.string(),
  /** Unified social credit code given at registration. */
  credit_code: z.string().nullable(),
  industry: z.string().nullable(),
  /** UNIT_SIZES value. */
  unit_size: z.number().int().nullable(),
  /** 'province:city'. */
  city: z.string().nullable(),
  address: z.string().nullable(),
  logo: z.string().nullable(),
  intro: z.string().nullable(),
  contact_name: z.string().nullable(),
  contact_phone: z.string().nullable(),
  status: z.enum(COMPANY_STATUSES),
  status_label: z.string(),
  reject_reason: z.string().nullable(),
  has_licence: z.boolean(),
  /** Post counts for the company card. */
  online_posts: z.number().int(),
  updated_at: z.string().nullable(),
});
export type Company = z.infer<typeof companySchema>;

/** A company's figures for its centre banner: posts, applications received and the talent pool. */
export const companyOverviewSchema = z.object({
  name: z.string(),
  logo: z.string().nullable(),
  status: z.enum(COMPANY_STATUSES),
  status_label: z.string(),
  /** Online and not expired. */
  posts_online: z.number().int(),
  /** Waiting for staff review. */
  posts_pending: z.number().int(),
  applications_total: z.number().int(),
  /** Sent and not yet opened by the company. */
  applications_new: z.number().int(),
  /** Applications at the interview stage. */
  interviews: z.number().int(),
  pool_size: z.number().int(),
});
export type CompanyOverview = z.infer<typeof companyOverviewSchema>;

export const companyBodySchema = z.object({
  name: text(COMPANY_NAME_MAX, m.companyNameRequired),
  industry: text(50, m.industryRequired),
  unit_size: code(UNIT_SIZES, m.unitSizeRequired),
  city: text(60, m.cityRequired),
  address: text(ADDRESS_MAX, m.addressRequired),
  intro: text(INTRO_MAX, m.introRequired),
  contact_name: text(CONTACT_NAME_MAX, m.contactNameRequired),
  contact_phone: z
    .string({ error: m.contactPhoneRequired })
    .trim()
    .min(1, m.contactPhoneRequired)
    .regex(/^(1[2-9]\d{9}|0\d{2,3}-?\d{7,8})$/, m.contactPhoneInvalid),
});
export type CompanyBody = z.input<typeof companyBodySchema>;

/** The card a job post shows of its company. */
export const companyCardSchema = z.object({
  user_id: z.number().int(),
  name: z.string(),
  industry: z.string().nullable(),
  unit_size: z.number().int().nullable(),
  unit_size_label: z.string().nullable(),
  city: z.string().nullable(),
  logo: z.string().nullable(),
  intro: z.string().nullable(),
  online_posts: z.number().int(),
});
export type CompanyCard = z.infer<typeof companyCardSchema>;

export const adminCompaniesQuerySchema = pageQuerySchema.extend({
  status: z.enum([...COMPANY_STATUSES, 'all']).default('pending'),
});
export type AdminCompaniesQuery = z.input<typeof adminCompaniesQuerySchema>;
export const adminCompanySchema = companySchema.extend({
  phone: z.string(),
  submitted_at: z.string().nullable(),
});
export type AdminCompany = z.infer<typeof adminCompanySchema>;

/** Approve, or reject with a reason (companies and posts). */
export const reviewBodySchema = z
  .object({ approve: z.boolean(), reason: optText(REASON_MAX) })
  .refine((b) => b.approve || !!b.reason, { message: m.reviewReasonRequired, path: ['reason'] });
export type ReviewBody = z.input<typeof reviewBodySchema>;
export const offlineBodySchema = z.object({ reason: text(REASON_MAX, m.offlineReasonRequired) });

// ---- job posts ---------------------------------------------------------------------------------------------------

export const postSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  position: z.string(),
  position_level: z.number().int(),
  /** 'province:city' pairs joined by commas (1-3). */
  citys: z.string(),
  /** Band index when the post uses a SPEC band, else null (a custom min-max range). */
  salary_band: z.number().int().nullable(),
  salary_min: z.number().int(),
  salary_max: z.number().int().nullable(),
  salary_text: z.string(),
  experience: z.number().int(),
  education: z.number().int(),
  headcount: z.number().int(),
  description: z.string(),
  expires_on: z.string(),
  status: z.enum(['draft', 'pending', 'online', 'rejected', 'offline', 'expired']),
  status_label: z.string(),
  /** Why staff rejected or took it offline. */
  review_reason: z.string().nullable(),
  published_at: z.string().nullable(),
  updated_at: z.string(),
  /** Company posts list: applications received (0 on the public board). */
  application_count: z.number().int(),
  company: companyCardSchema,
});
export type JobPost = z.infer<typeof postSchema>;

export const postBodySchema = z
  .object({
    title: text(POST_TITLE_MAX, m.postTitleRequired),
    position: text(50, m.positionRequired),
    position_level: code(POSITION_LEVELS, m.positionLevelRequired),
    citys: z
      .string({ error: m.citiesRequired })
      .transform((v) => splitList(v).join(','))
      .refine((v) => v.length > 0, { message: m.citiesRequired })
      .refine((v) => splitList(v).length <= POST_CITIES_MAX, { message: m.citiesTooMany }),
    /** A SPEC band (0-6), or null with salary_min and salary_max. */
    salary_band: z
      .number({ error: m.salaryInvalid })
      .int()
      .min(0, m.salaryInvalid)
      .max(SALARY_BANDS.length - 1, m.salaryInvalid)
      .nullable()
      .optional(),
    salary_min: z
      .number({ error: m.salaryInvalid })
      .int()
      .min(0, m.salaryInvalid)
      .max(SALARY_MAX_YUAN, m.salaryInvalid)
      .nullable()
      .optional(),
    salary_max: z
      .number({ error: m.salaryInvalid })
      .int()
      .min(1, m.salaryInvalid)
      .max(SALARY_MAX_YUAN, m.salaryInvalid)
      .nullable()
      .optional(),
    experience: code(EXPERIENCES, m.experienceRequired),
    education: code(EDUCATIONS, m.educationRequired),
    headcount: z.coerce
      .number({ error: m.headcountInvalid })
      .int(m.headcountInvalid)
      .min(1, m.headcountInvalid)
      .max(HEADCOUNT_MAX, m.headcountInvalid),
    description: text(POST_DESCRIPTION_MAX, m.descriptionRequired),
    expires_on: dateText(m.expiresRequired),
    /** true: send to staff review; false: keep as a draft. */
    submit: z.boolean().default(true),
  })
  .superRefine((b, ctx) => {
    const band = b.salary_band ?? null;
    if (band !== null) return;
    if (b.salary_min == null || b.salary_max == null)
      ctx.addIssue({ code: 'custom', message: m.salaryRequired, path: ['salary_min'] });
    else if (b.salary_min > b.salary_max)
      ctx.addIssue({ code: 'custom', message: m.salaryMinAboveMax, path: ['salary_min'] });
  });
export type PostBody = z.input<typeof postBodySchema>;

export const myPostsQuerySchema = pageQuerySchema.extend({
  status: z.enum(['draft', 'pending', 'online', 'rejected', 'offline', 'expired', 'all']).default('all'),
});
export type MyPostsQuery = z.input<typeof myPostsQuerySchema>;

export const jobBoardQuerySchema = pageQuerySchema.extend({
  keyword: z.string().trim().max(KEYWORD_MAX, m.keywordTooLong).optional(),
  /** A province ('河南省') or a 'province:city' pair. */
  city: z.string().trim().max(60).optional(),
  position: z.string().trim().max(50).optional(),
  salary: z.coerce
    .number()
    .int()
    .min(0)
    .max(SALARY_BANDS.length - 1)
    .optional(),
  industry: z.string().trim().max(50).optional(),
  unit_size: z.coerce.number().int().min(1).max(5).optional(),
  /** Published within this many days. */
  within: z.coerce.number().int().min(1).max(365).optional(),
  sort: z.enum(['newest', 'salary']).default('newest'),
  company_id: recordIdSchema(m.companyNotFound).optional(),
});
export type JobBoardQuery = z.input<typeof jobBoardQuerySchema>;

export const postDetailSchema = z.object({
  post: postSchema,
  similar: z.array(postSchema),
  /** The viewer's application to this post, if any. */
  my_application: z
    .object({ id: z.number().int(), status: z.enum(APPLICATION_STATUSES), status_label: z.string() })
    .nullable(),
});
export type PostDetail = z.infer<typeof postDetailSchema>;

export const adminPostsQuerySchema = pageQuerySchema.extend({
  status: z.enum(['draft', 'pending', 'online', 'rejected', 'offline', 'expired', 'all']).default('pending'),
});
export type AdminPostsQuery = z.input<typeof adminPostsQuerySchema>;

// ---- applications ------------------------------------------------------------------------------------------------

export const applyBodySchema = z.object({
  post_id: recordIdSchema(m.postNotFound),
  /** A PDF from the applicant's own talent attachments. */
  attachment_id: recordIdSchema(m.attachmentNotFound).nullable().optional(),
});
export type ApplyBody = z.input<typeof applyBodySchema>;

const applicationCore = {
  id: z.number().int(),
  status: z.enum(APPLICATION_STATUSES),
  status_label: z.string(),
  interview_at: z.string().nullable(),
  interview_place: z.string().nullable(),
  interview_accepted: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
};

/** What the applicant sees of one application. */
export const sentApplicationSchema = z.object({
  ...applicationCore,
  post: z.object({ id: z.number().int(), title: z.string(), salary_text: z.string(), citys: z.string() }),
  company: z.object({ user_id: z.number().int(), name: z.string() }),
});
export type SentApplication = z.infer<typeof sentApplicationSchema>;

/** What the company sees of one application in its list. */
export const receivedApplicationSchema = z.object({
  ...applicationCore,
  post: z.object({ id: z.number().int(), title: z.string() }),
  applicant: z.object({
    user_id: z.number().int(),
    /** Surname + 先生/女士 (full name in the resume). */
    name: z.string(),
    star_id: z.number().int(),
    highest_degree: z.number().int().nullable(),
    work_years: z.number().int(),
  }),
  has_attachment: z.boolean(),
});
export type ReceivedApplication = z.infer<typeof receivedApplicationSchema>;

export const receivedQuerySchema = pageQuerySchema.extend({
  post_id: recordIdSchema(m.postNotFound).optional(),
  status: z.enum([...APPLICATION_STATUSES, 'all']).default('all'),
});
export type ReceivedQuery = z.input<typeof receivedQuerySchema>;
export const sentQuerySchema = pageQuerySchema.extend({
  status: z.enum([...APPLICATION_STATUSES, 'all']).default('all'),
});
export type SentQuery = z.input<typeof sentQuerySchema>;

/** The study record the platform itself holds: shown on a resume as verified by the platform. */
export const verifiedStudySchema = z.object({
  star_id: z.number().int(),
  /** Seconds learned in the last 12 months (China-time days). */
  learn_seconds_12m: z.number().int(),
  total_learn_seconds: z.number().int(),
  finished_courses: z.array(z.object({ id: z.number().int(), title: z.string(), finished_at: z.string() })),
  /** The platform's exam certificates still valid (not expired, not revoked); the number opens /certificate/{number}. */
  certificates: z.array(
    z.object({ number: z.string(), exam_name: z.string(), level: z.string(), issued_at: z.string(), valid_until: z.string() }),
  ),
});
export type VerifiedStudy = z.infer<typeof verifiedStudySchema>;

export const resumeSchema = z.object({
  application: receivedApplicationSchema.nullable(),
  /** Phone and ID masked until the applicant accepts an interview invitation. */
  masked: z.boolean(),
  portrait: personalInfoSchema,
  verified_study: verifiedStudySchema,
  attachment: z.object({ id: z.number().int(), file_name: z.string(), url: z.string() }).nullable(),
  /** The person is in the viewing company's talent pool (pool entry id). */
  pool_id: z.number().int().nullable(),
});
export type Resume = z.infer<typeof resumeSchema>;

export const markBodySchema = z
  .object({
    ids: z.array(recordIdSchema(m.applicationNotFound)).min(1, m.idsRequired).max(BULK_MAX, m.idsRequired),
    status: z.enum(['viewed', 'interview', 'unsuitable'], { error: m.statusInvalid }),
    /** ISO time of the interview (status interview). */
    interview_at: z.string().trim().optional(),
    interview_place: optText(INTERVIEW_PLACE_MAX),
  })
  .superRefine((b, ctx) => {
    if (b.status !== 'interview') return;
    if (!b.interview_at || Number.isNaN(Date.parse(b.interview_at)))
      ctx.addIssue({ code: 'custom', message: m.interviewTimeRequired, path: ['interview_at'] });
    if (!b.interview_place)
      ctx.addIssue({ code: 'custom', message: m.interviewPlaceRequired, path: ['interview_place'] });
  });
export type MarkBody = z.input<typeof markBodySchema>;

// ---- talent query, recommendation, pool --------------------------------------------------------------------------

export const talentQuerySchema = pageQuerySchema.extend({
  /** A province or a 'province:city' pair of the job intention. */
  region: z.string().trim().max(60).optional(),
  position: z.string().trim().max(50).optional(),
  star_min: z.coerce.number().int().min(1).max(5).optional(),
  /** Part of a certificate name ('中级会计'). */
  certificate: z.string().trim().max(30).optional(),
  years_min: z.coerce.number().int().min(0).max(50).optional(),
  /** Lowest degree (EDU_DEGREES value). */
  education_min: z.coerce.number().int().min(1).max(5).optional(),
  salary: z.coerce
    .number()
    .int()
    .min(0)
    .max(SALARY_BANDS.length - 1)
    .optional(),
});
export type TalentQuery = z.input<typeof talentQuerySchema>;

export const talentCardSchema = z.object({
  user_id: z.number().int(),
  /** Surname + 先生/女士; never the full name or phone. */
  name: z.string(),
  sex: z.number().int(),
  star_id: z.number().int(),
  citys: z.string(),
  positions: z.string(),
  salary: z.number().int(),
  highest_degree: z.number().int().nullable(),
  work_years: z.number().int(),
  credentials: z.array(z.string()),
  learn_seconds: z.number().int(),
  in_pool: z.boolean(),
});
export type TalentCard = z.infer<typeof talentCardSchema>;

export const matchReasonSchema = z.object({
  city: z.string().nullable(),
  position: z.string().nullable(),
  salary: z.string().nullable(),
  score: z.number().int(),
});
export type MatchReason = z.infer<typeof matchReasonSchema>;

export const recommendSchema = z.object({
  role: z.enum(['personal', 'company']),
  /** Company: people matching its online posts, with the post they match best. */
  talents: z.array(
    talentCardSchema.extend({
      reason: matchReasonSchema,
      post: z.object({ id: z.number().int(), title: z.string() }),
    }),
  ),
  /** Person: online posts matching its job intention. */
  posts: z.array(postSchema.extend({ reason: matchReasonSchema })),
  /** Person without a job intention, or company without online posts: why the list is empty. */
  hint: z.string().nullable(),
});
export type Recommend = z.infer<typeof recommendSchema>;

const tagsField = z
  .array(z.string().trim().min(1).max(POOL_TAG_MAX, m.tagTooLong))
  .max(POOL_TAGS_MAX, m.tagsTooMany)
  .default([]);

export const poolAddBodySchema = z.object({
  user_id: recordIdSchema(m.talentNotFound),
  tags: tagsField,
  note: optText(POOL_NOTE_MAX),
  /** Where the company found the person. */
  source: z.enum(['query', 'recommend', 'application']).default('query'),
});
export type PoolAddBody = z.input<typeof poolAddBodySchema>;
export const poolUpdateBodySchema = z.object({ tags: tagsField, note: optText(POOL_NOTE_MAX) });
export type PoolUpdateBody = z.input<typeof poolUpdateBodySchema>;
export const poolQuerySchema = pageQuerySchema.extend({
  tag: z.string().trim().max(POOL_TAG_MAX).optional(),
});
export type PoolQuery = z.input<typeof poolQuerySchema>;

export const poolEntrySchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  tags: z.array(z.string()),
  note: z.string().nullable(),
  source: z.string(),
  created_at: z.string(),
  /** True when the person hid the portrait: no details are shown. */
  hidden: z.boolean(),
  talent: talentCardSchema.nullable(),
});
export type PoolEntry = z.infer<typeof poolEntrySchema>;

export const inviteBodySchema = z.object({ post_id: recordIdSchema(m.postNotFound) });

/** The personal talent-pool page (SPEC §9 national talent pool and personal talent code). */
export const myTalentPoolSchema = z.object({
  is_member: z.boolean(),
  show_personal_info: z.boolean(),
  /** In the national talent pool: member with a public portrait. */
  in_pool: z.boolean(),
  /** Companies that viewed the portrait this calendar month (China time). */
  views_this_month: z.number().int(),
  /** Path of the verified public portrait the talent code opens. */
  portrait_path: z.string(),
  /** PNG data URL of the talent code (members with a public portrait only). */
  qr_png: z.string().nullable(),
});
export type MyTalentPool = z.infer<typeof myTalentPoolSchema>;

export const pagedPostsSchema = pagedSchema(postSchema);
export const pagedSentSchema = pagedSchema(sentApplicationSchema);
export const pagedReceivedSchema = pagedSchema(receivedApplicationSchema);
export const pagedTalentsSchema = pagedSchema(talentCardSchema);
export const pagedPoolSchema = pagedSchema(poolEntrySchema);
export const pagedAdminCompaniesSchema = pagedSchema(adminCompanySchema);
