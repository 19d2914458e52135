/** Exams and certificates: limits, labels and the Chinese messages of the area. */

export const QUESTION_KINDS = ['single', 'multiple', 'judge', 'fill', 'short'] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];
export const QUESTION_KIND_LABELS: Record<QuestionKind, string> = {
  single: '单选题',
  multiple: '多选题',
  judge: '判断题',
  fill: '填空题',
  short: '简答题',
};

export const FEE_MODES = ['free', 'member_free', 'paid'] as const;
export type FeeMode = (typeof FEE_MODES)[number];
export const FEE_MODE_LABELS: Record<FeeMode, string> = {
  free: '免费',
  member_free: '会员免费',
  paid: '收费',
};

/** How a multiple-choice question is scored, chosen per paper. */
export const MULTIPLE_SCORINGS = ['all_or_nothing', 'partial'] as const;
export type MultipleScoring = (typeof MULTIPLE_SCORINGS)[number];
export const MULTIPLE_SCORING_LABELS: Record<MultipleScoring, string> = {
  all_or_nothing: '全部选对得分',
  partial: '少选按比例得分，错选不得分',
};

export const PAPER_MODES = ['fixed', 'random'] as const;
export type PaperMode = (typeof PAPER_MODES)[number];

export const ATTEMPT_STATES = ['in_progress', 'submitted', 'graded'] as const;
export type AttemptState = (typeof ATTEMPT_STATES)[number];
export const ATTEMPT_STATE_LABELS: Record<AttemptState, string> = {
  in_progress: '作答中',
  submitted: '待阅卷',
  graded: '已出成绩',
};

export const SUBMIT_REASONS = ['manual', 'deadline', 'leaves'] as const;
export type SubmitReason = (typeof SUBMIT_REASONS)[number];
export const SUBMIT_REASON_LABELS: Record<SubmitReason, string> = {
  manual: '考生交卷',
  deadline: '考试时间到，系统自动交卷',
  leaves: '离开考试页面次数超过限制，系统自动交卷',
};

/** Limits of an exam type's notice as staff edit it. */
export const TYPE_NAME_MAX = 60;
export const TYPE_NAME_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const NOTICE_MAX = 5000;
export const SYLLABUS_MAX = 30;

export const REGISTRATION_STATES = ['pending_payment', 'registered'] as const;
export type RegistrationState = (typeof REGISTRATION_STATES)[number];

export const CERTIFICATE_STATES = ['valid', 'expired', 'revoked'] as const;
export type CertificateState = (typeof CERTIFICATE_STATES)[number];
export const CERTIFICATE_STATE_LABELS: Record<CertificateState, string> = {
  valid: '有效',
  expired: '已过期',
  revoked: '已撤销',
};

export const STEM_MAX = 2000;
export const OPTION_MAX = 500;
export const OPTIONS_MIN = 2;
export const OPTIONS_MAX = 8;
export const FILL_ANSWERS_MAX = 10;
export const ANSWER_TEXT_MAX = 5000;
export const REVOKE_REASON_MAX = 200;
export const IMPORT_MAX_ROWS = 2000;
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
/** Autosave on the exam page waits this long after the last change. */
export const AUTOSAVE_DEBOUNCE_MS = 800;

/**
 * Leaving the paper (docs/decisions.md, "leaving on a phone"): the page measures each time it is away (hidden: another
 * app, tab or the home screen; at a desk also a window over it) and reports the duration when it is back. Only an
 * absence LONGER than this counts as one leave: a declined call, a glance at the notification shade (which does not
 * even hide the page) or a system dialog is not cheating; staying in another app is.
 */
export const LEAVE_GRACE_SECONDS = 15;
/** The longest absence a report may carry (an exam lasts at most 300 minutes). */
export const LEAVE_AWAY_MAX_MS = 24 * 60 * 60 * 1000;
/** The rule itself, applied by the server (authoritative) and shown by the page. */
export const countsAsLeave = (awayMs: number): boolean => awayMs > LEAVE_GRACE_SECONDS * 1000;
/** The rule in the notice's 考试须知 and on the paper. */
export const LEAVE_RULE_TEXT = `作答期间请停留在考试页面：切换到其他应用、标签页或窗口超过${LEAVE_GRACE_SECONDS}秒，计为离开一次；来电挂断、下拉通知栏等${LEAVE_GRACE_SECONDS}秒以内的短暂打断不计入。`;
/** What follows from the count, for a paper with this limit (0: counted only). */
export const leaveLimitText = (maxLeaves: number): string =>
  maxLeaves > 0 ? `离开达到${maxLeaves}次，系统将自动交卷。` : '离开次数将记录在答卷中。';
/** Public path of a certificate's check page (QR code target). */
export const certificatePath = (number: string) => `/certificate/${encodeURIComponent(number)}`;
/** Where the platform's Open Badges signing key is published. */
export const ISSUER_KEY_PATH = '/.well-known/exams-issuer-key.json';
/** The issuer profile of the Open Badges credentials. */
export const ISSUER_PROFILE_PATH = '/.well-known/exams-issuer.json';
/**
 * Where the signed revocation lists (W3C Bitstring Status List) are published: `${CREDENTIAL_STATUS_PATH}/{list}`.
 * A credential's entry names its list and its bit; a set bit means revoked.
 */
export const CREDENTIAL_STATUS_PATH = '/api/credential_status';
/** Bits per status list: the W3C minimum of 16 KB, so one bit says nothing about who holds it. */
export const STATUS_LIST_BITS = 131_072;

/** Option letters shown to candidates, by display position. */
export const OPTION_LETTERS = 'ABCDEFGH';

export const examsMessages = {
  typeNotFound: '考试项目不存在',
  statusListNotFound: '证书状态列表不存在',
  sessionNotFound: '考试场次不存在',
  registrationNotFound: '报名记录不存在',
  attemptNotFound: '答卷不存在',
  questionNotFound: '试题不存在',
  paperNotFound: '试卷不存在',
  certificateNotFound: '证书不存在',
  notPersonal: '仅个人账号可以报名考试',
  registrationNotOpen: '当前不在报名时间内',
  registeredAlready: '您已报名本场考试',
  notEligible: (reason: string) => `不符合报考条件：${reason}`,
  needStar: (star: string) => `需达到${star}及以上星级`,
  needCourses: (n: number) => `需完成至少${n}门课程的学习`,
  sessionFull: '本场考试报名人数已满',
  paymentRequired: '本场考试需缴费报名，请先完成支付',
  notForSale: '本场考试无需缴费',
  registered: '报名成功',
  examNotStarted: '考试尚未开始',
  examClosed: '考试已结束',
  attemptLimit: '已达到本场考试的作答次数上限',
  alreadyPassed: '您已通过本场考试，无需再次作答',
  attemptClosed: '考试已结束，答卷已提交，无法继续作答',
  questionNotOnAttempt: '该试题不在本次答卷中',
  otherSession: '本场考试已在其他设备或登录会话中进行，如需在本设备继续作答，请确认接管',
  takenOver: '已在本设备继续作答',
  saved: '已保存',
  submitted: '交卷成功',
  answerInvalid: '答案格式不正确',
  answerTooLong: `答案不能超过${ANSWER_TEXT_MAX}个字`,
  stemRequired: '请输入题干',
  stemTooLong: `题干不能超过${STEM_MAX}个字`,
  optionsInvalid: `选择题需要${OPTIONS_MIN}-${OPTIONS_MAX}个选项，每个选项不能为空`,
  optionTooLong: `选项不能超过${OPTION_MAX}个字`,
  answerRequired: '请设置正确答案',
  answerOutOfOptions: '正确答案须是已有选项',
  singleOneAnswer: '单选题只能有一个正确答案',
  multipleTwoAnswers: '多选题至少需要两个正确答案',
  fillAnswersInvalid: `填空题需要1-${FILL_ANSWERS_MAX}个可接受答案`,
  knowledgePointRequired: '请输入知识点',
  difficultyInvalid: '难度为1（易）、2（中）或3（难）',
  scoreInvalid: '分值为1-100的整数',
  kindInvalid: '题型不正确',
  paperTitleRequired: '请输入试卷名称',
  durationInvalid: '考试时长为5-300分钟',
  maxLeavesInvalid: '离开次数上限为0-20（0表示不限制）',
  awayInvalid: '离开时长须为0到24小时之间的毫秒数',
  paperQuestionsRequired: '请至少选择一道试题',
  paperRulesRequired: '请至少设置一条抽题规则',
  notEnoughQuestions: (rule: string) => `题库中符合条件的试题不足：${rule}`,
  paperInUse: '试卷已用于考试场次，不能修改',
  gradeScoreInvalid: (max: number) => `得分须为0-${max}之间的数值`,
  gradedAlready: '该题已评分',
  graded: '评分已保存',
  revokeReasonRequired: '请填写撤销原因',
  revokeReasonTooLong: `撤销原因不能超过${REVOKE_REASON_MAX}个字`,
  revokedAlready: '证书已撤销',
  revoked: '证书已撤销',
  importFileRequired: '请上传Excel文件（.xlsx）',
  importFileUnreadable: '无法读取该Excel文件，请使用下载的模板填写',
  importFileTooLarge: '导入文件不能超过5MB',
  importEmpty: '文件中没有试题',
  importTooMany: `一次最多导入${IMPORT_MAX_ROWS}道试题`,
  importBadRows: '导入失败：文件中有错误的行，未导入任何试题',
  imported: (n: number) => `成功导入${n}道试题`,
  saveQuestionOk: '试题已保存',
  savePaperOk: '试卷已保存',
  sessionTitleRequired: '请输入场次名称',
  windowInvalid: '报名开始须早于报名截止，考试开始须早于考试结束，且报名开始不晚于考试结束',
  creditsInvalid: '继续教育学分须同时设置类别与学分（0.1-90学分），或都不设置',
  maxAttemptsInvalid: '作答次数为1-5次',
  capacityInvalid: '人数上限为1-100000，不限请留空',
  paperOfOtherType: '试卷不属于该考试项目',
  saveSessionOk: '考试场次已保存',
  typeNameInvalid: `URL标识为2-${TYPE_NAME_MAX}位小写字母、数字和连字符，如 management-accountant-junior`,
  typeNameTaken: '该URL标识已被其他考试项目使用',
  typeTitleRequired: '请输入考试项目名称',
  typeTitleTooLong: '考试项目名称不能超过40个字',
  levelRequired: '请输入级别，如：初级',
  summaryRequired: '请输入一句话简介',
  summaryTooLong: '简介不能超过200个字',
  noticeRequired: '请输入考试公告',
  noticeTooLong: `考试公告不能超过${NOTICE_MAX}个字`,
  syllabusInvalid: `考试大纲需要1-${SYLLABUS_MAX}条，每条不超过200个字`,
  feeModeInvalid: '请选择收费方式',
  feeInvalid: '收费或会员免费的考试须填写大于0的报名费（最多10万元）',
  feeNotFree: '免费考试的报名费须为0',
  fullScoreInvalid: '满分为1-1000的整数',
  passScoreInvalid: '合格分须为1到满分之间的整数',
  validityInvalid: '证书有效期为1-120个月',
  minStarInvalid: '星级要求为0-5（0表示不限）',
  minCoursesInvalid: '课程要求为0-200门',
  sortInvalid: '排序为0-9999的整数',
  saveTypeOk: '考试项目已保存',
} as const;

/** Chinese header of each Excel import column, in template order. */
export const IMPORT_COLUMNS = [
  { key: 'kind', header: '题型' },
  { key: 'knowledge_point', header: '知识点' },
  { key: 'difficulty', header: '难度' },
  { key: 'stem', header: '题干' },
  { key: 'options', header: '选项（每行一个）' },
  { key: 'answer', header: '答案' },
  { key: 'score', header: '分值' },
  { key: 'analysis', header: '解析' },
] as const;

/** Masks a holder name for the public check page: first character kept, the rest as asterisks. */
export function maskName(name: string): string {
  const chars = Array.from(name.trim());
  if (chars.length <= 1) return chars.join('') + '*';
  if (chars.length === 2) return `${chars[0]}*`;
  return `${chars[0]}${'*'.repeat(chars.length - 2)}${chars[chars.length - 1]}`;
}
