/**
 * Recruiting rules (companies, job posts, applications, talent query, talent pool): limits, dictionaries and the
 * Chinese messages, shared by the web forms and the server so both refuse the same input with the same words.
 */

export const COMPANY_NAME_MAX = 60;
export const ADDRESS_MAX = 100;
export const INTRO_MAX = 2000;
export const CONTACT_NAME_MAX = 20;
export const POST_TITLE_MAX = 40;
export const POST_DESCRIPTION_MAX = 3000;
export const HEADCOUNT_MAX = 999;
/** Cities of one job post (SPEC §5 three-selection limit applies here too). */
export const POST_CITIES_MAX = 3;
/** Highest monthly salary accepted on a post, in yuan. */
export const SALARY_MAX_YUAN = 1_000_000;
export const REASON_MAX = 200;
export const INTERVIEW_PLACE_MAX = 100;
export const POOL_TAGS_MAX = 5;
export const POOL_TAG_MAX = 10;
export const POOL_NOTE_MAX = 500;
export const KEYWORD_MAX = 30;
/** Business-licence and logo images: PNG, JPEG, GIF or WebP by content, at most 5 MB. */
export const COMPANY_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const COMPANY_IMAGE_ACCEPT = '.png,.jpg,.jpeg,.webp,.gif';
/** Applications marked at once. */
export const BULK_MAX = 100;
/** Posts within the last N days ("posted within" filter). */
export const POSTED_WITHIN_DAYS = [3, 7, 30] as const;

export const COMPANY_STATUSES = ['unsubmitted', 'pending', 'verified', 'rejected'] as const;
export type CompanyStatus = (typeof COMPANY_STATUSES)[number];
export const COMPANY_STATUS_LABELS: Record<CompanyStatus, string> = {
  unsubmitted: '未提交认证',
  pending: '认证审核中',
  verified: '已认证',
  rejected: '认证未通过',
};

/** Stored states of a post; "expired" is an online post whose expiry date has passed (computed, never stored). */
export const POST_STATUSES = ['draft', 'pending', 'online', 'rejected', 'offline'] as const;
export type PostStoredStatus = (typeof POST_STATUSES)[number];
export type PostStatus = PostStoredStatus | 'expired';
export const POST_STATUS_LABELS: Record<PostStatus, string> = {
  draft: '草稿',
  pending: '审核中',
  online: '招聘中',
  rejected: '审核未通过',
  offline: '已下线',
  expired: '已过期',
};

export const APPLICATION_STATUSES = ['sent', 'viewed', 'interview', 'unsuitable', 'withdrawn'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];
export const APPLICATION_STATUS_LABELS: Record<ApplicationStatus, string> = {
  sent: '已投递',
  viewed: '已查看',
  interview: '邀请面试',
  unsuitable: '不合适',
  withdrawn: '已撤回',
};

/** Work experience a post asks for; value 0 is "any". Years are the lower bound used by the talent query. */
export const EXPERIENCES = [
  { value: 0, label: '经验不限', years: 0 },
  { value: 1, label: '1年以下', years: 0 },
  { value: 2, label: '1-3年', years: 1 },
  { value: 3, label: '3-5年', years: 3 },
  { value: 4, label: '5-10年', years: 5 },
  { value: 5, label: '10年以上', years: 10 },
];
/** Education a post asks for; values match the talent area's degrees (EDU_DEGREES), 0 is "any". */
export const EDUCATIONS = [
  { value: 0, label: '学历不限' },
  { value: 1, label: '高中/中专' },
  { value: 2, label: '大专' },
  { value: 3, label: '本科' },
  { value: 4, label: '硕士研究生' },
  { value: 5, label: '博士研究生' },
];

/** Monthly yuan range of each of the 7 salary bands (SPEC §3); the last has no upper bound. */
export const SALARY_BAND_RANGES: [number, number | null][] = [
  [0, 2999],
  [2999, 4999],
  [5000, 8999],
  [9000, 15999],
  [16000, 20999],
  [21000, 39999],
  [40000, null],
];

/** "5000-8999元/月", "4万以上/月", "面议" for a post's stored range. */
export function salaryText(min: number, max: number | null): string {
  const y = (v: number) => (v >= 10000 && v % 1000 === 0 ? `${v / 10000}万` : `${v}`);
  if (max === null) return `${y(min)}元以上/月`;
  if (min === 0) return `${y(max)}元以下/月`;
  // Both ends in one unit: "1.6万-20999元" reads as two different scales.
  const wan = (v: number) => v >= 10000 && v % 1000 === 0;
  if (wan(min) && wan(max)) return `${y(min)}-${y(max)}元/月`;
  return `${min}-${max}元/月`;
}

/** True when a monthly range overlaps band `band` (the talent query and recommendation rule). */
export function rangeMatchesBand(min: number, max: number | null, band: number): boolean {
  const r = SALARY_BAND_RANGES[band];
  if (!r) return false;
  const [bMin, bMax] = r;
  return (bMax === null || min <= bMax) && (max === null || max >= bMin);
}

/** Surname plus 先生/女士: how query results and pools name a person whose portrait is not opened. */
export function maskedName(name: string | null | undefined, sex: number | null | undefined): string {
  const surname = (name ?? '').trim().slice(0, 1) || '求职者';
  if (sex === 1) return `${surname}女士`;
  if (sex === 0) return `${surname}先生`;
  return surname;
}

/** Ranking weights of recommendation (docs/decisions.md). */
export const MATCH_WEIGHTS = { city: 40, province: 20, position: 40, salary: 20 } as const;

export const recruitingMessages = {
  companyOnly: '仅企业账号可使用此功能',
  personalOnly: '仅个人账号可以投递简历',
  companyNameRequired: '请输入企业名称',
  industryRequired: '请选择所属行业',
  industryInvalid: '所属行业不正确',
  unitSizeRequired: '请选择单位规模',
  cityRequired: '请选择所在城市',
  cityInvalid: '城市不正确，请重新选择',
  addressRequired: '请输入详细地址',
  introRequired: '请输入企业简介',
  contactNameRequired: '请输入联系人',
  contactPhoneRequired: '请输入联系电话',
  contactPhoneInvalid: '联系电话格式不正确',
  textTooLong: (max: number) => `不能超过${max}个字`,
  companySaved: '企业信息已保存',
  companyNotFound: '企业不存在',
  licenceRequired: '请上传营业执照',
  imageBadType: '请上传 PNG、JPG、GIF 或 WebP 格式的图片',
  imageTooLarge: '图片不能超过 5 MB',
  licenceSubmitted: '营业执照已提交，请等待平台审核',
  profileIncomplete: '请先完善并保存企业信息',
  alreadyPending: '认证正在审核中',
  notVerified: '企业认证通过后才能发布职位',
  reviewReasonRequired: '请填写驳回原因',
  offlineReasonRequired: '请填写下线原因',
  reviewed: '审核完成',
  notPending: '该记录不在待审核状态',
  postTitleRequired: '请输入职位名称',
  positionRequired: '请选择职位类别',
  positionInvalid: '职位类别不正确，请重新选择',
  positionLevelRequired: '请选择职位层级',
  citiesRequired: '请选择工作城市',
  citiesTooMany: `工作城市不能超过${POST_CITIES_MAX}个`,
  salaryRequired: '请选择薪资范围或填写最低、最高月薪',
  salaryInvalid: '薪资不正确',
  salaryMinAboveMax: '最低月薪不能高于最高月薪',
  experienceRequired: '请选择经验要求',
  educationRequired: '请选择学历要求',
  headcountInvalid: `招聘人数须为1-${HEADCOUNT_MAX}人`,
  descriptionRequired: '请输入职位描述',
  expiresRequired: '请选择截止日期',
  expiresInPast: '截止日期不能早于今天',
  dateInvalid: '日期格式不正确',
  postNotFound: '职位不存在',
  postSaved: '职位已保存',
  postSubmitted: '职位已提交审核',
  postOffline: '职位已下线',
  postNotEditable: '该职位当前不能修改',
  postNotOnline: '该职位已下线或已过期，不能投递',
  applicationNotFound: '投递记录不存在',
  alreadyApplied: '您已投递过该职位',
  applied: '投递成功',
  needIntention: '请先在人才画像中填写求职意向，再投递简历',
  attachmentPdfOnly: '简历附件须为 PDF 文件',
  attachmentNotFound: '附件不存在',
  withdrawn: '已撤回投递',
  cannotWithdraw: '企业已查看简历，不能撤回',
  statusInvalid: '状态不正确',
  interviewTimeRequired: '请选择面试时间',
  interviewPlaceRequired: '请输入面试地点',
  interviewInPast: '面试时间不能早于现在',
  cannotMark: '已撤回的投递不能再处理',
  marked: '已更新投递状态',
  notInvited: '没有待接受的面试邀请',
  interviewAccepted: '已接受面试邀请',
  idsRequired: '请选择投递记录',
  talentNotFound: '该人才不存在或已隐藏画像',
  hiddenPortrait: '该用户已隐藏画像',
  poolSaved: '已加入人才库',
  poolUpdated: '已保存',
  poolRemoved: '已移出人才库',
  poolNotFound: '人才库记录不存在',
  alreadyInPool: '该人才已在人才库中',
  tagsTooMany: `标签不能超过${POOL_TAGS_MAX}个`,
  tagTooLong: `每个标签不能超过${POOL_TAG_MAX}个字`,
  invited: '已邀请投递',
  keywordTooLong: `关键词不能超过${KEYWORD_MAX}个字`,
} as const;
