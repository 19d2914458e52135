import { PlainNativeSelect } from './plain-input';
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
 * A filter of a list for screens drawn without antd: the site's native select (PlainNativeSelect) with "all" first;
 * a value that is not one of the options shows "all".
 */
export function PlainSelect({ label, value, options, allLabel, onChange, className }: PlainSelectProps) {
  return (
    <PlainNativeSelect
      className={className}
      aria-label={label}
      value={options.includes(value) ? value : ''}
      options={[{ value: '', label: allLabel }, ...options.map((o) => ({ value: o, label: o }))]}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
