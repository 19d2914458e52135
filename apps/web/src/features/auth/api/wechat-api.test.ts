import { describe, expect, it } from 'vitest';
import { wechatRoutes } from '@app/contracts/wechat/wechat.routes';
import { WECHAT_CONFIG_PATH, WECHAT_JS_CONFIG_PATH } from '@/shared/lib/wechat-config';
import { WECHAT_PATHS } from './wechat-api';

describe('WeChat calls', () => {
  it('use the paths and methods of the wechat route descriptors', () => {
    expect(WECHAT_PATHS.authorizeUrl).toBe(wechatRoutes.authorizeUrl.path);
    expect(wechatRoutes.authorizeUrl.method).toBe('POST');
    expect(WECHAT_PATHS.signIn).toBe(wechatRoutes.signIn.path);
    expect(wechatRoutes.signIn.method).toBe('POST');
    expect(WECHAT_PATHS.binding).toBe(wechatRoutes.binding.path);
    expect(wechatRoutes.binding.method).toBe('GET');
    expect(WECHAT_PATHS.unbind).toBe(wechatRoutes.unbind.path);
    expect(wechatRoutes.unbind.method).toBe('DELETE');
    expect(WECHAT_CONFIG_PATH).toBe(wechatRoutes.config.path);
    expect(WECHAT_JS_CONFIG_PATH).toBe(wechatRoutes.jsConfig.path);
  });
});
