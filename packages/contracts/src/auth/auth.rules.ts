/**
 * Account limits and Chinese messages of the auth area (SPEC §5, §8, DECISIONS.md 5-6 and "SMS").
 * The server enforces these numbers; the web shows the texts and the resend countdown.
 */

const MINUTE_MS = 60_000;

/** SMS verification codes. */
export const SMS_CODE_LENGTH = 6;
/** A code lives 5 minutes. */
export const SMS_CODE_TTL_MS = 5 * MINUTE_MS;
/** Wrong tries after which a code is void. */
export const SMS_CODE_MAX_ATTEMPTS = 5;
/** Minimum gap between two sends to one phone (the web's resend countdown). */
export const SMS_RESEND_INTERVAL_MS = 60_000;
export const SMS_MAX_PER_PHONE_PER_HOUR = 5;
export const SMS_MAX_PER_PHONE_PER_DAY = 10;
export const SMS_MAX_PER_IP_PER_HOUR = 30;

/** Password login: failures per account within the window that lock it. */
export const LOGIN_MAX_FAILURES = 10;
export const LOGIN_FAILURE_WINDOW_MS = 15 * MINUTE_MS;
export const LOGIN_LOCK_MS = 15 * MINUTE_MS;
/** Password-login failures per IP address within LOGIN_FAILURE_WINDOW_MS. */
export const LOGIN_MAX_FAILURES_PER_IP = 50;

/** Default session lifetime; every use extends it (sliding expiry). */
export const SESSION_TTL_MS = 7 * 24 * 60 * MINUTE_MS;
/** A session's expiry is written back at most once per this interval. */
export const SESSION_TOUCH_INTERVAL_MS = 5 * MINUTE_MS;

/** Avatar upload: at most 2 MB of PNG, JPEG, GIF or WebP (checked by content, not by name). */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_ACCEPT = 'image/png,image/jpeg,image/gif,image/webp';

export const NICKNAME_MAX_LENGTH = 20;
export const REAL_NAME_MAX_LENGTH = 20;
export const COMPANY_NAME_MAX_LENGTH = 60;

/** Chinese texts of the auth and users areas. */
export const authMessages = {
  roleRequired: '请选择账号类型',
  companyNameRequired: '请输入企业名称',
  companyNameTooLong: `企业名称最多${COMPANY_NAME_MAX_LENGTH}个字符`,
  creditCodeRequired: '请输入统一社会信用代码',
  creditCodeInvalid: '统一社会信用代码不正确',
  purposeInvalid: '验证码用途不正确',
  phoneRegistered: '该手机号已注册',
  phoneNotRegistered: '该手机号未注册',
  wrongCredentials: '手机号或密码错误',
  codeWrong: '验证码错误或已失效',
  smsResendTooSoon: '验证码发送过于频繁，请60秒后再试',
  smsHourlyLimit: '该手机号获取验证码次数过多，请1小时后再试',
  smsDailyLimit: '该手机号今日获取验证码次数已达上限，请明天再试',
  smsIpLimit: '获取验证码过于频繁，请稍后再试',
  smsSendFailed: '短信发送失败，请稍后再试',
  smsSent: '验证码已发送',
  /** The account is locked after too many wrong passwords; `minutes` until it opens (at least 1). */
  loginLocked: (minutes: number) => `密码错误次数过多，请${minutes}分钟后重试`,
  ipLoginLimited: '登录失败次数过多，请稍后再试',
  accountDisabled: '账号已被禁用，请联系客服',
  loginSuccess: '登录成功',
  registerSuccess: '注册成功',
  logoutSuccess: '已退出登录',
  passwordResetSuccess: '密码已重置，请重新登录',
  passwordChanged: '密码修改成功',
  oldPasswordRequired: '请输入原密码',
  oldPasswordWrong: '原密码错误',
  newPasswordSameAsOld: '新密码不能与原密码相同',
  phoneChangeProofRequired: '请输入登录密码或原手机号验证码',
  phoneChangeSamePhone: '新手机号不能与原手机号相同',
  phoneChanged: '手机号修改成功',
  settingSaved: '保存成功',
  careModeRequired: '请选择开启或关闭关怀模式',
  careModeOn: '已开启关怀模式',
  careModeOff: '已关闭关怀模式',
  nicknameTooLong: `昵称最多${NICKNAME_MAX_LENGTH}个字符`,
  realNameTooLong: `真实姓名最多${REAL_NAME_MAX_LENGTH}个字符`,
  genderInvalid: '请选择性别',
  politicalStatusInvalid: '请选择政治面貌',
  avatarRequired: '请选择头像图片',
  avatarTooLarge: '头像图片不能超过2MB',
  avatarBadType: '仅支持PNG、JPG、GIF、WebP格式的图片',
  avatarUploaded: '头像上传成功',
  staffOnly: '仅限管理员操作',
} as const;

/** System messages the server writes to a user's message centre. */
export const systemMessageTexts = {
  welcome: {
    title: '欢迎加入财务管理协会人才培训平台',
    content: '您的账号已注册成功。完善个人信息后即可开始学习课程、参加测评与求职。',
  },
  passwordChanged: {
    title: '密码已修改',
    content: '您的登录密码已修改。如非本人操作，请立即通过“忘记密码”重置密码。',
  },
  passwordReset: {
    title: '密码已重置',
    content: '您的登录密码已通过短信验证码重置，所有设备上的登录均已失效。如非本人操作，请立即联系客服。',
  },
  phoneChanged: {
    title: '手机号已更换',
    content: (maskedPhone: string) => `您的登录手机号已更换为${maskedPhone}，请使用新手机号登录。`,
  },
  elsewhereLogin: {
    title: '账号在其他设备登录',
    content: '您的账号在其他设备上登录，之前设备上的登录已失效。如非本人操作，请立即修改密码。',
  },
} as const;
