import type { KeyboardEvent } from 'react';
import { rovingIndex } from '@/shared/lib/roving';
import './plain-tabs.css';

export interface PlainTabsProps<T extends string> {
  items: readonly { key: T; label: string }[];
  active: T;
  onChange(key: T): void;
  /** The tab list's accessible name. */
  label: string;
  /** Tab ids are `${idPrefix}-tab-${key}`; a panel names its tab with aria-labelledby. */
  idPrefix: string;
  /** The id of the panel a tab shows, where that panel is in the page (aria-controls). */
  panelId?: (key: T) => string | undefined;
  centered?: boolean;
}

/**
 * An ARIA tab list for screens drawn without antd, looking like antd's Tabs: arrow keys, Home and End move between the
 * tabs (rovingIndex) and choose the one they land on.
 */
export function PlainTabs<T extends string>({
  items,
  active,
  onChange,
  label,
  idPrefix,
  panelId,
  centered = false,
}: PlainTabsProps<T>) {
  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    const next = rovingIndex(
      e.key,
      items.findIndex((t) => t.key === active),
      items.length,
    );
    if (next === null) return;
    e.preventDefault();
    const key = items[next]!.key;
    onChange(key);
    document.getElementById(`${idPrefix}-tab-${key}`)?.focus();
  }
  return (
    <div
      className={centered ? 'plain-tabs plain-tabs--centered' : 'plain-tabs'}
      role="tablist"
      aria-label={label}
      onKeyDown={onKeyDown}
    >
      {items.map(({ key, label: text }) => (
        <button
          key={key}
          type="button"
          role="tab"
          id={`${idPrefix}-tab-${key}`}
          className="plain-tabs__tab"
          aria-selected={active === key}
          aria-controls={panelId?.(key)}
          tabIndex={active === key ? 0 : -1}
          onClick={() => onChange(key)}
        >
          {text}
        </button>
      ))}
    </div>
  );
}
