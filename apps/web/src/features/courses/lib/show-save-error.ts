import { isApiError } from '@/shared/lib/api-client';

/** Puts a 400's field errors on the form, or shows its message. */
export function showError(err: unknown, form: { setFields: (f: { name: string; errors: string[] }[]) => void }, message: { error: (s: string) => void }) {
  if (!isApiError(err)) return message.error('保存失败，请重试');
  const fields = Object.entries(err.fieldErrors);
  if (fields.length > 0) form.setFields(fields.map(([name, e]) => ({ name: name.split('.')[0]!, errors: [e] })));
  else message.error(err.message);
}
