import { z } from 'zod';
import {
  GENDERS,
  JOB_PROFIT_TYPES,
  POLITICAL_STATUSES,
  POSITION_LEVELS,
  SALARY_BANDS,
  UNIT_SIZES,
  type DictItem,
} from '../common/dictionaries';
import { MAX_RECORD_ID, recordIdSchema } from '../common/ids';
import { idCardSchema, phoneSchema } from '../common/rules';
import { pagedSchema, pageQuerySchema } from '../common/pagination';
import {
  DUTIES_MAX,
  EDU_DEGREES,
  LINK_MAX,
  LONG_NAME_MAX,
  MATERIALS_MAX,
  MIN_RECORD_DATE,
  NAME_MAX,
  RCPJ_STATUSES,
  REJECT_REASON_MAX,
  SHORT_TEXT_MAX,
  STATEMENT_MAX,
  isValidDate,
  splitList,
  talentMessages as m,
  withinTargetLimit,
} from './talent.rules';

// ---------------------------------------------------------------------------------------------------------------
// Shared field helpers

const inDict = (dict: DictItem[]) => (v: number) => dict.some((d) => d.value === v);

/** A required dictionary code; '' or a missing value gives the "please select" message. */
const dictCode = (dict: DictItem[], required: string, invalid = required) =>
  z.coerce
    .number({ error: required })
    .int({ error: invalid })
    .refine((v) => v !== 0 || inDict(dict)(0), { message: required })
    .refine(inDict(dict), { message: invalid });

/** An optional dictionary code: missing leaves it unchanged, null or '' clears it. */
const optionalDictCode = (dict: DictItem[], invalid: string) =>
  z
    .union([z.literal(''), z.number().int()])
    .transform((v) => (v === '' ? null : v))
    .refine((v) => v === null || inDict(dict)(v), { message: invalid })
    .nullable()
    .optional();

const requiredText = (max: number, required: string) =>
  z.string({ error: required }).trim().min(1, required).max(max, m.textTooLong(max));

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, m.textTooLong(max))
    .nullable()
    .optional()
    .transform((v) => (v ? v : null));

const recordDate = z
  .string()
  .trim()
  .refine(isValidDate, { message: m.dateInvalid })
  .refine((v) => !isValidDate(v) || v >= MIN_RECORD_DATE, { message: m.dateTooEarly });

const requiredDate = (required: string) =>
  z.string({ error: required }).trim().min(1, required).pipe(recordDate);

/** End date: null, '' or missing means "until now" (在读 / 至今). */
const optionalDate = z
  .union([z.literal(''), recordDate])
  .nullable()
  .optional()
  .transform((v) => (v ? v : null));

/** A record id: a positive integer the database can hold (larger ones name nothing). */
const idSchema = recordIdSchema;

export const talentIdParamsSchema = z.object({ id: idSchema(m.recordNotFound) });

// ---------------------------------------------------------------------------------------------------------------
// Option data (GET /api/select_options)

/** A leaf option: a city, a position, an industry. */
export const optionLeafSchema = z.object({ id: z.number().int(), name: z.string() });
export type OptionLeaf = z.infer<typeof optionLeafSchema>;
/** A parent option (province, position category) with its children under `sub_arr` (SPEC §3). */
export const optionNodeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  sub_arr: z.array(optionLeafSchema),
});
export type OptionNode = z.infer<typeof optionNodeSchema>;

export const selectOptionsSchema = z.object({
  /** Every province-level division with its prefecture-level cities (GB/T 2260 codes as ids). */
  areas: z.array(optionNodeSchema),
  /** Finance position tree: category > positions. A selected position is sent by its (leaf) name. */
  positions: z.array(optionNodeSchema),
  industries: z.array(optionLeafSchema),
});
export type SelectOptions = z.infer<typeof selectOptionsSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Job intention (user_apply_job)

/** A job-intention record as stored and returned. */
export const userApplyJobSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  name: z.string(),
  /** 0 male, 1 female (the form sends the label 男/女). */
  sex: z.number().int(),
  /** yyyy-MM-dd (spelled so, SPEC §3). */
  biithday: z.string(),
  /** Index 0-6 into SALARY_BANDS. */
  salary: z.number().int(),
  /** The talent portrait is public (shown to companies and on /jobDetail/talentPortrayal). */
  show_personal_info: z.boolean(),
  /** 'province:city' pairs joined by commas, e.g. '河南省:郑州市,北京市:北京市'. */
  citys: z.string(),
  /** Position names joined by commas. */
  positions: z.string(),
  /** Industry names joined by commas. */
  industries: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type UserApplyJob = z.infer<typeof userApplyJobSchema>;

/** GET /api/user_apply_jobs?user_id=: only the caller's own record is ever listed. */
export const userApplyJobsQuerySchema = z.object({
  user_id: idSchema('请指定用户').optional(),
});

const sexField = z.union([z.string(), z.number()], { error: m.sexRequired }).transform((v, ctx) => {
  const s = String(v).trim();
  if (s === '') {
    ctx.addIssue({ code: 'custom', message: m.sexRequired });
    return z.NEVER;
  }
  const hit = GENDERS.find((g) => g.label === s || String(g.value) === s);
  if (!hit) {
    ctx.addIssue({ code: 'custom', message: m.sexInvalid });
    return z.NEVER;
  }
  return hit.value;
});

const salaryField = z.union([z.string(), z.number()], { error: m.salaryRequired }).transform((v, ctx) => {
  const s = String(v).trim();
  if (s === '') {
    ctx.addIssue({ code: 'custom', message: m.salaryRequired });
    return z.NEVER;
  }
  const n = Number(s);
  if (!Number.isInteger(n) || n < 0 || n >= SALARY_BANDS.length) {
    ctx.addIssue({ code: 'custom', message: m.salaryInvalid });
    return z.NEVER;
  }
  return n;
});

const booleanField = z
  .union([z.boolean(), z.string()])
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v === '' || v === false || v === 'false' || v === '0') return false;
    if (v === true || v === 'true' || v === '1' || v === 'on') return true;
    ctx.addIssue({ code: 'custom', message: m.showPersonalInfoInvalid });
    return z.NEVER;
  });

const listField = (required: string) =>
  z
    .string({ error: required })
    .transform((v) => splitList(v).join(','))
    .refine((v) => v.length > 0, { message: required });

/**
 * Body of POST /api/user_apply_jobs, PUT /api/user_apply_jobs/:id and POST /api/user_infos/. Sent as form data
 * (application/x-www-form-urlencoded or multipart/form-data) with fields `user_apply_job[name]` etc.; the server
 * unwraps the `user_apply_job[...]` names to these plain keys. JSON with the plain keys is accepted too.
 * Names of regions, positions and industries must come from GET /api/select_options (checked by the server),
 * the birthday by birthdayProblem() (checked by the server with its clock).
 */
export const userApplyJobBodySchema = z
  .object({
    /** `user_apply_job[id]`: the record being edited (PUT); must match the path id when given. '' = none. */
    id: z
      .union([z.string(), z.number()])
      .optional()
      .transform((v, ctx) => {
        const s = v === undefined ? '' : String(v).trim();
        if (s === '') return undefined;
        const n = Number(s);
        if (!Number.isInteger(n) || n < 1 || n > MAX_RECORD_ID) {
          ctx.addIssue({ code: 'custom', message: m.jobIntentionNotFound });
          return z.NEVER;
        }
        return n;
      }),
    name: z.string({ error: m.nameRequired }).trim().min(1, m.nameRequired).max(NAME_MAX, m.nameTooLong),
    /** 男/女 (or 0/1). */
    sex: sexField,
    biithday: z
      .string({ error: m.birthdayRequired })
      .trim()
      .min(1, m.birthdayRequired)
      .refine(isValidDate, { message: m.birthdayInvalid }),
    /** Salary band index 0-6. */
    salary: salaryField,
    /** 'true' / 'false'. */
    show_personal_info: booleanField,
    citys: listField(m.regionRequired),
    industries: listField(m.industryRequired),
    positions: listField(m.positionRequired),
  })
  .superRefine((b, ctx) => {
    for (const key of ['citys', 'industries', 'positions'] as const) {
      if (!withinTargetLimit(splitList(b[key])))
        ctx.addIssue({ code: 'custom', path: [key], message: m.targetsTooMany });
    }
  });
export type UserApplyJobBody = z.input<typeof userApplyJobBodySchema>;
export type UserApplyJobInput = z.output<typeof userApplyJobBodySchema>;

// ---------------------------------------------------------------------------------------------------------------
// Talent attachments (credential scans, evaluation materials)

/** An uploaded file. `url` needs the token header (fetch it as a blob); served to the owner and staff only. */
export const talentAttachmentSchema = z.object({
  id: z.number().int(),
  /** The uploader's file name, for display only (never part of a path). */
  file_name: z.string(),
  /** image/jpeg, image/png or application/pdf, detected from the content. */
  mime: z.string(),
  size: z.number().int(),
  /** /api/talent_attachments/{id}/file */
  url: z.string(),
});
export type TalentAttachment = z.infer<typeof talentAttachmentSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Talent records. Create and update (PUT replaces the whole record) take the same body.

export const customerEduBodySchema = z
  .object({
    school: requiredText(LONG_NAME_MAX, m.schoolRequired),
    major: requiredText(SHORT_TEXT_MAX, m.majorRequired),
    /** EDU_DEGREES value. */
    degree: dictCode(EDU_DEGREES, m.degreeRequired),
    start_date: requiredDate(m.startRequired),
    /** null = 在读. */
    end_date: optionalDate,
  })
  .refine((b) => !b.end_date || b.end_date >= b.start_date, {
    path: ['end_date'],
    message: m.endBeforeStart,
  });
export type CustomerEduBody = z.input<typeof customerEduBodySchema>;
export const customerEduSchema = z.object({
  id: z.number().int(),
  school: z.string(),
  major: z.string(),
  degree: z.number().int(),
  start_date: z.string(),
  end_date: z.string().nullable(),
});
export type CustomerEdu = z.infer<typeof customerEduSchema>;

export const customerJobBodySchema = z
  .object({
    company: requiredText(LONG_NAME_MAX, m.companyRequired),
    position: requiredText(SHORT_TEXT_MAX, m.jobPositionRequired),
    /** POSITION_LEVELS value. */
    position_level: dictCode(POSITION_LEVELS, m.positionLevelRequired, m.positionLevelInvalid),
    start_date: requiredDate(m.startRequired),
    /** null = 至今. */
    end_date: optionalDate,
    duties: optionalText(DUTIES_MAX),
  })
  .refine((b) => !b.end_date || b.end_date >= b.start_date, {
    path: ['end_date'],
    message: m.endBeforeStart,
  });
export type CustomerJobBody = z.input<typeof customerJobBodySchema>;
export const customerJobSchema = z.object({
  id: z.number().int(),
  company: z.string(),
  position: z.string(),
  position_level: z.number().int(),
  start_date: z.string(),
  end_date: z.string().nullable(),
  duties: z.string().nullable(),
});
export type CustomerJob = z.infer<typeof customerJobSchema>;

export const credentialBodySchema = z.object({
  name: requiredText(LONG_NAME_MAX, m.credentialNameRequired),
  /** Certificate number. */
  number: optionalText(SHORT_TEXT_MAX),
  issuer: requiredText(LONG_NAME_MAX, m.issuerRequired),
  /** Date of issue. */
  issued_on: requiredDate(m.dateRequired),
  /** Id of the scan uploaded with POST /api/talent_attachments (mine); null removes it. */
  attachment_id: idSchema(m.attachmentNotFound).nullable().optional(),
});
export type CredentialBody = z.input<typeof credentialBodySchema>;
export const credentialSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  number: z.string().nullable(),
  issuer: z.string(),
  issued_on: z.string(),
  /** null on public portraits (scans are served to the owner and staff only). */
  attachment: talentAttachmentSchema.nullable(),
});
export type Credential = z.infer<typeof credentialSchema>;

export const jobProfitBodySchema = z.object({
  title: requiredText(LONG_NAME_MAX, m.titleRequired),
  /** JOB_PROFIT_TYPES value. */
  profit_type: dictCode(JOB_PROFIT_TYPES, m.profitTypeRequired),
  awarded_on: requiredDate(m.dateRequired),
  issuer: requiredText(LONG_NAME_MAX, m.awardIssuerRequired),
});
export type JobProfitBody = z.input<typeof jobProfitBodySchema>;
export const jobProfitSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  profit_type: z.number().int(),
  awarded_on: z.string(),
  issuer: z.string(),
});
export type JobProfit = z.infer<typeof jobProfitSchema>;

export const paperBodySchema = z.object({
  title: requiredText(LONG_NAME_MAX, m.paperTitleRequired),
  publication: requiredText(LONG_NAME_MAX, m.publicationRequired),
  published_on: requiredDate(m.dateRequired),
  /** http(s) link to the paper, optional. */
  link: z
    .string()
    .trim()
    .max(LINK_MAX, m.textTooLong(LINK_MAX))
    .refine((v) => v === '' || /^https?:\/\/\S+$/i.test(v), { message: m.linkInvalid })
    .nullable()
    .optional()
    .transform((v) => (v ? v : null)),
});
export type PaperBody = z.input<typeof paperBodySchema>;
export const paperSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  publication: z.string(),
  published_on: z.string(),
  link: z.string().nullable(),
});
export type Paper = z.infer<typeof paperSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Talent info (portrait)

export const radarSchema = z.object({
  education: z.number().int(),
  certificates: z.number().int(),
  experience: z.number().int(),
  rewards: z.number().int(),
  papers: z.number().int(),
  learning: z.number().int(),
});

/** The person's profile part of the talent info; dictionary fields are codes (SPEC §3). */
export const talentUserInfoSchema = z.object({
  id: z.number().int(),
  /** Contact phone (defaults to the account phone); masked (138****8000) on public portraits. */
  phone: z.string(),
  nickname: z.string().nullable(),
  avatar: z.string().nullable(),
  real_name: z.string().nullable(),
  /** GENDERS value. */
  gender: z.number().int().nullable(),
  /** yyyy-MM-dd. */
  birthday: z.string().nullable(),
  /** POLITICAL_STATUSES value. */
  political_status: z.number().int().nullable(),
  /** UNIT_SIZES value. */
  unit_size: z.number().int().nullable(),
  /** POSITION_LEVELS value. */
  position_level: z.number().int().nullable(),
  /** Current employer. */
  work_unit: z.string().nullable(),
  /** Masked (4101**********1234) on public portraits. */
  id_number: z.string().nullable(),
  /** 0 (none) to 5. */
  star_id: z.number().int(),
  /** Seconds. */
  total_learn_time: z.number().int(),
  finish_course_num: z.number().int(),
  is_member: z.boolean(),
  show_personal_info: z.boolean(),
});
export type TalentUserInfo = z.infer<typeof talentUserInfoSchema>;

export const personalInfoSchema = z.object({
  user_info: talentUserInfoSchema,
  customer_edus: z.array(customerEduSchema),
  customer_jobs: z.array(customerJobSchema),
  credentials: z.array(credentialSchema),
  job_profits: z.array(jobProfitSchema),
  papers: z.array(paperSchema),
  /** Six 0-100 scores, see computeRadar() and RADAR_DIMENSIONS. */
  radar: radarSchema,
  /** The job intention, null when none published. */
  user_apply_job: userApplyJobSchema.nullable(),
});
export type PersonalInfo = z.infer<typeof personalInfoSchema>;
export const talentInfoDataSchema = z.object({ personal_info: personalInfoSchema });
export type TalentInfoData = z.infer<typeof talentInfoDataSchema>;

const nullableCode = (dict: DictItem[], invalid: string) => optionalDictCode(dict, invalid);

/**
 * PUT /api/user_infos/personal_info: a field left out is unchanged, null or '' clears it. real_name, gender,
 * political_status and id_number are the account's profile fields (same as /center/setting).
 */
export const updatePersonalInfoBodySchema = z.object({
  real_name: z
    .string()
    .trim()
    .max(NAME_MAX, m.nameTooLong)
    .nullable()
    .optional()
    .transform((v) => (v === undefined ? undefined : v ? v : null)),
  gender: nullableCode(GENDERS, m.genderInvalid),
  birthday: z
    .union([z.literal(''), z.string().trim().refine(isValidDate, { message: m.birthdayInvalid })])
    .nullable()
    .optional()
    .transform((v) => (v === undefined ? undefined : v ? v : null)),
  political_status: nullableCode(POLITICAL_STATUSES, m.politicalStatusInvalid),
  unit_size: nullableCode(UNIT_SIZES, m.unitSizeInvalid),
  position_level: nullableCode(POSITION_LEVELS, m.positionLevelInvalid),
  work_unit: z
    .string()
    .trim()
    .max(LONG_NAME_MAX, m.textTooLong(LONG_NAME_MAX))
    .nullable()
    .optional()
    .transform((v) => (v === undefined ? undefined : v ? v : null)),
  /** Contact phone shown on the portrait (SPEC §5 phone rule); the login phone changes via change_phone. */
  phone: z
    .union([z.literal(''), phoneSchema])
    .nullable()
    .optional()
    .transform((v) => (v === undefined ? undefined : v ? v : null)),
  /** SPEC §5 ID rule; stored upper-case. */
  id_number: z
    .union([z.literal(''), idCardSchema])
    .nullable()
    .optional()
    .transform((v) => (v === undefined ? undefined : v ? v.toUpperCase() : null)),
});
export type UpdatePersonalInfoBody = z.input<typeof updatePersonalInfoBodySchema>;

export const userIdQuerySchema = z.object({ user_id: idSchema('请指定用户') });
export const showPersonalInfoDataSchema = z.object({ show_personal_info: z.boolean() });

// ---------------------------------------------------------------------------------------------------------------
// Attachment dictionary, stars, evaluation applications (rcpj)

/** A kind of evaluation material (GET /api/attachment_dics/list). */
export const attachmentDicSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
});
export type AttachmentDic = z.infer<typeof attachmentDicSchema>;

/** A star level with its requirements (GET /api/stars). Staff judge them when reviewing. */
export const starSchema = z.object({
  /** 1-5. */
  id: z.number().int(),
  /** 一星 ... 五星 */
  name: z.string(),
  /** Requirements in words. */
  requirements: z.string(),
  min_learn_hours: z.number().int(),
  min_finished_courses: z.number().int(),
  min_credentials: z.number().int(),
});
export type Star = z.infer<typeof starSchema>;

/** The applicant's figures when applying (and now, on GET /api/center_rcpj). */
export const rcpjFiguresSchema = z.object({
  learn_seconds: z.number().int(),
  finished_courses: z.number().int(),
  credentials: z.number().int(),
});
export type RcpjFigures = z.infer<typeof rcpjFiguresSchema>;

export const rcpjMaterialSchema = z.object({
  attachment_dic_id: z.number().int(),
  /** Name of the attachment_dic kind. */
  attachment_dic_name: z.string(),
  attachment: talentAttachmentSchema,
});
export type RcpjMaterial = z.infer<typeof rcpjMaterialSchema>;

/** A star-evaluation application. */
export const rcpjSchema = z.object({
  id: z.number().int(),
  /** Level applied for, 1-5. */
  star_id: z.number().int(),
  star_name: z.string(),
  status: z.enum(RCPJ_STATUSES),
  /** RCPJ_STATUS_LABELS text. */
  status_label: z.string(),
  statement: z.string().nullable(),
  materials: z.array(rcpjMaterialSchema),
  /** Credentials (talent records) attached as evidence. */
  credentials: z.array(credentialSchema),
  figures: rcpjFiguresSchema,
  /** Level granted on approval. */
  result_level: z.number().int().nullable(),
  reject_reason: z.string().nullable(),
  /** The applicant has acknowledged the result notice (POST /api/center_rcpj_got_it). */
  result_acknowledged: z.boolean(),
  created_at: z.string(),
  submitted_at: z.string().nullable(),
  reviewed_at: z.string().nullable(),
});
export type Rcpj = z.infer<typeof rcpjSchema>;

/** POST /api/rcpjs/star_level */
export const applyStarBodySchema = z.object({
  star_id: z.coerce
    .number({ error: m.starInvalid })
    .int({ error: m.starInvalid })
    .min(1, m.starInvalid)
    .max(5, m.starInvalid),
});
export type ApplyStarBody = z.input<typeof applyStarBodySchema>;

/** POST /api/rcpjs/submit_apply: moves my draft application to 'submitted'. */
export const submitApplyBodySchema = z
  .object({
    id: idSchema(m.applicationNotFound),
    statement: z
      .string({ error: m.statementRequired })
      .trim()
      .min(1, m.statementRequired)
      .max(STATEMENT_MAX, m.statementTooLong),
    /** Uploaded files (POST /api/talent_attachments, mine) with their kind from GET /api/attachment_dics/list. */
    materials: z
      .array(
        z.object({
          attachment_dic_id: idSchema(m.attachmentDicInvalid),
          attachment_id: idSchema(m.attachmentNotFound),
        }),
      )
      .max(MATERIALS_MAX, m.materialsTooMany)
      .default([]),
    /** Ids of my credential records. */
    credential_ids: z.array(idSchema(m.recordNotFound)).max(MATERIALS_MAX, m.materialsTooMany).default([]),
  })
  .refine((b) => b.materials.length + b.credential_ids.length > 0, {
    path: ['materials'],
    message: m.materialsRequired,
  });
export type SubmitApplyBody = z.input<typeof submitApplyBodySchema>;

/** POST /api/stars/apply_cancel and POST /api/center_rcpj_got_it. */
export const rcpjIdBodySchema = z.object({ id: idSchema(m.applicationNotFound) });
export type RcpjIdBody = z.input<typeof rcpjIdBodySchema>;

/** GET /api/center_rcpj */
export const centerRcpjSchema = z.object({
  /** My current star level, 0 none. */
  star_id: z.number().int(),
  figures: rcpjFiguresSchema,
  /** My applications, newest first. */
  list: z.array(rcpjSchema),
  /** Reviewed applications whose result I have not acknowledged yet. */
  unread_results: z.number().int(),
});
export type CenterRcpj = z.infer<typeof centerRcpjSchema>;

// Staff review

export const adminRcpjsQuerySchema = pageQuerySchema.extend({
  status: z.enum(RCPJ_STATUSES, { error: '状态不正确' }).optional(),
});
export type AdminRcpjsQuery = z.input<typeof adminRcpjsQuerySchema>;
export const adminRcpjSchema = rcpjSchema.extend({
  applicant: z.object({
    id: z.number().int(),
    phone: z.string(),
    /** Real name, else nickname, else null. */
    name: z.string().nullable(),
    /** Star level now. */
    star_id: z.number().int(),
  }),
});
export type AdminRcpj = z.infer<typeof adminRcpjSchema>;
export const adminRcpjPageSchema = pagedSchema(adminRcpjSchema);
export type AdminRcpjPage = z.infer<typeof adminRcpjPageSchema>;

/** POST /api/admin/rcpjs/:id/review: approve (level defaults to the one applied for) or reject with a reason. */
export const reviewRcpjBodySchema = z
  .object({
    approve: z.boolean({ error: '请选择审核结果' }),
    level: z.coerce.number().int().min(1, m.starInvalid).max(5, m.starInvalid).optional(),
    reason: z.string().trim().max(REJECT_REASON_MAX, m.textTooLong(REJECT_REASON_MAX)).optional(),
  })
  .refine((b) => b.approve || (b.reason ?? '').length > 0, {
    path: ['reason'],
    message: m.rejectReasonRequired,
  });
export type ReviewRcpjBody = z.input<typeof reviewRcpjBodySchema>;

// ---------------------------------------------------------------------------------------------------------------
// Credit archive (GET /api/credit_archive, personal accounts only)

export const creditYearSchema = z.object({
  year: z.number().int(),
  /** Learning seconds credited that calendar year (China time). */
  learn_seconds: z.number().int(),
  finished_courses: z.number().int(),
  /** Credentials dated that year. */
  credentials: z.array(
    z.object({ id: z.number().int(), name: z.string(), issuer: z.string(), issued_on: z.string() }),
  ),
  /** Star levels granted that year. */
  stars: z.array(z.object({ star_id: z.number().int(), star_name: z.string(), granted_at: z.string() })),
  /** Exam certificates issued that year (exams area), with their state today. */
  certificates: z.array(
    z.object({
      number: z.string(),
      exam_name: z.string(),
      issued_at: z.string(),
      valid_until: z.string(),
      state: z.enum(['valid', 'expired', 'revoked']),
    }),
  ),
});
export type CreditYear = z.infer<typeof creditYearSchema>;
export const creditArchiveSchema = z.object({
  user: z.object({
    id: z.number().int(),
    real_name: z.string().nullable(),
    nickname: z.string().nullable(),
    phone: z.string(),
    star_id: z.number().int(),
  }),
  /** Newest year first; the current year always, earlier years when they have anything. */
  years: z.array(creditYearSchema),
  /** Totals over all years. */
  total_learn_seconds: z.number().int(),
  total_finished_courses: z.number().int(),
});
export type CreditArchive = z.infer<typeof creditArchiveSchema>;
