import type { ReactNode } from 'react';
import './plain-tag.css';

export type PlainTagColor = 'default' | 'blue' | 'green' | 'gold' | 'orange';

/** A small label for screens drawn without antd, looking like antd's Tag in its preset colours. */
export function PlainTag({ color = 'default', children }: { color?: PlainTagColor; children: ReactNode }) {
  return <span className={`plain-tag plain-tag--${color}`}>{children}</span>;
}
