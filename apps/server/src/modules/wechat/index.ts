// Public surface of the wechat module (docs/architecture.md): the only file other modules import.
import type { CoreDeps } from '../../lib/app-module';
import { wechatRepository } from './wechat.repository';

export { createWechatModule, type WechatModuleOptions } from './wechat.routes';
export type { WechatApi, WechatIdentity, ExpiringValue } from './wechat-api';
export type { OpenGraphSource } from './wechat.service';

/**
 * The payer's openid for WeChat Pay JSAPI (members' payments take it through a port): the account's bound WeChat,
 * else the openid remembered by an authorisation with purpose `pay`; null when neither exists or WeChat is off.
 * Openids are per official account, so only those of the configured AppID count.
 */
export function wechatPayers({ db, config }: Pick<CoreDeps, 'db' | 'config'>) {
  return {
    async openidOf(userId: number): Promise<string | null> {
      if (config.wechat.mode === 'off') return null;
      return wechatRepository.payerOpenid(db, userId, config.wechat.appId);
    },
    /** Without an official account configured nobody can be sent through WeChat authorisation. */
    canAuthorize(): boolean {
      return config.wechat.mode !== 'off';
    },
  };
}
export type WechatPayers = ReturnType<typeof wechatPayers>;
