import {
  CheckCircleFilled,
  CloseCircleFilled,
  ExclamationCircleFilled,
  InfoCircleFilled,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import './plain-alert.css';

export type PlainAlertType = 'info' | 'success' | 'warning' | 'error';

const ICONS: Record<PlainAlertType, ReactNode> = {
  info: <InfoCircleFilled />,
  success: <CheckCircleFilled />,
  warning: <ExclamationCircleFilled />,
  error: <CloseCircleFilled />,
};

/**
 * A message on the page for screens drawn without antd, looking like antd's Alert with its icon. An error or a
 * warning is announced as it appears (role alert); information is a status.
 */
export function PlainAlert({
  type,
  children,
  className,
}: {
  type: PlainAlertType;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div
      className={`plain-alert plain-alert--${type} ${className ?? ''}`}
      role={type === 'error' || type === 'warning' ? 'alert' : 'status'}
    >
      <span className="plain-alert__icon" aria-hidden="true">
        {ICONS[type]}
      </span>
      <div className="plain-alert__text">{children}</div>
    </div>
  );
}
