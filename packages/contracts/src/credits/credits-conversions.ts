import { z } from 'zod';
import { envelopeSchema } from '../common/envelope';
import { recordIdSchema } from '../common/ids';
import { pageQuerySchema, pagedSchema } from '../common/pagination';
import { CONVERSION_KINDS } from './credits.rules';

/**
 * 学分折算: a member files an activity the regulation converts into credits (an exam passed elsewhere, a conference, a
 * degree course, research, a paper, a book) with its evidence; staff approve or reject it; an approved conversion
 * grants the year's table credits in the year of the activity, as 专业科目. Shared by the form, the staff screen and
 * the server.
 */

export const CONVERSION_ROLES = ['main', 'co'] as const;
export type ConversionRole = (typeof CONVERSION_ROLES)[number];
export const CONVERSION_ROLE_LABELS: Record<ConversionRole, string> = {
  main: '本人独立完成或第一作者（主持人）',
  co: '合作者（其他作者、参与人）',
};

export const CONVERSION_STATUSES = ['pending', 'approved', 'rejected', 'withdrawn'] as const;
export type ConversionStatus = (typeof CONVERSION_STATUSES)[number];
export const CONVERSION_STATUS_LABELS: Record<ConversionStatus, string> = {
  pending: '待审核',
  approved: '已通过',
  rejected: '未通过',
  withdrawn: '已撤销',
};

export const CONVERSION_TITLE_MAX = 100;
export const CONVERSION_REASON_MAX = 200;
export const CONVERSION_EVIDENCE_MAX_BYTES = 10 * 1024 * 1024;
export const CONVERSION_EVIDENCE_ACCEPT = '.pdf,.jpg,.jpeg,.png';
export const CONVERSION_EVIDENCE_MAX_PAGES = 50;
/** Filings per account in a rolling day. */
export const CONVERSION_MAX_PER_DAY = 10;
/** Title of the message the member gets when staff answer or withdraw. */
export const CONVERSION_RESULT_TITLE = '学分折算审核结果';

export const conversionMessages = {
  kindRequired: '请选择折算项目',
  roleRequired: '请选择本人角色',
  titleRequired: '请填写活动名称（如考试科目、会议名称、论文题目）',
  titleTooLong: `活动名称最多${CONVERSION_TITLE_MAX}个字`,
  dateRequired: '请选择活动日期',
  dateInFuture: '活动日期不能晚于今天',
  evidenceRequired: '请上传证明材料（PDF 或 JPG、PNG 图片）',
  evidenceTooLarge: '证明材料不能超过10MB',
  evidenceBadType: '证明材料须为 PDF 或 JPG、PNG 图片',
  evidenceBroken: '该 PDF 文件已损坏或无法打开，请重新导出后上传',
  evidenceEncrypted: 'PDF 文件已加密，请去除密码后上传',
  evidenceTooManyPages: `证明材料最多${CONVERSION_EVIDENCE_MAX_PAGES}页`,
  formRequired: '请以表单方式提交折算申请',
  kindNotInRule: '该年度的学分规则不含此折算项目',
  noCoRole: '该折算项目不区分合作者，请选择“本人”',
  deadlinePassed: '该年度的学分折算申报已截止',
  duplicate: '该证明材料已提交过折算申请，请勿重复提交',
  tooMany: '今日提交的折算申请过多，请明天再试',
  companyNotApplicable: '学分折算仅对个人账号开放',
  notFound: '折算申请不存在',
  alreadyReviewed: '该申请已审核，请刷新后查看',
  notApproved: '只有已通过的折算可以撤销',
  reviewRequired: '请选择审核结果',
  reasonRequired: '请填写原因',
  reasonTooLong: `原因最多${CONVERSION_REASON_MAX}个字`,
  submitted: '折算申请已提交，请等待审核',
  approved: '已通过，学分已计入',
  rejected: '已驳回，申请人会收到原因',
  withdrawn: '已撤销该折算学分',
  evidenceNotFound: '证明材料不存在',
} as const;
const m = conversionMessages;

/** The text fields of `POST /api/credits/conversions` (multipart/form-data, beside the evidence file `file`). */
export const conversionFieldsSchema = z.object({
  kind: z.enum(CONVERSION_KINDS, { error: m.kindRequired }),
  role: z.enum(CONVERSION_ROLES, { error: m.roleRequired }),
  title: z.string({ error: m.titleRequired }).trim().min(1, m.titleRequired).max(CONVERSION_TITLE_MAX, m.titleTooLong),
  activity_date: z.iso.date({ error: m.dateRequired }),
});
export type ConversionFields = z.input<typeof conversionFieldsSchema>;

export const conversionSchema = z.object({
  id: z.number().int(),
  kind: z.enum(CONVERSION_KINDS),
  kind_label: z.string(),
  role: z.enum(CONVERSION_ROLES),
  title: z.string(),
  activity_date: z.string(),
  /** The year the credits count for: the activity's. */
  year: z.number().int(),
  /** Credits (tenths) the rule gives it; granted on approval. */
  credits: z.number().int(),
  evidence: z.object({ file_name: z.string(), mime: z.string(), size: z.number().int() }),
  status: z.enum(CONVERSION_STATUSES),
  status_label: z.string(),
  reason: z.string().nullable(),
  reviewed_at: z.string().nullable(),
  created_at: z.string(),
});
export type Conversion = z.infer<typeof conversionSchema>;

export const adminConversionSchema = conversionSchema.extend({
  applicant: z.object({ id: z.number().int(), name: z.string().nullable(), phone: z.string() }),
  evidence_url: z.string(),
  reviewed_by: z.string().nullable(),
});
export type AdminConversion = z.infer<typeof adminConversionSchema>;
export const adminConversionsQuerySchema = pageQuerySchema.extend({
  status: z.enum(CONVERSION_STATUSES).optional(),
});
export type AdminConversionsQuery = z.input<typeof adminConversionsQuerySchema>;
export const conversionParamsSchema = z.object({ id: recordIdSchema(m.notFound) });

export const reviewConversionBodySchema = z
  .object({
    approve: z.boolean({ error: m.reviewRequired }),
    reason: z.string().trim().max(CONVERSION_REASON_MAX, m.reasonTooLong).optional(),
  })
  .refine((b) => b.approve || (b.reason ?? '').length > 0, { path: ['reason'], message: m.reasonRequired });
export type ReviewConversionBody = z.input<typeof reviewConversionBodySchema>;
export const withdrawConversionBodySchema = z.object({
  reason: z.string({ error: m.reasonRequired }).trim().min(1, m.reasonRequired).max(CONVERSION_REASON_MAX, m.reasonTooLong),
});
export type WithdrawConversionBody = z.input<typeof withdrawConversionBodySchema>;

export const conversionRoutes = {
  file: {
    method: 'POST',
    path: '/api/credits/conversions',
    summary:
      '申请学分折算（multipart/form-data：kind 折算项目、role 本人角色、title 活动名称、activity_date 活动日期，证明材料 file：PDF 或 JPG、PNG，最大10MB）',
    response: envelopeSchema(conversionSchema),
  },
  mine: {
    method: 'GET',
    path: '/api/credits/conversions',
    summary: '我的学分折算申请（最近的在前）',
    response: envelopeSchema(z.array(conversionSchema)),
  },
  adminList: {
    method: 'GET',
    path: '/api/admin/credits/conversions',
    summary: '学分折算申请（按状态筛选，待审核的先提交在前）',
    query: adminConversionsQuerySchema,
    response: envelopeSchema(pagedSchema(adminConversionSchema)),
  },
  adminEvidence: {
    method: 'GET',
    path: '/api/admin/credits/conversions/:id/evidence',
    summary: '折算证明材料文件（仅工作人员）',
    params: conversionParamsSchema,
    response: z.unknown(),
  },
  adminReview: {
    method: 'POST',
    path: '/api/admin/credits/conversions/:id/review',
    summary: '审核学分折算（通过则按规则计入学分；驳回须填写原因）',
    params: conversionParamsSchema,
    body: reviewConversionBodySchema,
    response: envelopeSchema(adminConversionSchema),
  },
  adminWithdraw: {
    method: 'POST',
    path: '/api/admin/credits/conversions/:id/withdraw',
    summary: '撤销已通过的学分折算（学分不再计入，相应年度的学时证明随之撤销）',
    params: conversionParamsSchema,
    body: withdrawConversionBodySchema,
    response: envelopeSchema(adminConversionSchema),
  },
} as const;
