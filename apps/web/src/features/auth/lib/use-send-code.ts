import { useState } from 'react';
import { authMessages, SMS_RESEND_INTERVAL_MS } from '@app/contracts/auth/auth.rules';
import type { SmsPurpose } from '@app/contracts/auth/auth.schemas';
import { notifier } from '@/shared/lib/notifier';
import { authApi } from '../api/auth-api';
import { useCountdown } from './use-countdown';

const RESEND_SECONDS = SMS_RESEND_INTERVAL_MS / 1000;

interface SendCodeOptions {
  purpose: SmsPurpose;
  /** The checked phone the code goes to, or null when the phone field shows its own message. */
  readPhone(): Promise<string | null>;
  /** Shows a failed send on the form (e.g. a message under the phone field). */
  onError(err: unknown): void;
}

/**
 * "获取验证码" for any form: checks the phone, sends the code, then counts down 60 s ('重新发送(59s)'), during which
 * the button is disabled. The antd button and the plain login form's button both use it.
 */
export function useSendCode({ purpose, readPhone, onError }: SendCodeOptions) {
  const { left, counting, start } = useCountdown(RESEND_SECONDS);
  const [sending, setSending] = useState(false);
  const [sentOnce, setSentOnce] = useState(false);

  async function send() {
    const phone = await readPhone();
    if (phone === null) return;
    setSending(true);
    try {
      await authApi.sendMsg({ phone, purpose });
      setSentOnce(true);
      start();
      notifier.success(authMessages.smsSent);
    } catch (err) {
      onError(err);
    } finally {
      setSending(false);
    }
  }

  const label = counting ? `重新发送(${left}s)` : sentOnce ? '重新发送' : '获取验证码';
  return { label, counting, sending, send };
}
