import {
  SMS_MAX_PER_PHONE_PER_DAY,
  SMS_MAX_PER_PHONE_PER_HOUR,
  SMS_RESEND_INTERVAL_MS,
  maskPhone,
} from '@app/contracts';
import type { Db } from '../../../db/client';
import { lockKey } from '../../../db/sql';
import type { Clock } from '../../../lib/clock';
import { smsSends } from '../../../lib/metrics';
import { authRepository as repo } from '../auth.repository';
import type { SmsNotice, SmsSender } from './sms-sender';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** What `auth_sms_sends.ip` holds for a notice: sent by the platform, not asked for from an address. */
const NOTICE_SOURCE = 'notice';

export type SmsNoticeOutcome = 'sent' | 'failed' | 'limited' | 'unavailable';

/** Notice SMS for other areas (the weekly learning digest), under the same per-phone limits as codes. */
export interface SmsNotices {
  /** False when the provider has no approved template for notices (Aliyun without ALIYUN_SMS_NOTICE_TEMPLATE_CODE). */
  readonly available: boolean;
  /**
   * Sends one notice and says what happened; never throws for the provider. `limited`: the phone had an SMS within
   * the resend interval, or its hour's or day's share (SMS_MAX_PER_PHONE_PER_*), so nothing was sent.
   */
  send(notice: SmsNotice): Promise<SmsNoticeOutcome>;
}

type Log = { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };

/**
 * Notices count in the phone's send windows like codes (recorded in auth_sms_sends, serialised on the phone's lock),
 * so a notice never pushes a phone past the limits the provider and the code flow hold it to; the client-address
 * limit is not theirs, as the platform sends them. Nothing is written for a notice that is not sent.
 */
export function createSmsNotices(deps: { db: Db; clock: Clock; sms: SmsSender; log: Log }): SmsNotices {
  const { db, clock, sms, log } = deps;
  const sendNotice = sms.sendNotice?.bind(sms);
  return {
    available: sendNotice !== undefined,
    async send(notice) {
      if (!sendNotice || (sms.noticeKinds && !sms.noticeKinds.includes(notice.kind))) return 'unavailable';
      const phone = notice.phone;
      const allowed = await db.transaction(async (tx) => {
        const now = clock.now();
        await lockKey(tx, `sms-phone:${phone}`);
        if ((await repo.countPhoneSendsSince(tx, phone, new Date(now.getTime() - SMS_RESEND_INTERVAL_MS))) > 0) return false;
        if ((await repo.countPhoneSendsSince(tx, phone, new Date(now.getTime() - HOUR_MS))) >= SMS_MAX_PER_PHONE_PER_HOUR) return false;
        if ((await repo.countPhoneSendsSince(tx, phone, new Date(now.getTime() - DAY_MS))) >= SMS_MAX_PER_PHONE_PER_DAY) return false;
        await repo.recordSend(tx, phone, NOTICE_SOURCE, now, new Date(now.getTime() - DAY_MS));
        return true;
      });
      if (!allowed) {
        log.warn({ phone: maskPhone(phone), kind: notice.kind }, 'notice sms over the phone limits, not sent');
        return 'limited';
      }
      try {
        await sendNotice(notice);
        smsSends.inc({ provider: sms.name, result: 'sent' });
        return 'sent';
      } catch (err) {
        smsSends.inc({ provider: sms.name, result: 'failed' });
        log.error({ err, phone: maskPhone(phone), provider: sms.name, kind: notice.kind }, 'notice sms failed');
        return 'failed';
      }
    },
  };
}
