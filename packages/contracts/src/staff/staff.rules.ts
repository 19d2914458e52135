/**
 * Staff roles and permissions (issue: staff console). A staff endpoint declares ONE permission; a role is a set of
 * permissions; an account may hold several roles. The server checks the permission on every staff endpoint
 * (`deps.guards.requirePermission('invoices')`), the web hides the /admin menu entries the roles do not allow.
 */

/** Staff roles, stored on the account (users.staff_roles). */
export const STAFF_ROLES = [
  'admin',
  'editor',
  'course_manager',
  'reviewer',
  'finance',
  'grader',
  'expert',
] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  admin: '管理员',
  editor: '内容编辑',
  course_manager: '课程管理',
  reviewer: '审核员',
  finance: '财务',
  grader: '阅卷老师',
  expert: '专家',
};

/** What a staff endpoint may require. Add one here (with its label) when a new kind of staff work appears. */
export const PERMISSIONS = [
  'staff_roles',
  'users',
  'audit',
  'courses',
  'content',
  'magazine',
  'live',
  'stars',
  'companies',
  'job_posts',
  'moderation',
  'qa',
  'orders',
  'invoices',
  'refunds',
  'risk_checks',
  'exams',
  'grading',
  'expert_workspace',
  'reports',
  'dashboard',
  'credits',
  'standards',
  'training',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const PERMISSION_LABELS: Record<Permission, string> = {
  staff_roles: '员工角色',
  users: '用户管理',
  audit: '操作日志',
  courses: '课程管理',
  content: '文章资讯',
  magazine: '期刊',
  live: '直播',
  stars: '星级评定审核',
  companies: '企业认证审核',
  job_posts: '职位审核',
  moderation: '内容审核',
  qa: '问答运营',
  orders: '订单',
  invoices: '发票',
  refunds: '退款',
  risk_checks: '风险检测报告',
  exams: '题库与考试',
  grading: '阅卷',
  expert_workspace: '专家工作台',
  reports: '数据导出',
  dashboard: '数据概览',
  credits: '继续教育学分',
  standards: '准则与政策',
  training: '企业培训',
};

/** The permissions each role grants. 管理员 holds every permission, including managing roles. */
export const ROLE_PERMISSIONS: Record<StaffRole, readonly Permission[]> = {
  admin: PERMISSIONS,
  editor: ['content', 'courses', 'magazine', 'live', 'dashboard'],
  course_manager: ['courses', 'credits', 'standards', 'dashboard'],
  reviewer: ['stars', 'companies', 'job_posts', 'moderation', 'qa', 'dashboard'],
  finance: ['orders', 'invoices', 'refunds', 'risk_checks', 'reports', 'training', 'dashboard'],
  grader: ['exams', 'grading', 'dashboard'],
  expert: ['expert_workspace'],
};

/** The union of the roles' permissions, in PERMISSIONS order. */
export function permissionsOf(roles: readonly StaffRole[]): Permission[] {
  const granted = new Set(roles.flatMap((r) => ROLE_PERMISSIONS[r] ?? []));
  return PERMISSIONS.filter((p) => granted.has(p));
}

/** The roles that grant `permission` (to find the accounts that should hear of some staff work). */
export function rolesWith(permission: Permission): StaffRole[] {
  return STAFF_ROLES.filter((r) => ROLE_PERMISSIONS[r].includes(permission));
}

export function hasPermission(roles: readonly StaffRole[], permission: Permission): boolean {
  return roles.some((r) => (ROLE_PERMISSIONS[r] ?? []).includes(permission));
}

export const STAFF_REASON_MAX_LENGTH = 200;
/** Membership granted by hand: 1 day to 10 years. */
export const GRANT_MEMBERSHIP_MAX_DAYS = 3650;

/** Exports of a period (orders, invoices, exam results): China-time days, both ends included. */
export const EXPORT_PERIOD_MAX_DAYS = 366;

/** Chinese texts of the staff area. */
export const staffMessages = {
  /** 403 of a staff endpoint called by an account without the permission. */
  permissionDenied: (permission: Permission) =>
    `您没有「${PERMISSION_LABELS[permission]}」权限，请联系管理员分配相应角色`,
  notStaff: '仅限协会工作人员操作',
  rolesSaved: '角色已保存',
  roleInvalid: '角色不正确',
  userNotFound: '用户不存在',
  lastAdmin: '不能移除最后一位管理员的管理员角色',
  /** npm run admin:create */
  adminCreated: (phone: string) => `已创建管理员账号 ${phone}，请用该手机号和密码登录 /admin`,
  adminPromoted: (phone: string) => `已将账号 ${phone} 设为管理员并更新其密码，该账号原有的登录已失效`,
  passwordMismatch: '两次输入的密码不一致',
  reasonRequired: '请填写原因',
  reasonTooLong: `原因最多${STAFF_REASON_MAX_LENGTH}个字符`,
  daysInvalid: `请输入1到${GRANT_MEMBERSHIP_MAX_DAYS}之间的天数`,
  userDisabled: '账号已禁用，该用户的所有登录已失效',
  userEnabled: '账号已启用',
  membershipGranted: '已开通会员',
  passwordResetSent: '已重置密码：原密码已失效，找回密码验证码已发送至用户手机',
  cannotDisableSelf: '不能禁用自己的账号',
  disabledMessage: {
    title: '账号已被禁用',
    content: (reason: string) => `您的账号已被平台禁用，原因：${reason}。如有疑问请联系客服。`,
  },
  membershipMessage: {
    title: '会员已开通',
    content: (days: number, end: string) => `工作人员为您开通了${days}天会员，有效期至${end}。`,
  },
  exportYearInvalid: '请选择年份',
  exportPeriodInvalid: '请选择起止日期',
  exportPeriodOrder: '开始日期不能晚于结束日期',
  exportPeriodTooLong: `导出区间最长${EXPORT_PERIOD_MAX_DAYS}天`,
  phoneArgumentMissing: '请用 --phone 指定管理员手机号，例如：npm run admin:create -- --phone 13912345678',
} as const;


// ---- users import ------------------------------------------------------------------------------------------------

export const USER_IMPORT_MAX_ROWS = 5000;
export const USER_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
/** The report lists at most this many bad cells (the count of all of them is given too). */
export const USER_IMPORT_MAX_ERRORS = 1000;
/** Membership end: at most 10 years ahead. */
export const USER_IMPORT_MEMBER_MAX_DAYS = 3650;
export const USER_IMPORT_NAME_MAX = 30;
export const USER_IMPORT_COMPANY_MAX = 60;

/** The columns of the users import template, in order, with the note shown under each header. */
export const USER_IMPORT_COLUMNS = [
  { key: 'phone', header: '手机号', note: '必填。11位手机号，不能与表内其他行或已注册账号重复' },
  { key: 'real_name', header: '姓名', note: `必填。真实姓名，最多${USER_IMPORT_NAME_MAX}个字` },
  { key: 'id_number', header: '身份证号', note: '选填。15位或18位（最后一位可为X）' },
  { key: 'company_name', header: '单位名称', note: `选填。所在单位，最多${USER_IMPORT_COMPANY_MAX}个字` },
  {
    key: 'member_end',
    header: '会员到期日',
    note: '选填。格式 2027-06-30，开通会员至该日24时（北京时间）；留空则不开通会员',
  },
] as const;
export type UserImportColumnKey = (typeof USER_IMPORT_COLUMNS)[number]['key'];

export const userImportMessages = {
  fileRequired: '请上传Excel文件（.xlsx）',
  fileTooLarge: 'Excel文件不能超过5MB',
  fileUnreadable: '无法读取该Excel文件，请使用下载的模板填写',
  columnMissing: '缺少该列，请使用下载的模板',
  empty: '文件中没有可导入的用户',
  tooMany: `一次最多导入${USER_IMPORT_MAX_ROWS}位用户`,
  badRows: (rows: number) => `有${rows}行数据不正确，请按提示修改后重新上传，本次未导入任何用户`,
  clean: (n: number) => `检查通过：共${n}位用户，可以导入`,
  imported: (n: number) => `成功导入${n}位用户`,
  phoneDuplicateInFile: (row: number) => `手机号与第${row}行重复`,
  phoneRegistered: '该手机号已注册',
  realNameRequired: '请填写姓名',
  realNameTooLong: `姓名最多${USER_IMPORT_NAME_MAX}个字`,
  companyTooLong: `单位名称最多${USER_IMPORT_COMPANY_MAX}个字`,
  memberEndInvalid: '会员到期日格式不正确，应为 2027-06-30 这样的日期',
  memberEndPast: '会员到期日须晚于今天',
  memberEndTooFar: '会员到期日不能超过10年后',
  /** The in-site message an imported account finds after its first login. */
  welcome: {
    title: '欢迎使用协会人才培养平台',
    content: (company: string | null) =>
      `${company ? `${company}已为您开通平台账号。` : '协会已为您开通平台账号。'}请在登录页选择「验证码登录」，用本手机号接收验证码登录；如需密码登录，可在「账号设置」中设置密码。`,
  },
} as const;
