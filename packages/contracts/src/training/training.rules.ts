/**
 * Company training (企业内训): a verified company account's employees, the 学员卡 seats it buys for them, the courses
 * it assigns with deadlines, and its dashboard of their learning and yearly continuing-education credits.
 */

/** An invitation not answered within this many days expires. */
export const TRAINING_INVITE_DAYS = 7;
/** A seat's membership term, from payment. */
export const SEAT_TERM_DAYS = 365;
/** The one 学员卡 product a seat order buys (`product_id` of POST /api/orders with product_type seats). */
export const SEAT_PRODUCT_ID = 1;
/** Seats one order may buy. */
export const SEAT_ORDER_MAX = 5000;
/** Reminders of an assigned course go out this many days before its deadline (once each). */
export const TRAINING_REMINDER_DAYS = [7, 1] as const;
/** Courses and plans an assignment may be due in: at most a year and a half ahead. */
export const ASSIGNMENT_DEADLINE_MAX_DAYS = 548;
export const TRAINING_PLAN_NAME_MAX = 40;
export const TRAINING_PLAN_DESCRIPTION_MAX = 300;
export const TRAINING_PLAN_COURSES_MAX = 20;
export const SEAT_FIX_REASON_MAX = 200;

export const EMPLOYMENT_STATES = ['invited', 'active', 'declined', 'expired', 'cancelled', 'left', 'removed'] as const;
export type EmploymentState = (typeof EMPLOYMENT_STATES)[number];
export const EMPLOYMENT_STATE_LABELS: Record<EmploymentState, string> = {
  invited: '待接受',
  active: '在职',
  declined: '已拒绝',
  expired: '已过期',
  cancelled: '已撤回',
  left: '已退出',
  removed: '已移除',
};

/** What became of a seat, step by step (every step is kept with who and when). */
export const SEAT_EVENT_ACTIONS = ['purchased', 'assigned', 'returned', 'staff_assigned', 'staff_returned'] as const;
export type SeatEventAction = (typeof SEAT_EVENT_ACTIONS)[number];
export const SEAT_EVENT_LABELS: Record<SeatEventAction, string> = {
  purchased: '购买',
  assigned: '分配',
  returned: '收回',
  staff_assigned: '平台代为分配',
  staff_returned: '平台代为收回',
};

/** An employee's standing on one assigned course. */
export const ASSIGNMENT_STATUSES = ['done', 'learning', 'not_started', 'overdue'] as const;
export type AssignmentStatus = (typeof ASSIGNMENT_STATUSES)[number];
export const ASSIGNMENT_STATUS_LABELS: Record<AssignmentStatus, string> = {
  done: '已完成',
  learning: '学习中',
  not_started: '未开始',
  overdue: '已逾期',
};

/** Filters of the company's employee list. */
export const EMPLOYEE_FILTERS = ['overdue', 'unfinished', 'finished', 'credits_unmet', 'credits_met', 'no_seat'] as const;
export type EmployeeFilter = (typeof EMPLOYEE_FILTERS)[number];
export const EMPLOYEE_FILTER_LABELS: Record<EmployeeFilter, string> = {
  overdue: '有逾期课程',
  unfinished: '指派课程未学完',
  finished: '指派课程已学完',
  credits_unmet: '本年学分未达标',
  credits_met: '本年学分已达标',
  no_seat: '未分配学员卡',
};

/** The columns of the company's Excel export, in order. */
export const EMPLOYEE_EXPORT_HEADERS = [
  '姓名',
  '手机号（脱敏）',
  '加入时间',
  '学员卡有效期至',
  '指派课程',
  '已完成',
  '逾期',
  '本年学分',
  '要求学分',
  '学分状态',
] as const;

export const trainingMessages = {
  companyOnly: '仅企业账号可使用企业培训',
  personalOnly: '企业账号不能加入其他单位',
  companyNotVerified: '企业认证通过后才能邀请员工、购买学员卡和指派课程，请先完成企业认证',
  phoneNotRegistered: '该手机号尚未注册平台账号，请员工先注册个人账号后再邀请',
  phoneIsCompany: '该手机号是企业账号，只能邀请个人账号',
  inviteSelf: '不能邀请本企业账号',
  alreadyEmployee: '该员工已在本单位',
  alreadyInvited: '已向该手机号发出邀请，等待对方接受',
  employedElsewhere: '您已是其他单位的员工，请先退出原单位再接受邀请',
  inviteeEmployedElsewhere: '该员工已加入其他单位',
  invitationNotFound: '邀请不存在或已失效',
  invitationExpired: '邀请已过期，请联系单位重新邀请',
  invitationAnswered: '该邀请已处理',
  notEmployed: '您目前没有加入任何单位',
  employeeNotFound: '员工不存在或不在本单位',
  invited: '邀请已发送，对方接受后即成为本单位员工',
  accepted: '已加入单位',
  declined: '已拒绝邀请',
  cancelled: '邀请已撤回',
  left: '已退出单位',
  removed: '已移除该员工，其学员卡已收回',
  seatNotFound: '学员卡不存在',
  seatTaken: '该学员卡已分配给其他员工，请先收回',
  seatExpired: '该学员卡已过期',
  seatNotAssigned: '该学员卡尚未分配',
  employeeHasSeat: '该员工已持有学员卡',
  noSeatLeft: '没有可分配的学员卡，请先购买',
  seatsAssigned: (n: number) => `已分配${n}张学员卡`,
  seatAssigned: '学员卡已分配',
  seatReturned: '学员卡已收回，可分配给其他员工',
  tooManyForSeats: (want: number, left: number) => `要分配${want}张，可用学员卡只有${left}张，请减少人数或先购买`,
  quantityInvalid: `购买数量须为1到${SEAT_ORDER_MAX}张`,
  noTier: '学员卡暂未开售，请联系平台',
  courseRequired: '请选择要指派的课程或学习计划',
  courseNotFound: '课程不存在或未上架',
  planNotFound: '学习计划不存在或已停用',
  deadlineRequired: '请选择截止日期',
  deadlineInvalid: '截止日期格式不正确',
  deadlinePast: '截止日期不能早于今天',
  deadlineTooFar: `截止日期不能晚于${ASSIGNMENT_DEADLINE_MAX_DAYS}天后`,
  employeesRequired: '请选择员工，或指派给全体员工',
  assignmentNotFound: '指派不存在',
  assigned: (n: number) => `已指派给${n}名员工`,
  assignmentCancelled: '已撤销指派',
  nothingToAssign: '所选员工都已指派过该课程',
  tierPriceInvalid: '单价须为大于0的金额',
  tierMinInvalid: `起购数量须为1到${SEAT_ORDER_MAX}张`,
  tierDuplicate: '已有相同起购数量的价格档',
  tierNotFound: '价格档不存在',
  tierSaved: '价格档已保存',
  tierDeleted: '价格档已删除',
  firstTierRequired: '须保留从1张起购的价格档',
  planNameRequired: '请填写计划名称',
  planNameTooLong: `计划名称不能超过${TRAINING_PLAN_NAME_MAX}个字`,
  planDescriptionTooLong: `计划说明不能超过${TRAINING_PLAN_DESCRIPTION_MAX}个字`,
  planCoursesRequired: '请至少选择一门课程',
  planCoursesTooMany: `一个计划最多${TRAINING_PLAN_COURSES_MAX}门课程`,
  planSaved: '学习计划已保存',
  companyNotFound: '企业不存在',
  fixReasonRequired: '请填写处理原因（企业的请求）',
  fixReasonTooLong: `处理原因不能超过${SEAT_FIX_REASON_MAX}个字`,
  yearInvalid: '年度不正确',
} as const;

/** 138****8000 style masking is shared with the credits report; a company sees employees' phones masked. */
