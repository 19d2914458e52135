/**
 * Text PostgreSQL cannot keep: U+0000 (refused in `text` and `jsonb`: "invalid byte sequence for encoding UTF8:
 * 0x00") and a UTF-16 surrogate without its pair (no UTF-8 form at all).
 */
// eslint-disable-next-line no-control-regex -- U+0000 is exactly what is looked for
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isStorableText(text: string): boolean {
  return !UNSTORABLE.test(text);
}

/**
 * The dotted path (`items.0.title`) of the first string or object key under `value` that is not storable text, or
 * null when all are. `root` names the value itself (`keyword` for a query parameter, `body` for a whole body).
 * Walks without recursion, so a body nested 10,000 deep costs a loop, not the stack.
 */
export function findUnstorableText(value: unknown, root: string): string | null {
  const stack: { value: unknown; path: string }[] = [{ value, path: root }];
  const seen = new Set<object>();
  while (stack.length > 0) {
    const { value: current, path } = stack.pop()!;
    if (typeof current === 'string') {
      if (!isStorableText(current)) return path;
      continue;
    }
    if (current === null || typeof current !== 'object' || seen.has(current)) continue;
    // Buffers (a raw body) are bytes, not text: the route that takes them checks their content itself.
    if (ArrayBuffer.isView(current)) continue;
    seen.add(current);
    for (const [key, child] of Object.entries(current)) {
      const childPath = path ? `${path}.${key}` : key;
      if (!isStorableText(key)) return childPath;
      stack.push({ value: child, path: childPath });
    }
  }
  return null;
}
