import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { useServerRender } from '@/shared/lib/server-render';
import './plain-input.css';
import './plain-select.css';

function boxClass(base: string, invalid: boolean | undefined, className: string | undefined) {
  return [base, invalid ? 'is-error' : '', className ?? ''].filter(Boolean).join(' ');
}

interface PlainInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> {
  /** Inside the box, after the text (a unit such as %). */
  suffix?: ReactNode;
  /** Drawn with the error border; also sets aria-invalid. */
  invalid?: boolean;
}

/**
 * A text field for screens drawn without antd, looking like antd's Input (32 px, the brand's focus ring). Rendered
 * disabled on the server until the client takes over (see server-render.ts).
 */
export function PlainInput({ suffix, invalid, className, disabled, ...input }: PlainInputProps) {
  const serverRender = useServerRender();
  return (
    <span className={boxClass('plain-input', invalid, className)}>
      <input {...input} aria-invalid={invalid || undefined} disabled={disabled || serverRender} />
      {suffix !== undefined && (
        <span className="plain-input__suffix" aria-hidden="true">
          {suffix}
        </span>
      )}
    </span>
  );
}

/** A text area of the same look, growing with its text between `minRows` and eight lines. */
export function PlainTextArea({
  invalid,
  className,
  disabled,
  ...area
}: TextareaHTMLAttributes<HTMLTextAreaElement> & { invalid?: boolean }) {
  const serverRender = useServerRender();
  return (
    <textarea
      {...area}
      className={boxClass('plain-textarea', invalid, className)}
      aria-invalid={invalid || undefined}
      disabled={disabled || serverRender}
    />
  );
}

/** The browser's own select (a phone shows its native picker) with the look of antd's Select. */
export function PlainNativeSelect({
  options,
  invalid,
  className,
  disabled,
  ...select
}: Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children'> & {
  options: readonly { value: string; label: string }[];
  invalid?: boolean;
}) {
  const serverRender = useServerRender();
  return (
    <select
      {...select}
      className={boxClass('plain-select', invalid, className)}
      aria-invalid={invalid || undefined}
      disabled={disabled || serverRender}
    >
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
}
