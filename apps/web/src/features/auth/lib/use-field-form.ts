import { useRef, useState } from 'react';

/** A field's rule: its Chinese message, or null when the value passes. */
export type FieldRule<K extends string> = (
  value: string,
  values: Readonly<Record<K, string>>,
) => string | null;

/**
 * The state of a small form of text fields without antd's Form (the login screen's first paint stays free of antd):
 * values, one message per field, checked on change and on blur (SPEC §5) and all at once on submit.
 */
export function useFieldForm<K extends string>(initial: Record<K, string>, rules: Record<K, FieldRule<K>>) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<K, string>>>({});
  // The latest values, for a blur or submit in the same tick as a change.
  const latest = useRef(values);

  function check(name: K, all: Record<K, string>) {
    const message = rules[name](all[name], all);
    setErrors((e) => ({ ...e, [name]: message ?? undefined }));
    return message;
  }

  return {
    values,
    /** Props for a field's input: value, message, change and blur. */
    field(name: K) {
      return {
        value: values[name],
        error: errors[name] ?? null,
        onValueChange(value: string) {
          latest.current = { ...latest.current, [name]: value };
          setValues(latest.current);
          check(name, latest.current);
        },
        onBlur() {
          check(name, latest.current);
        },
      };
    },
    /** Checks the given fields (all by default); whether they all pass. */
    validate(names: readonly K[] = Object.keys(rules) as K[]): boolean {
      let passed = true;
      for (const name of names) if (check(name, latest.current)) passed = false;
      return passed;
    },
    /** Shows messages under fields (e.g. the server's field errors). */
    setFieldErrors(messages: Partial<Record<K, string>>) {
      setErrors((e) => ({ ...e, ...messages }));
    },
  };
}
