import { EyeInvisibleOutlined, EyeOutlined, MobileOutlined } from '@ant-design/icons';
import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { PlainButton } from '@/shared/ui/plain-button';
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

/**
 * The phone field of the plain login forms: SPEC §5 phone rule, the phone keypad. Autofill offers the saved phone
 * number (`tel`), except beside a password, where the phone is the account's user name (`username`), so password
 * managers pair the two.
 */
export function PlainPhoneField({
  autoComplete = 'tel',
  ...props
}: Pick<PlainFieldProps, 'value' | 'error' | 'onValueChange' | 'onBlur' | 'disabled'> & { autoComplete?: 'tel' | 'username' }) {
  return (
    <PlainField
      {...props}
      label="手机号"
      icon={<MobileOutlined />}
      placeholder="请输入手机号"
      maxLength={11}
      inputMode="tel"
      autoComplete={autoComplete}
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

/** 登录, the submit button of both plain login forms. */
export function LoginSubmitButton({ loading, disabled }: { loading: boolean; disabled: boolean }) {
  return (
    <PlainButton
      variant="primary"
      type="submit"
      block
      className="login-card__submit"
      loading={loading}
      disabled={disabled}
    >
      登录
    </PlainButton>
  );
}
