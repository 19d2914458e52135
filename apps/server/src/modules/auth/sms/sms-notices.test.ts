import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { freshPhone } from '../auth.test-support';
import { createAliyunSmsSender } from './aliyun-sms-sender';
import { createSmsNotices } from './sms-notices';
import type { SmsNotice } from './sms-sender';

const quiet = { info() {}, warn() {}, error() {} };
const aliyun = { accessKeyId: 'id', accessKeySecret: 's', signName: '财务管理协会', templateCode: 'SMS_CODE' };
const params = { time: '1.5小时', courses: '1', year: '2026', credits: '14', missing: '76', deadline: '2027-03-31' };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('notice SMS', () => {
  it('are not sent through Aliyun without an approved notice template', async () => {
    const calls: string[] = [];
    const sms = createAliyunSmsSender(aliyun, { now: () => t.clock.now(), fetch: async (url) => (calls.push(String(url)), Response.json({ Code: 'OK' })) });
    const notices = createSmsNotices({ db: t.db, clock: t.clock, sms, log: quiet });
    expect(notices.available).toBe(false);
    expect(await notices.send({ phone: freshPhone(), kind: 'learning_digest', params })).toBe('unavailable');
    expect(calls).toEqual([]);
  });

  it('go through the notice template with the digest’s values, once a minute per phone at most', async () => {
    const calls: URL[] = [];
    const sms = createAliyunSmsSender(
      { ...aliyun, noticeTemplateCode: 'SMS_NOTICE' },
      { now: () => t.clock.now(), fetch: async (url) => (calls.push(new URL(String(url))), Response.json({ Code: 'OK' })) },
    );
    const notices = createSmsNotices({ db: t.db, clock: t.clock, sms, log: quiet });
    const notice: SmsNotice = { phone: freshPhone(), kind: 'learning_digest', params };
    expect(await notices.send(notice)).toBe('sent');
    expect(calls[0]!.searchParams.get('TemplateCode')).toBe('SMS_NOTICE');
    expect(JSON.parse(calls[0]!.searchParams.get('TemplateParam')!)).toEqual(params);
    expect(await notices.send(notice)).toBe('limited');
    t.clock.advance(61_000);
    expect(await notices.send(notice)).toBe('sent');
    expect(calls).toHaveLength(2);
  });

  it('report a provider failure without throwing', async () => {
    const sms = createAliyunSmsSender(
      { ...aliyun, noticeTemplateCode: 'SMS_NOTICE' },
      { now: () => t.clock.now(), fetch: async () => Response.json({ Code: 'isv.BUSINESS_LIMIT_CONTROL' }) },
    );
    const notices = createSmsNotices({ db: t.db, clock: t.clock, sms, log: quiet });
    expect(await notices.send({ phone: freshPhone(), kind: 'learning_digest', params })).toBe('failed');
  });
});
