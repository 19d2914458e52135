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
};

/** The permissions each role grants. 管理员 holds every permission, including managing roles. */
export const ROLE_PERMISSIONS: Record<StaffRole, readonly Permission[]> = {
  admin: PERMISSIONS,
  editor: ['content', 'courses', 'magazine', 'live'],
  course_manager: ['courses'],
  reviewer: ['stars', 'companies', 'job_posts', 'moderation', 'qa'],
  finance: ['orders', 'invoices', 'refunds', 'risk_checks', 'reports'],
  grader: ['exams', 'grading'],
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
  phoneArgumentMissing: '请用 --phone 指定管理员手机号，例如：npm run admin:create -- --phone 13912345678',
} as const;
