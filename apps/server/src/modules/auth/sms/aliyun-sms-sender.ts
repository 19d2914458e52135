import { createHmac, randomUUID } from 'node:crypto';
import type { SmsMessage, SmsNotice, SmsNoticeKind, SmsSender } from './sms-sender';

/**
 * Aliyun Dysms SendSms over the POP RPC protocol (signature version 1.0): parameters sorted by name,
 * RFC 3986 percent-encoded, `GET&%2F&<encoded canonical query>` signed with HMAC-SHA1 keyed by `secret + '&'`.
 */
export const ALIYUN_SMS_ENDPOINT = 'https://dysmsapi.aliyuncs.com/';

export interface AliyunSmsConfig {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  /** Template with one `${code}` variable. */
  templateCode: string;
  /**
   * Notice template of the weekly learning digest (the text of `noticeText`, its six variables); without it no notice
   * is sent, since Dysms sends only approved templates.
   */
  noticeTemplateCode?: string;
  /** Templates of the company-training notices (invitation, assigned course deadline), each optional likewise. */
  trainingInvitationTemplateCode?: string;
  trainingDeadlineTemplateCode?: string;
  regionId?: string;
  endpoint?: string;
}

/** RFC 3986 encoding as Aliyun expects: space %20, `*` %2A, `~` kept, also `!'()` encoded. */
export function percentEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

export function canonicalQuery(params: Record<string, string>): string {
  return Object.keys(params)
    .sort()
    .map((k) => `${percentEncode(k)}=${percentEncode(params[k]!)}`)
    .join('&');
}

/** Signature of a GET request with these parameters (without `Signature`). */
export function signAliyunRpc(params: Record<string, string>, accessKeySecret: string, method = 'GET'): string {
  const stringToSign = `${method}&${percentEncode('/')}&${percentEncode(canonicalQuery(params))}`;
  return createHmac('sha1', `${accessKeySecret}&`).update(stringToSign, 'utf8').digest('base64');
}

/** ISO 8601 UTC without milliseconds, as Aliyun wants: 2017-07-12T02:42:19Z. */
export function aliyunTimestamp(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** Full signed SendSms URL; nonce and time are parameters so the result is deterministic in tests. */
export function buildSendSmsUrl(config: AliyunSmsConfig, message: SmsMessage, nonce: string, now: Date): string {
  return buildTemplateSmsUrl(config, { phone: message.phone, templateCode: config.templateCode, templateParam: { code: message.code } }, nonce, now);
}

/** A signed SendSms URL of any approved template and its values. */
export function buildTemplateSmsUrl(
  config: AliyunSmsConfig,
  message: { phone: string; templateCode: string; templateParam: object },
  nonce: string,
  now: Date,
): string {
  const params: Record<string, string> = {
    AccessKeyId: config.accessKeyId,
    Action: 'SendSms',
    Format: 'JSON',
    PhoneNumbers: message.phone,
    RegionId: config.regionId ?? 'cn-hangzhou',
    SignName: config.signName,
    SignatureMethod: 'HMAC-SHA1',
    SignatureNonce: nonce,
    SignatureVersion: '1.0',
    TemplateCode: message.templateCode,
    TemplateParam: JSON.stringify(message.templateParam),
    Timestamp: aliyunTimestamp(now),
    Version: '2017-05-25',
  };
  const signature = signAliyunRpc(params, config.accessKeySecret);
  return `${config.endpoint ?? ALIYUN_SMS_ENDPOINT}?Signature=${percentEncode(signature)}&${canonicalQuery(params)}`;
}

export function createAliyunSmsSender(
  config: AliyunSmsConfig,
  deps: { now: () => Date; fetch?: typeof fetch; timeoutMs?: number },
): SmsSender {
  const doFetch = deps.fetch ?? fetch;
  async function call(url: string): Promise<void> {
    const res = await doFetch(url, { method: 'GET', signal: AbortSignal.timeout(deps.timeoutMs ?? 10_000) });
    const body = (await res.json().catch(() => null)) as { Code?: string; Message?: string } | null;
    if (!res.ok || body?.Code !== 'OK') {
      // The provider's answer names the problem (bad signature, template, quota); the code is not in it.
      throw new Error(`aliyun SendSms failed: HTTP ${res.status} ${body?.Code ?? ''} ${body?.Message ?? ''}`.trim());
    }
  }
  const templates: Partial<Record<SmsNoticeKind, string>> = {
    ...(config.noticeTemplateCode ? { learning_digest: config.noticeTemplateCode } : {}),
    ...(config.trainingInvitationTemplateCode ? { training_invitation: config.trainingInvitationTemplateCode } : {}),
    ...(config.trainingDeadlineTemplateCode ? { training_deadline: config.trainingDeadlineTemplateCode } : {}),
  };
  const kinds = Object.keys(templates) as SmsNoticeKind[];
  return {
    name: 'aliyun',
    send: (message) => call(buildSendSmsUrl(config, message, randomUUID(), deps.now())),
    ...(kinds.length > 0
      ? {
          noticeKinds: kinds,
          sendNotice: (notice: SmsNotice) =>
            call(
              buildTemplateSmsUrl(
                config,
                { phone: notice.phone, templateCode: templates[notice.kind]!, templateParam: { ...notice.params } },
                randomUUID(),
                deps.now(),
              ),
            ),
        }
      : {}),
  };
}
