/**
 * A PostgreSQL array literal ('{1,2,3}', '{"a","b"}') to pass a whole column of a batch as ONE parameter
 * (`${pgArray(xs)}::int[]`, then `unnest(...)`): a multi-row statement then has a few parameters, not one per
 * value, which is most of its cost on PGlite and keeps it far from the 65,535-parameter limit.
 */
export function pgArray(values: readonly (string | number | boolean)[]): string {
  return `{${values
    .map((v) => {
      if (typeof v === 'number') {
        if (!Number.isFinite(v)) throw new RangeError(`not a finite number: ${v}`);
        return String(v);
      }
      if (typeof v === 'boolean') return v ? 't' : 'f';
      return `"${v.replace(/["\\]/g, (c) => `\\${c}`)}"`;
    })
    .join(',')}}`;
}
