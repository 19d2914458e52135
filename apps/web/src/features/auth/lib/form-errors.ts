import type { FormInstance } from 'antd';
import { isApiError } from '@/shared/lib/api-error';

/**
 * Shows a failed call on the form: per-field messages of a 400 answer (`data.fieldErrors`) go under the
 * fields the form has; anything else is returned so the caller can toast it.
 */
export function applyApiError(
  form: FormInstance,
  err: unknown,
  fieldNames: readonly string[],
): string | null {
  if (!isApiError(err)) return err instanceof Error ? err.message : '接口异常';
  const fieldErrors = err.fieldErrors;
  const known = Object.entries(fieldErrors).filter(([name]) => fieldNames.includes(name));
  if (known.length > 0) {
    form.setFields(known.map(([name, message]) => ({ name, errors: [message] })));
    // Field errors for fields this form does not show still need a visible message.
    return known.length === Object.keys(fieldErrors).length ? null : err.message;
  }
  return err.message || '接口异常';
}
