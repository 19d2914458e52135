import { envelopeSchema } from '../common/envelope';
import { currentUserSchema } from '../users/users.schemas';
import {
  accountLoginBodySchema,
  changePhoneBodySchema,
  changePhoneDataSchema,
  codeLoginBodySchema,
  forgetPasswordBodySchema,
  loginDataSchema,
  nullDataSchema,
  registerBodySchema,
  sendMsgBodySchema,
  sendMsgDataSchema,
  smsOutboxDataSchema,
  smsOutboxQuerySchema,
} from './auth.schemas';

/**
 * Account endpoints (SPEC §7 paths, spelling kept). The session token travels in the `token` header; a missing,
 * expired, revoked or replaced token answers HTTP 406 with `{ code: 406, message: '未登录' }`.
 * Limits answer 429 with a Chinese message (see auth.rules.ts).
 */
export const authRoutes = {
  sendMsg: {
    method: 'POST',
    path: '/api/users/send_msg',
    summary: '发送短信验证码（注册、登录、找回密码、更换手机号）',
    body: sendMsgBodySchema,
    response: envelopeSchema(sendMsgDataSchema),
  },
  register: {
    method: 'POST',
    path: '/api/users/register',
    summary: '注册（个人或企业账号），成功后即登录',
    body: registerBodySchema,
    response: envelopeSchema(loginDataSchema),
  },
  accountLogin: {
    method: 'POST',
    path: '/api/users/account_login',
    summary: '账号密码登录',
    body: accountLoginBodySchema,
    response: envelopeSchema(loginDataSchema),
  },
  codeLogin: {
    method: 'POST',
    path: '/api/users/code_login',
    summary: '验证码登录（未注册的手机号自动注册为个人账号）',
    body: codeLoginBodySchema,
    response: envelopeSchema(loginDataSchema),
  },
  forgetPassword: {
    method: 'POST',
    path: '/api/users/forget_passwrod',
    summary: '找回密码（所有设备上的登录随之失效）',
    body: forgetPasswordBodySchema,
    response: envelopeSchema(nullDataSchema),
  },
  changePhone: {
    method: 'POST',
    path: '/api/users/change_phone',
    summary: '更换手机号（需登录）',
    body: changePhoneBodySchema,
    response: envelopeSchema(changePhoneDataSchema),
  },
  getCurrentUser: {
    method: 'POST',
    path: '/api/users/get_current_user',
    summary: '当前登录用户信息（需登录）',
    response: envelopeSchema(currentUserSchema),
  },
  logout: {
    method: 'POST',
    path: '/api/users/logout',
    summary: '退出登录（令牌在服务器端作废）',
    response: envelopeSchema(nullDataSchema),
  },
  devSmsOutbox: {
    method: 'GET',
    path: '/api/dev/sms_outbox',
    summary: '开发环境短信发件箱（生产环境不存在）',
    query: smsOutboxQuerySchema,
    response: envelopeSchema(smsOutboxDataSchema),
  },
} as const;
