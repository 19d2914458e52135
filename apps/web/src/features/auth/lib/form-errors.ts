import type { FormInstance } from 'antd';
import { isApiError } from '@/shared/lib/api-error';

export interface SplitApiError {
  /** Messages for the fields the form shows, by field name. */
  fields: Record<string, string>;
  /** What still needs a notice: the whole message when no field took it, or when some field error has no field here. */
  notice: string | null;
}

/**
 * Splits a failed call for a form: per-field messages of a 400 answer (`data.fieldErrors`) for the fields the form
 * has; anything else as one notice text.
 */
export function splitApiError(err: unknown, fieldNames: readonly string[]): SplitApiError {
  if (!isApiError(err)) return { fields: {}, notice: err instanceof Error ? err.message : '接口异常' };
  const fieldErrors = err.fieldErrors;
  const known = Object.entries(fieldErrors).filter(([name]) => fieldNames.includes(name));
  if (known.length === 0) return { fields: {}, notice: err.message || '接口异常' };
  // Field errors for fields this form does not show still need a visible message.
  return {
    fields: Object.fromEntries(known),
    notice: known.length === Object.keys(fieldErrors).length ? null : err.message,
  };
}

/**
 * Shows a failed call on an antd form: field messages go under the fields (splitApiError); the rest is returned so
 * the caller can toast it.
 */
export function applyApiError(
  form: FormInstance,
  err: unknown,
  fieldNames: readonly string[],
): string | null {
  const { fields, notice } = splitApiError(err, fieldNames);
  const entries = Object.entries(fields);
  if (entries.length > 0) form.setFields(entries.map(([name, message]) => ({ name, errors: [message] })));
  return notice;
}
