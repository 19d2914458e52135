import { Button, type FormInstance } from 'antd';
import type { SmsPurpose } from '@app/contracts';
import { applyApiError } from '../lib/form-errors';
import { useSendCode } from '../lib/use-send-code';
import { notifier } from '@/shared/lib/notifier';

interface SendCodeButtonProps {
  form: FormInstance;
  purpose: SmsPurpose;
  /** Form field holding the phone the code goes to. */
  phoneField?: string;
}

/** "获取验证码" in an antd form: validates the phone field, sends the code, then counts down 60 s disabled. */
export function SendCodeButton({ form, purpose, phoneField = 'phone' }: SendCodeButtonProps) {
  const { label, counting, sending, send } = useSendCode({
    purpose,
    async readPhone() {
      try {
        const values = (await form.validateFields([phoneField])) as Record<string, string>;
        return String(values[phoneField] ?? '').trim();
      } catch {
        return null; // the phone field shows its own message
      }
    },
    onError(err) {
      const text = applyApiError(form, err, [phoneField]);
      if (text) notifier.error(text);
    },
  });
  return (
    <Button className="send-code-button" onClick={send} disabled={counting} loading={sending}>
      {label}
    </Button>
  );
}
