import { describe, expect, it } from 'vitest';
import { isConnectionError, withStartupRetry } from './startup-retry';

const timeout = new Error('Connection terminated due to connection timeout');
const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
const sqlError = Object.assign(new Error('relation "x" does not exist'), { code: '42P01' });

describe('start-up retry of the database work', () => {
  it('tells a connection error from a statement error, through drizzle wrapping', () => {
    expect(isConnectionError(timeout)).toBe(true);
    expect(isConnectionError(refused)).toBe(true);
    expect(isConnectionError(Object.assign(new Error('starting up'), { code: '57P03' }))).toBe(true);
    expect(isConnectionError(Object.assign(new Error('broken'), { code: '08006' }))).toBe(true);
    expect(isConnectionError(sqlError)).toBe(false);
    expect(isConnectionError(new Error('Failed query', { cause: sqlError }))).toBe(false);
  });

  it('runs the work again while the database cannot be reached, and answers its result', async () => {
    let calls = 0;
    const retried: unknown[] = [];
    const out = await withStartupRetry(
      async () => {
        if (++calls < 3) throw calls === 1 ? timeout : refused;
        return 'migrated';
      },
      { waitMs: 5_000, pauseMs: 1, onRetry: (err) => retried.push(err) },
    );
    expect(out).toBe('migrated');
    expect(calls).toBe(3);
    expect(retried).toEqual([timeout, refused]);
  });

  /** Work that always fails with `err`, counting its calls. */
  const alwaysFailing = (err: Error) => {
    const counter = { calls: 0, run: async (): Promise<never> => (counter.calls++, Promise.reject(err)) };
    return counter;
  };

  it('does not run a failing statement again', async () => {
    const work = alwaysFailing(sqlError);
    await expect(withStartupRetry(work.run, { waitMs: 5_000, pauseMs: 1 })).rejects.toBe(sqlError);
    expect(work.calls).toBe(1);
  });

  it('gives up after the wait with the last error', async () => {
    const work = alwaysFailing(timeout);
    await expect(withStartupRetry(work.run, { waitMs: 20, pauseMs: 5 })).rejects.toBe(timeout);
    expect(work.calls).toBeGreaterThan(1);
  });
});
