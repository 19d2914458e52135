/**
 * Error codes of the envelope. The HTTP status equals the code on errors (ARCHITECTURE.md convention 1).
 * Each has a default Simplified Chinese message; a thrower may give a more precise one.
 */
export const ErrorCode = {
  BadRequest: 400,
  Forbidden: 403,
  NotFound: 404,
  MethodNotAllowed: 405,
  NotLoggedIn: 406,
  Conflict: 409,
  PayloadTooLarge: 413,
  UnsupportedMediaType: 415,
  Unprocessable: 422,
  TooManyRequests: 429,
  Internal: 500,
  Unavailable: 503,
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export const defaultErrorMessages: Record<ErrorCode, string> = {
  400: '请求参数有误',
  403: '没有权限执行此操作',
  404: '请求的资源不存在',
  405: '请求方法不被允许',
  406: '未登录',
  409: '数据冲突，请刷新后重试',
  413: '提交的内容过大',
  415: '不支持的内容类型',
  422: '无法处理该请求',
  429: '操作过于频繁，请稍后再试',
  500: '服务器开小差了，请稍后再试',
  503: '服务暂不可用，请稍后再试',
};

/** SPEC §8 texts the client matches on; kept verbatim. */
export const NOT_LOGGED_IN_MESSAGE = '未登录';
export const USER_NOT_LOGGED_IN_MESSAGE = '用户未登录';
export const BUY_STUDENT_CARD_MESSAGE = '请购买学员卡';

/** A field holding text the database cannot keep (U+0000, a lone UTF-16 surrogate). */
export const unstorableTextMessage = (field: string) => `${field} 含有无法识别的字符（如空字符），请删除后重试`;
