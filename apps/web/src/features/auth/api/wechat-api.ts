import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LoginData } from '@app/contracts';
import type { WechatPurpose } from '@app/contracts/wechat/wechat.rules';
import type { WechatBindingData } from '@app/contracts/wechat/wechat.schemas';
import { apiClient } from '@/shared/lib/api-client';

/** WeChat calls of the login screen and 账号设置, written out (wechat-api.test.ts checks them against the descriptors). */
export const WECHAT_PATHS = {
  authorizeUrl: '/api/wechat/oauth/authorize_url',
  signIn: '/api/wechat/sign_in',
  binding: '/api/wechat/binding',
  unbind: '/api/wechat/binding',
} as const;

export const wechatApi = {
  authorizeUrl: (purpose: WechatPurpose, redirect: string) =>
    apiClient.post<{ url: string }>(WECHAT_PATHS.authorizeUrl, { purpose, redirect }, { silent: true }),
  signIn: (ticket: string) => apiClient.post<LoginData>(WECHAT_PATHS.signIn, { ticket }, { silent: true }),
  binding: () => apiClient.get<WechatBindingData>(WECHAT_PATHS.binding, undefined, { silent: true }),
  unbind: () => apiClient.delete<null>(WECHAT_PATHS.unbind, { silent: true }),
};

import { leaveSite } from '@/shared/lib/navigation';

export { leaveSite };

/** Starts a WeChat authorisation and leaves for its authorise page (WeChat's, or the development stand-in). */
export async function goToWechat(purpose: WechatPurpose, redirect: string): Promise<void> {
  const { url } = await wechatApi.authorizeUrl(purpose, redirect);
  leaveSite.assign(url);
}

export const wechatKeys = { binding: ['wechat', 'binding'] as const };

export function useWechatBinding() {
  return useQuery({ queryKey: wechatKeys.binding, queryFn: wechatApi.binding, retry: false });
}

export function useUnbindWechat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: wechatApi.unbind,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: wechatKeys.binding }),
  });
}
