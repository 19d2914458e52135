/**
 * Regional learning bases: the application to run one (学习基地负责人申请, SPEC §7 `POST /api/apply_xx_manager`,
 * DECISIONS.md 9). Limits and Chinese messages shared by the web form and the server. The bases themselves are
 * LEARNING_BASES of common/dictionaries (sub-domain code to region name).
 */

export const BASE_MANAGER_ORG_MAX = 60;
export const BASE_MANAGER_CONTACT_MAX = 20;
/** Qualifications: a few sentences at least (who the organisation is, what it can offer), a page at most. */
export const BASE_MANAGER_QUALIFICATIONS_MIN = 20;
export const BASE_MANAGER_QUALIFICATIONS_MAX = 2000;
export const BASE_MANAGER_REASON_MAX = 200;

/** The optional attachment (licence, qualification certificates): JPEG, PNG or PDF by content, at most 10 MB. */
export const BASE_MANAGER_ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
export const BASE_MANAGER_ATTACHMENT_ACCEPT = '.jpg,.jpeg,.png,.pdf';
/** Most pages of a PDF attachment (a licence and a few certificates). */
export const BASE_MANAGER_ATTACHMENT_PDF_MAX_PAGES = 30;

/** Applications per account in a rolling day, and per client address in a rolling hour (docs/decisions.md). */
export const BASE_MANAGER_MAX_PER_ACCOUNT_PER_DAY = 3;
export const BASE_MANAGER_MAX_PER_IP_PER_HOUR = 10;

export const BASE_MANAGER_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type BaseManagerStatus = (typeof BASE_MANAGER_STATUSES)[number];
export const BASE_MANAGER_STATUS_LABELS: Record<BaseManagerStatus, string> = {
  pending: '待审核',
  approved: '已通过',
  rejected: '未通过',
};

/** Title of the message-centre notice the applicant gets when staff answer. */
export const BASE_MANAGER_RESULT_TITLE = '学习基地负责人申请结果';

export const regionsMessages = {
  orgRequired: '请输入单位名称',
  orgTooLong: `单位名称最多${BASE_MANAGER_ORG_MAX}个字`,
  regionRequired: '请选择申请的学习基地',
  regionUnknown: '请选择正确的学习基地',
  contactRequired: '请输入联系人姓名',
  contactTooLong: `联系人姓名最多${BASE_MANAGER_CONTACT_MAX}个字`,
  qualificationsRequired: '请介绍单位资质与办学条件',
  qualificationsTooShort: `资质说明至少${BASE_MANAGER_QUALIFICATIONS_MIN}个字`,
  qualificationsTooLong: `资质说明最多${BASE_MANAGER_QUALIFICATIONS_MAX}个字`,
  formRequired: '请通过申请表提交',
  attachmentBadType: '附件仅支持JPG、PNG图片或PDF文件',
  attachmentTooLarge: '附件不能超过10MB',
  attachmentBroken: '附件上传不完整，请重新上传',
  attachmentPdfBroken: 'PDF文件已损坏，无法打开，请重新导出后上传',
  attachmentPdfEncrypted: 'PDF文件已加密，请上传未加密的文件',
  attachmentPdfTooManyPages: `PDF文件不能超过${BASE_MANAGER_ATTACHMENT_PDF_MAX_PAGES}页`,
  attachmentNotFound: '该申请没有附件',
  duplicate: '您已提交该学习基地的负责人申请，正在审核中，请勿重复提交',
  tooMany: '提交过于频繁，请稍后再试',
  submitted: '申请已提交，我们会在5个工作日内完成审核并通过消息中心通知您',
  notFound: '申请不存在',
  alreadyReviewed: '该申请已审核，请刷新后查看',
  reviewRequired: '请选择审核结果',
  reasonRequired: '请填写未通过的原因',
  reasonTooLong: `原因最多${BASE_MANAGER_REASON_MAX}个字`,
  approved: '已通过该申请，并已通知申请人',
  rejected: '已驳回该申请，并已通知申请人',
} as const;
