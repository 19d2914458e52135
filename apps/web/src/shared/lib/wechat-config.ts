import { useSyncExternalStore } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { WechatConfigData } from '@app/contracts/wechat/wechat.schemas';
import { apiClient } from './api-client';
import { isWechatBrowser } from './wechat-browser';

/**
 * Paths of the site-wide WeChat calls, written out (wechat-config.test.ts checks them against the descriptors): the
 * login screen and the share run on pages drawn without zod.
 */
export const WECHAT_CONFIG_PATH = '/api/wechat/config';
export const WECHAT_JS_CONFIG_PATH = '/api/wechat/js_config';

export const wechatConfigKey = ['wechat', 'config'] as const;

/** Whether WeChat is switched on for the site; asked only where it matters (`enabled`), e.g. inside WeChat. */
export function useWechatConfig(enabled = true) {
  return useQuery({
    queryKey: wechatConfigKey,
    queryFn: () => apiClient.get<WechatConfigData>(WECHAT_CONFIG_PATH, undefined, { silent: true }),
    enabled,
    staleTime: Infinity,
    retry: false,
  });
}

const noSubscription = () => () => {};

/**
 * True inside WeChat's built-in browser; false while drawing on the server and on the first client render that takes
 * over the server's markup (no mismatch), then the browser's answer.
 */
export function useIsWechatBrowser(): boolean {
  return useSyncExternalStore(noSubscription, () => isWechatBrowser(), () => false);
}
