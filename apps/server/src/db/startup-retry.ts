/**
 * True for an error of reaching the database rather than of a statement: no SQLSTATE at all (a connect timeout, a
 * refused or dropped connection), or SQLSTATE class 08 (connection exception) or 57P03 (the server is starting up).
 * Looks through drizzle's `cause` wrapping.
 */
export function isConnectionError(err: unknown): boolean {
  let e: unknown = err;
  for (let depth = 0; e && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code))
      return code.startsWith('08') || code === '57P03';
    const cause = (e as { cause?: unknown }).cause;
    if (!cause) break;
    e = cause;
  }
  return true;
}

/**
 * Runs the start-up work on the database (lock, migrate, seed), again after a pause while the database cannot be
 * reached, for up to `waitMs`. A process must not die because the database came up after it, or because its own
 * start-up (building the app in the same thread) held the event loop past the connect timeout of the first
 * connection on a busy machine. Errors of the statements themselves are not retried.
 */
export async function withStartupRetry<T>(
  fn: () => Promise<T>,
  options: { waitMs: number; pauseMs?: number; onRetry?: (err: unknown) => void },
): Promise<T> {
  const deadline = Date.now() + options.waitMs;
  for (;;) {
    try {
      return await fn();
    } catch (err) {
      if (!isConnectionError(err) || Date.now() >= deadline) throw err;
      options.onRetry?.(err);
      await new Promise((r) => setTimeout(r, options.pauseMs ?? 500));
    }
  }
}
