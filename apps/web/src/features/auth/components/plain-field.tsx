import { EyeInvisibleOutlined, EyeOutlined, LoadingOutlined, MobileOutlined } from '@ant-design/icons';
import { useId, useState, type ButtonHTMLAttributes, type InputHTMLAttributes, type ReactNode } from 'react';
import './plain-field.css';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'onBlur' | 'prefix'>;

export interface PlainFieldProps extends InputProps {
  /** The field's accessible name (the placeholder says what to type). */
  label: string;
  icon: ReactNode;
  value: string;
  error: string | null;
  onValueChange(value: string): void;
  onBlur(): void;
  /** Inside the box, after the input (e.g. the show-password switch). */
  suffix?: ReactNode;
  /** Joined to the box on its right (e.g. the send-code button). */
  addon?: ReactNode;
}

/**
 * A text field of the plain login screen, drawn like the site's antd large inputs: icon, input, message under it.
 * The message line is always there, so a message appearing never moves the fields below.
 */
export function PlainField({
  label,
  icon,
  value,
  error,
  onValueChange,
  onBlur,
  suffix,
  addon,
  disabled,
  ...input
}: PlainFieldProps) {
  const messageId = useId();
  const box = [
    'plain-field__box',
    error ? 'is-error' : '',
    disabled ? 'is-disabled' : '',
    addon ? 'has-addon' : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <div className="plain-field">
      <div className="plain-field__control">
        <span className={box}>
          <span className="plain-field__icon" aria-hidden="true">
            {icon}
          </span>
          <input
            {...input}
            className="plain-field__input"
            aria-label={label}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? messageId : undefined}
            value={value}
            disabled={disabled}
            onChange={(e) => onValueChange(e.target.value)}
            onBlur={onBlur}
          />
          {suffix}
        </span>
        {addon}
      </div>
      <div className="plain-field__message" id={messageId} role="alert">
        {error}
      </div>
    </div>
  );
}

/** The phone field of the plain login forms: SPEC §5 phone rule, numeric keyboard on phones. */
export function PlainPhoneField(
  props: Pick<PlainFieldProps, 'value' | 'error' | 'onValueChange' | 'onBlur' | 'disabled'>,
) {
  return (
    <PlainField
      {...props}
      label="手机号"
      icon={<MobileOutlined />}
      placeholder="请输入手机号"
      maxLength={11}
      inputMode="numeric"
      autoComplete="username"
    />
  );
}

/** A password field with a switch that shows the typed text. */
export function PlainPasswordField(props: Omit<PlainFieldProps, 'type' | 'suffix'>) {
  const [shown, setShown] = useState(false);
  return (
    <PlainField
      {...props}
      type={shown ? 'text' : 'password'}
      suffix={
        <button
          type="button"
          className="plain-field__toggle"
          aria-label={shown ? '隐藏密码' : '显示密码'}
          aria-pressed={shown}
          disabled={props.disabled}
          onClick={() => setShown((s) => !s)}
        >
          {shown ? <EyeOutlined aria-hidden="true" /> : <EyeInvisibleOutlined aria-hidden="true" />}
        </button>
      }
    />
  );
}

interface PlainButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant: 'primary' | 'default' | 'link';
  loading?: boolean;
  block?: boolean;
}

/** A button of the plain login screen, drawn like antd's large buttons; while loading it is busy and disabled. */
export function PlainButton({
  variant,
  loading = false,
  block = false,
  className,
  disabled,
  children,
  ...button
}: PlainButtonProps) {
  const classes = [
    'plain-button',
    `plain-button--${variant}`,
    block ? 'plain-button--block' : '',
    className ?? '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <button
      type="button"
      {...button}
      className={classes}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
    >
      {loading && <LoadingOutlined className="plain-button__spin" aria-hidden="true" />}
      {children}
    </button>
  );
}
