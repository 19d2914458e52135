import type { FormInstance } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import { isApiError } from '@/shared/lib/api-client';

/**
 * Shows a failed save of a talent dialog: the server's per-field messages go under the fields the form has;
 * when none of them is on the form, the server's message (or 保存失败) is toasted.
 */
export function showSaveError(form: FormInstance, message: MessageInstance, err: unknown, fieldNames: readonly string[]): void {
  if (!isApiError(err)) {
    message.error('保存失败');
    return;
  }
  const known = Object.entries(err.fieldErrors).filter(([name]) => fieldNames.includes(name));
  form.setFields(known.map(([name, msg]) => ({ name, errors: [msg] })));
  if (known.length === 0) message.error(err.message || '保存失败');
}
