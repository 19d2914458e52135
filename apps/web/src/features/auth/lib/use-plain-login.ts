import { useState, type FormEvent } from 'react';
import type { LoginData } from '@app/contracts';
import { notifier } from '@/shared/lib/notifier';
import { useServerRender } from '@/shared/lib/server-render';
import { splitApiError } from './form-errors';
import { useFieldForm, type FieldRule } from './use-field-form';
import { useLoginSuccess } from './use-login-success';

/**
 * A plain login form (password or code): its fields, the submit that checks them all (focusing the first bad one)
 * before calling `login`, and a failed call shown under the fields or as a notice. Nothing typed is lost on failure.
 */
export function usePlainLogin<K extends string>(
  initial: Record<K, string>,
  rules: Record<K, FieldRule<K>>,
  login: (values: Record<K, string>) => Promise<LoginData>,
) {
  const form = useFieldForm(initial, rules);
  const onSuccess = useLoginSuccess();
  const [submitting, setSubmitting] = useState(false);
  // Server-rendered fields stay disabled until the client takes over (see server-render.ts).
  const disabled = useServerRender();
  const names = Object.keys(initial) as K[];

  function showError(err: unknown, fieldNames: readonly K[] = names) {
    const { fields, notice } = splitApiError(err, fieldNames);
    form.setFieldErrors(fields as Partial<Record<K, string>>);
    if (notice) notifier.error(notice);
  }

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const formEl = e.currentTarget;
    if (!form.validate()) {
      requestAnimationFrame(() => formEl.querySelector<HTMLInputElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    setSubmitting(true);
    try {
      await onSuccess(await login(form.values));
    } catch (err) {
      showError(err);
    } finally {
      setSubmitting(false);
    }
  }

  return { form, submitting, disabled, onSubmit, showError };
}
