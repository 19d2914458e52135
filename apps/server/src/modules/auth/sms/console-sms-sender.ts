import { maskPhone } from '@app/contracts';
import type { Clock } from '../../../lib/clock';
import { authRepository } from '../auth.repository';
import { type Executor } from '../../../db/sql';
import { noticeText, smsText, type SmsSender } from './sms-sender';

/**
 * Development sender: logs that a code or notice went out (masked phone, never the code) and, outside production,
 * keeps the text in the database outbox (GET /api/dev/sms_outbox) so every server process and the browser tests can
 * read it.
 */
export function createConsoleSmsSender(deps: {
  db: Executor;
  clock: Clock;
  log: { info(obj: object, msg: string): void };
  keepOutbox: boolean;
}): SmsSender {
  return {
    name: 'console',
    async send(message) {
      if (deps.keepOutbox) {
        await authRepository.addOutbox(deps.db, {
          phone: message.phone,
          purpose: message.purpose,
          content: smsText(message),
          now: deps.clock.now(),
        });
      }
      deps.log.info({ purpose: message.purpose }, `code sent to ${maskPhone(message.phone)}`);
    },
    async sendNotice(notice) {
      if (deps.keepOutbox) {
        await authRepository.addOutbox(deps.db, { phone: notice.phone, purpose: notice.kind, content: noticeText(notice), now: deps.clock.now() });
      }
      deps.log.info({ purpose: notice.kind }, `notice sent to ${maskPhone(notice.phone)}`);
    },
  };
}
