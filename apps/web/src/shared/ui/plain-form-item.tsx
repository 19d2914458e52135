import type { ReactNode } from 'react';
import './plain-input.css';

/** The id of a field's help or message line, for the field's aria-describedby. */
export const helpIdOf = (fieldId: string) => `${fieldId}-help`;

/**
 * A labelled field for screens drawn without antd, laid out like antd's vertical Form.Item: the label, the field
 * (`children`, whose id is `htmlFor`), then its message when there is one, else its help, on a line kept
 * empty or not. The message is announced.
 */
export function PlainFormItem({
  label,
  htmlFor,
  error,
  help,
  className,
  children,
}: {
  label: string;
  htmlFor: string;
  error?: string | null;
  help?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const line = error ?? help;
  return (
    <div className={['plain-form-item', error ? 'is-error' : '', className ?? ''].filter(Boolean).join(' ')}>
      <label className="plain-form-item__label" htmlFor={htmlFor}>
        {label}
      </label>
      {children}
      <div className="plain-form-item__help" id={helpIdOf(htmlFor)} role={error ? 'alert' : undefined}>
        {line}
      </div>
    </div>
  );
}
