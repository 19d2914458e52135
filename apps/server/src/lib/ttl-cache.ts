/**
 * Values computed at most once per key and `ttlMs` in this process, for reads that may be a little old (list pages,
 * a filter's total). Concurrent callers of a missing key share one computation; a computation that fails is
 * forgotten at once, so the next caller tries again. Past `maxKeys` keys the cache starts afresh.
 */
export function createTtlCache(options: { ttlMs: number; maxKeys?: number }) {
  const maxKeys = options.maxKeys ?? 1_000;
  const entries = new Map<string, { expires: number; value: Promise<unknown> }>();
  return function cached<T>(key: string, load: () => Promise<T>, ttlMs = options.ttlMs): Promise<T> {
    const now = Date.now();
    const hit = entries.get(key);
    if (hit && hit.expires > now) return hit.value as Promise<T>;
    if (entries.size > maxKeys) entries.clear();
    const value = load();
    entries.set(key, { expires: now + ttlMs, value });
    value.catch(() => entries.delete(key));
    return value;
  };
}
