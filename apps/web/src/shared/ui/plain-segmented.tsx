import type { KeyboardEvent } from 'react';
import { rovingIndex } from '@/shared/lib/roving';
import './plain-segmented.css';

export interface PlainSegmentedProps<T extends string> {
  value: T;
  options: readonly { value: T; label: string }[];
  onChange(value: T): void;
  /** The group's accessible name. */
  label: string;
}

/** A choice of one among a few (e.g. 最热 / 最新) for screens drawn without antd, looking like antd's Segmented. */
export function PlainSegmented<T extends string>({
  value,
  options,
  onChange,
  label,
}: PlainSegmentedProps<T>) {
  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    const i = rovingIndex(
      e.key,
      options.findIndex((o) => o.value === value),
      options.length,
    );
    if (i === null) return;
    e.preventDefault();
    const next = options[i]!;
    onChange(next.value);
    e.currentTarget.querySelector<HTMLButtonElement>(`[data-value="${next.value}"]`)?.focus();
  }
  return (
    <div className="plain-segmented" role="radiogroup" aria-label={label} onKeyDown={onKeyDown}>
      {options.map((o) => (
        <button
          key={o.value}
          type="button"
          role="radio"
          data-value={o.value}
          aria-checked={o.value === value}
          tabIndex={o.value === value ? 0 : -1}
          className={o.value === value ? 'plain-segmented__item is-selected' : 'plain-segmented__item'}
          onClick={() => onChange(o.value)}
        >
          {o.label}
        </button>
      ))}
    </div>
  );
}
