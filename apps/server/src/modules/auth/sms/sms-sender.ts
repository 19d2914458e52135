import type { SmsPurpose } from '@app/contracts';

/** One verification-code SMS. */
export interface SmsMessage {
  phone: string;
  purpose: SmsPurpose;
  code: string;
}

/** Delivers verification codes. Implementations must never log the code. */
export interface SmsSender {
  readonly name: string;
  /** Resolves once the provider accepted the message; rejects when it did not. */
  send(message: SmsMessage): Promise<void>;
}

/** The SMS text as the user reads it (the console sender's outbox keeps it verbatim). */
export function smsText(message: SmsMessage): string {
  const action = {
    register: '注册账号',
    login: '登录',
    reset: '找回密码',
    change_phone: '更换手机号',
  }[message.purpose];
  return `【财务管理协会】您正在${action}，验证码${message.code}，5分钟内有效。如非本人操作，请忽略本短信。`;
}
