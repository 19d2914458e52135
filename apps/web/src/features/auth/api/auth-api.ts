import type {
  AccountLoginBody,
  CodeLoginBody,
  ForgetPasswordBody,
  LoginData,
  RegisterBody,
  SendMsgBody,
  SendMsgData,
} from '@app/contracts';
import { apiClient } from '@/shared/lib/api-client';

/**
 * The paths of the account calls, written out: the login screen is drawn without antd and zod, and the auth route
 * descriptors would bring zod and every auth schema into it (auth-api.test.ts checks them against the descriptors).
 */
export const AUTH_PATHS = {
  sendMsg: '/api/users/send_msg',
  register: '/api/users/register',
  accountLogin: '/api/users/account_login',
  codeLogin: '/api/users/code_login',
  forgetPassword: '/api/users/forget_passwrod',
} as const;

/**
 * Account calls of the login screen. Forms show their own errors (fields or one toast), so these calls are
 * silent in the HTTP client.
 */
export const authApi = {
  sendMsg: (body: SendMsgBody) => apiClient.post<SendMsgData>(AUTH_PATHS.sendMsg, body, { silent: true }),
  accountLogin: (body: AccountLoginBody) =>
    apiClient.post<LoginData>(AUTH_PATHS.accountLogin, body, { silent: true }),
  codeLogin: (body: CodeLoginBody) => apiClient.post<LoginData>(AUTH_PATHS.codeLogin, body, { silent: true }),
  register: (body: RegisterBody) => apiClient.post<LoginData>(AUTH_PATHS.register, body, { silent: true }),
  forgetPassword: (body: ForgetPasswordBody) =>
    apiClient.post<null>(AUTH_PATHS.forgetPassword, body, { silent: true }),
};
