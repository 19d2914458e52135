import { Button, type FormInstance } from 'antd';
import { authMessages, SMS_RESEND_INTERVAL_MS, type SmsPurpose } from '@app/contracts';
import { authApi } from '../api/auth-api';
import { useCountdown } from '../lib/use-countdown';
import { applyApiError } from '../lib/form-errors';
import { useState } from 'react';
import { notifier } from '@/shared/lib/notifier';

export const RESEND_SECONDS = SMS_RESEND_INTERVAL_MS / 1000;

interface SendCodeButtonProps {
  form: FormInstance;
  purpose: SmsPurpose;
  /** Form field holding the phone the code goes to. */
  phoneField?: string;
}

/** "获取验证码": validates the phone field, sends the code, then counts down 60 s ('重新发送(59s)') disabled. */
export function SendCodeButton({ form, purpose, phoneField = 'phone' }: SendCodeButtonProps) {
  const { left, counting, start } = useCountdown(RESEND_SECONDS);
  const [sending, setSending] = useState(false);
  const [sentOnce, setSentOnce] = useState(false);

  async function send() {
    let phone: string;
    try {
      const values = (await form.validateFields([phoneField])) as Record<string, string>;
      phone = String(values[phoneField] ?? '').trim();
    } catch {
      return; // the phone field shows its own message
    }
    setSending(true);
    try {
      await authApi.sendMsg({ phone, purpose });
      setSentOnce(true);
      start();
      notifier.success(authMessages.smsSent);
    } catch (err) {
      const text = applyApiError(form, err, [phoneField]);
      if (text) notifier.error(text);
    } finally {
      setSending(false);
    }
  }

  const label = counting ? `重新发送(${left}s)` : sentOnce ? '重新发送' : '获取验证码';
  return (
    <Button className="send-code-button" onClick={send} disabled={counting} loading={sending}>
      {label}
    </Button>
  );
}
