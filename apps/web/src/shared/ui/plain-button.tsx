import { LoadingOutlined } from '@ant-design/icons';
import type { ComponentProps } from 'react';
import './plain-button.css';

interface PlainButtonProps extends ComponentProps<'button'> {
  variant: 'primary' | 'default' | 'danger' | 'link';
  /** 'large' (40 px, forms) by default; 'middle' (32 px) in lists and toolbars. */
  size?: 'large' | 'middle';
  loading?: boolean;
  block?: boolean;
}

/**
 * A button for screens drawn without antd (login, course lists), looking like the site's antd buttons; large for forms,
 * middle in lists. While loading it is busy and disabled. `aria-disabled` (rather than `disabled`) draws it disabled
 * yet keeps it focusable, for a state that replaces the button focus was on (已投递 after applying).
 */
export function PlainButton({
  variant,
  size = 'large',
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
    size === 'middle' ? 'plain-button--middle' : '',
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
