import { useServerRender } from '@/shared/lib/server-render';
import './plain-select.css';

export interface PlainSelectProps {
  /** The field's accessible name. */
  label: string;
  value: string;
  options: readonly string[];
  /** The first choice, meaning "no filter" (value ''). */
  allLabel: string;
  onChange(value: string): void;
  className?: string;
}

/**
 * A filter of a list for screens drawn without antd: the browser's own select (a phone shows its native picker),
 * sized and bordered like the site's antd Select.
 */
export function PlainSelect({ label, value, options, allLabel, onChange, className }: PlainSelectProps) {
  // Server-rendered fields stay disabled until the client takes over (see server-render.ts).
  const serverRender = useServerRender();
  return (
    <select
      className={`plain-select ${className ?? ''}`}
      aria-label={label}
      value={options.includes(value) ? value : ''}
      disabled={serverRender}
      onChange={(e) => onChange(e.target.value)}
    >
      <option value="">{allLabel}</option>
      {options.map((o) => (
        <option key={o} value={o}>
          {o}
        </option>
      ))}
    </select>
  );
}
