/**
 * Talent area rules (job intention, talent records, stars): limits, regexes and Chinese messages, shared by the
 * web forms and the server so both refuse the same input with the same words (GLOSSARY-zh.md).
 */
import { MAX_JOB_TARGETS } from '../common/constants';

/** SPEC §5: dates later than now minus this many ms are disabled in the birthday picker (DECISIONS.md 3). */
export const BIRTHDAY_CUTOFF_MS = 8_640_000;
/** DECISIONS.md 3: the server also refuses an age under this. */
export const MIN_JOB_AGE_YEARS = 16;
/** Oldest birthday accepted (a typo guard). */
export const MIN_BIRTHDAY = '1900-01-01';
/** Oldest date accepted on a talent record (a typo guard, like MIN_BIRTHDAY). */
export const MIN_RECORD_DATE = '1900-01-01';
/** yyyy-MM-dd, the wire format of every talent date. */
export const DATE_REGEX = /^\d{4}-\d{2}-\d{2}$/;
/** Field separator of `citys`, `positions` and `industries`; `citys` pairs are `province:city`. */
export const LIST_SEPARATOR = ',';
export const CITY_PAIR_SEPARATOR = ':';

export const NAME_MAX = 20;
/** Per-user cap of each talent record kind (education, jobs, credentials, rewards, papers). */
export const TALENT_RECORDS_MAX = 50;
export const SHORT_TEXT_MAX = 50;
export const LONG_NAME_MAX = 100;
export const DUTIES_MAX = 1000;
export const LINK_MAX = 500;
export const STATEMENT_MAX = 1000;
export const REJECT_REASON_MAX = 500;
/** Evaluation materials per application. */
export const MATERIALS_MAX = 20;

/** Talent attachments (credential scans, evaluation materials): JPEG, PNG or PDF (which must open) by content, ≤ 5 MB. */
export const TALENT_ATTACHMENT_MAX_BYTES = 5 * 1024 * 1024;
export const TALENT_ATTACHMENT_ACCEPT = '.jpg,.jpeg,.png,.pdf';
/** Most pages a PDF attachment may have (a resume, a certificate or a set of evaluation materials). */
export const TALENT_ATTACHMENT_PDF_MAX_PAGES = 20;
/** Uploaded files kept per user. */
export const TALENT_ATTACHMENTS_MAX = 200;

export const talentMessages = {
  // Job intention (GLOSSARY-zh.md, SPEC §5)
  nameRequired: '请输入姓名',
  nameTooLong: `姓名不能超过${NAME_MAX}个字`,
  sexRequired: '请选择性别',
  sexInvalid: '性别只能是男或女',
  birthdayRequired: '请选择出生日期',
  birthdayInvalid: '出生日期格式不正确',
  birthdayInFuture: '出生日期不能晚于今天',
  birthdayTooYoung: `年龄须满${MIN_JOB_AGE_YEARS}周岁`,
  birthdayTooOld: '出生日期不正确',
  regionRequired: '请选择地区',
  regionInvalid: '地区不正确，请重新选择',
  industryRequired: '请选择行业',
  industryInvalid: '行业不正确，请重新选择',
  positionRequired: '请选择职位',
  positionInvalid: '职位不正确，请重新选择',
  salaryRequired: '请选择薪资要求',
  salaryInvalid: '薪资要求不正确',
  targetsTooMany: '地区、行业、职位目标均不能超过三个',
  showPersonalInfoInvalid: '是否展示人才画像不正确',
  jobIntentionPublished: '发布成功',
  jobIntentionNotFound: '求职意向不存在',
  leaveConfirm: '离开将不会保存修改',

  // Talent records
  recordNotFound: '记录不存在',
  recordsTooMany: `每类记录最多${TALENT_RECORDS_MAX}条`,
  recordSaved: '保存成功',
  recordDeleted: '删除成功',
  schoolRequired: '请输入学校名称',
  majorRequired: '请输入专业',
  degreeRequired: '请选择学历',
  companyRequired: '请输入单位名称',
  jobPositionRequired: '请输入职务',
  positionLevelRequired: '请选择职位层级',
  credentialNameRequired: '请输入证书名称',
  issuerRequired: '请输入发证机构',
  awardIssuerRequired: '请输入颁发单位',
  titleRequired: '请输入名称',
  paperTitleRequired: '请输入论文题目',
  publicationRequired: '请输入发表刊物',
  profitTypeRequired: '请选择奖励类型',
  startRequired: '请选择开始日期',
  dateRequired: '请选择日期',
  dateInvalid: '日期格式不正确',
  dateInFuture: '日期不能晚于今天',
  dateTooEarly: '日期不能早于1900年',
  endBeforeStart: '结束日期不能早于开始日期',
  linkInvalid: '请输入以 http:// 或 https:// 开头的链接',
  textTooLong: (max: number) => `不能超过${max}个字`,

  // Personal info
  personalInfoSaved: '保存成功',
  unitSizeInvalid: '单位规模不正确',
  positionLevelInvalid: '职位层级不正确',
  politicalStatusInvalid: '政治面貌不正确',
  genderInvalid: '性别不正确',

  // Portrait
  portraitNotPublic: '该用户未公开人才画像',

  // Attachments
  attachmentRequired: '请选择要上传的文件',
  attachmentBadType: '仅支持JPG、PNG图片或PDF文件',
  attachmentTooLarge: '文件不能超过5MB',
  attachmentNotFound: '附件不存在',
  attachmentUploaded: '上传成功',
  attachmentBroken: '上传内容不完整，请重新上传',
  attachmentPdfBroken: 'PDF文件已损坏，无法打开，请重新导出后上传',
  attachmentPdfEncrypted: 'PDF文件已加密，请上传未加密的文件',
  attachmentPdfTooManyPages: `PDF文件不能超过${TALENT_ATTACHMENT_PDF_MAX_PAGES}页`,
  attachmentsTooMany: `上传文件已达${TALENT_ATTACHMENTS_MAX}个上限`,

  // Stars and evaluation
  starInvalid: '请选择申请星级',
  evaluationPersonalOnly: '星级测评仅对个人账号开放',
  starNotHigher: '申请星级须高于当前星级',
  applicationOpen: '您已有进行中的测评申请',
  applicationNotFound: '测评申请不存在',
  applicationSubmittedAlready: '申请已提交，请勿重复提交',
  applicationReviewed: '申请已审核',
  applicationCancelled: '申请已撤销',
  cancelAfterReview: '申请已审核，无法撤销',
  applicationNotSubmitted: '申请尚未提交材料，无法审核',
  applicationNoResult: '该申请尚无审核结果',
  statementRequired: '请填写申请说明',
  statementTooLong: `申请说明不能超过${STATEMENT_MAX}个字`,
  materialsRequired: '请至少提交一项测评材料',
  materialsTooMany: `测评材料最多${MATERIALS_MAX}项`,
  attachmentDicInvalid: '材料类型不正确',
  rejectReasonRequired: '请填写驳回原因',
  reviewLevelInvalid: '审核星级须高于申请人当前星级',
  applied: '申请成功，请提交测评材料',
  submitted: '提交成功，请等待审核',
  cancelled: '已撤销申请',
  acknowledged: '已知晓',
  reviewApproved: '审核通过',
  reviewRejected: '已驳回',

  // Credit archive
  creditArchivePersonalOnly: '学分档案仅对个人账号开放',
} as const;

/** Status of a star-evaluation application (rcpj). */
export const RCPJ_STATUSES = ['draft', 'submitted', 'approved', 'rejected', 'cancelled'] as const;
export type RcpjStatus = (typeof RCPJ_STATUSES)[number];
export const RCPJ_STATUS_LABELS: Record<RcpjStatus, string> = {
  draft: '待提交材料',
  submitted: '待审核',
  approved: '已通过',
  rejected: '未通过',
  cancelled: '已撤销',
};
/** Statuses of an application still in progress: a user has at most one. */
export const RCPJ_OPEN_STATUSES: readonly RcpjStatus[] = ['draft', 'submitted'];

/** Highest education (customer_edus.degree). */
export const EDU_DEGREES = [
  { value: 1, label: '高中/中专' },
  { value: 2, label: '大专' },
  { value: 3, label: '本科' },
  { value: 4, label: '硕士研究生' },
  { value: 5, label: '博士研究生' },
];

/** Radar dimensions of the talent portrait, in drawing order, with their Chinese labels. */
export const RADAR_DIMENSIONS = [
  { key: 'education', label: '学历' },
  { key: 'certificates', label: '证书' },
  { key: 'experience', label: '工作经历' },
  { key: 'rewards', label: '奖励' },
  { key: 'papers', label: '论文成果' },
  { key: 'learning', label: '学习' },
] as const;
export type RadarKey = (typeof RADAR_DIMENSIONS)[number]['key'];
export type RadarScores = Record<RadarKey, number>;

/** Education score by highest degree value (none 0). */
export const EDUCATION_SCORES: Record<number, number> = { 1: 40, 2: 60, 3: 75, 4: 90, 5: 100 };

export interface RadarInput {
  /** Degree values of the education records. */
  degrees: number[];
  credentialCount: number;
  /** Work periods, yyyy-MM-dd; end null means "until today". */
  jobs: { start: string; end: string | null }[];
  rewardCount: number;
  paperCount: number;
  learnSeconds: number;
  finishedCourses: number;
  /** Today, yyyy-MM-dd (China time). */
  today: string;
}

const cap = (v: number) => Math.max(0, Math.min(100, Math.round(v)));
const dayNumber = (d: string) =>
  Date.UTC(Number(d.slice(0, 4)), Number(d.slice(5, 7)) - 1, Number(d.slice(8, 10))) / 86_400_000;

/**
 * The six radar scores, 0-100 each, deterministic:
 * education = by highest degree (高中/中专 40, 大专 60, 本科 75, 硕士 90, 博士 100);
 * certificates = 25 per credential; experience = 10 per year of work (periods merged, open end = today);
 * rewards = 25 per reward; papers = 25 per paper; learning = 2 per learning hour + 5 per finished course;
 * each capped at 100.
 */
export function computeRadar(input: RadarInput): RadarScores {
  const highest = input.degrees.reduce((m, d) => Math.max(m, d), 0);
  const today = dayNumber(input.today);
  const periods = input.jobs
    .map((j) => [dayNumber(j.start), Math.min(today, j.end ? dayNumber(j.end) : today)] as const)
    .filter(([s, e]) => e >= s)
    .sort((a, b) => a[0] - b[0]);
  let days = 0;
  let curStart = -Infinity;
  let curEnd = -Infinity;
  for (const [s, e] of periods) {
    if (s > curEnd) {
      if (curEnd > -Infinity) days += curEnd - curStart;
      curStart = s;
      curEnd = e;
    } else curEnd = Math.max(curEnd, e);
  }
  if (curEnd > -Infinity) days += curEnd - curStart;
  return {
    education: EDUCATION_SCORES[highest] ?? 0,
    certificates: cap(input.credentialCount * 25),
    experience: cap((days / 365) * 10),
    rewards: cap(input.rewardCount * 25),
    papers: cap(input.paperCount * 25),
    learning: cap((input.learnSeconds / 3600) * 2 + input.finishedCourses * 5),
  };
}

/** Splits a comma-joined field (`citys`, `positions`, `industries`) into trimmed non-empty items. */
export function splitList(value: string | null | undefined): string[] {
  return (value ?? '')
    .split(LIST_SEPARATOR)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Joins selected items into the wire format of `citys`, `positions`, `industries`. */
export function joinList(items: string[]): string {
  return items.join(LIST_SEPARATOR);
}

/** `[['河南省','郑州市']]` -> `'河南省:郑州市'` (SPEC §3 citys). */
export function joinCitys(pairs: [province: string, city: string][]): string {
  return joinList(pairs.map(([p, c]) => `${p}${CITY_PAIR_SEPARATOR}${c}`));
}

/** `'河南省:郑州市,北京市:北京市'` -> pairs; an item without a colon gives an empty city. */
export function splitCitys(value: string | null | undefined): [province: string, city: string][] {
  return splitList(value).map((item) => {
    const i = item.indexOf(CITY_PAIR_SEPARATOR);
    return i < 0 ? [item, ''] : [item.slice(0, i), item.slice(i + 1)];
  });
}

/** The three-selection limit of SPEC §5 / DECISIONS.md 4: true when every list has at most three items. */
export function withinTargetLimit(...lists: string[][]): boolean {
  return lists.every((l) => l.length <= MAX_JOB_TARGETS);
}

/** China time (UTC+8) calendar date of an instant, yyyy-MM-dd. */
export function chinaDate(at: Date): string {
  return new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
}

/** A real calendar date in yyyy-MM-dd (rejects 2025-02-30). */
export function isValidDate(value: string): boolean {
  if (!DATE_REGEX.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/**
 * The server's birthday rule (DECISIONS.md 3): null when allowed, else the message. The date is taken as
 * China-time midnight; it must not be after now - BIRTHDAY_CUTOFF_MS and the person must be at least 16.
 */
export function birthdayProblem(birthday: string, now: Date): string | null {
  if (!isValidDate(birthday)) return talentMessages.birthdayInvalid;
  if (birthday < MIN_BIRTHDAY) return talentMessages.birthdayTooOld;
  const midnight = new Date(`${birthday}T00:00:00+08:00`).getTime();
  if (midnight > now.getTime() - BIRTHDAY_CUTOFF_MS) return talentMessages.birthdayInFuture;
  const today = chinaDate(now);
  const sixteenth = `${String(Number(birthday.slice(0, 4)) + MIN_JOB_AGE_YEARS).padStart(4, '0')}${birthday.slice(4)}`;
  if (sixteenth > today) return talentMessages.birthdayTooYoung;
  return null;
}

/** Masks an ID number for public portraits: 410102199001011234 -> 4101**********1234. */
export function maskIdNumber(id: string): string {
  return id.length > 8 ? `${id.slice(0, 4)}${'*'.repeat(id.length - 8)}${id.slice(-4)}` : '****';
}
