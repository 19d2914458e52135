import {
  authRoutes,
  type AccountLoginBody,
  type CodeLoginBody,
  type ForgetPasswordBody,
  type LoginData,
  type RegisterBody,
  type SendMsgBody,
  type SendMsgData,
} from '@app/contracts';
import { apiClient } from '@/shared/lib/api-client';

/**
 * Account calls of the login screen. Forms show their own errors (fields or one toast), so these calls are
 * silent in the HTTP client.
 */
export const authApi = {
  sendMsg: (body: SendMsgBody) =>
    apiClient.post<SendMsgData>(authRoutes.sendMsg.path, body, { silent: true }),
  accountLogin: (body: AccountLoginBody) =>
    apiClient.post<LoginData>(authRoutes.accountLogin.path, body, { silent: true }),
  codeLogin: (body: CodeLoginBody) =>
    apiClient.post<LoginData>(authRoutes.codeLogin.path, body, { silent: true }),
  register: (body: RegisterBody) =>
    apiClient.post<LoginData>(authRoutes.register.path, body, { silent: true }),
  forgetPassword: (body: ForgetPasswordBody) =>
    apiClient.post<null>(authRoutes.forgetPassword.path, body, { silent: true }),
};
