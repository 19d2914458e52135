import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { App } from '../../lib/app-module';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createUser, type TestUser } from '../../testing/test-users';
import { courseBySlug } from '../courses/course-test-helpers';

let t: TestApp;
/** A second server process on the same database. */
let other: App;
beforeAll(async () => {
  t = await createTestApp();
  other = await buildApp({ config: t.config, db: t.db, clock: t.clock, logger: false });
});
afterAll(async () => {
  await other.close();
  await t.close();
});

async function commentCount(courseId: number): Promise<number> {
  return (await t.app.inject({ method: 'GET', url: `/api/comments?course_id=${courseId}` })).json().data.total;
}

function post(app: App, me: TestUser, key: string | undefined, payload: unknown) {
  return app.inject({
    method: 'POST',
    url: '/api/comments',
    headers: { ...me.headers, ...(key === undefined ? {} : { 'idempotency-key': key }) },
    payload: payload as Record<string, unknown>,
  });
}

describe('Idempotency-Key', () => {
  it('a repeated key creates one comment and answers the first answer again, on either process', async () => {
    const me = await createUser(t);
    const c = await courseBySlug(t.db, 'internal-control-basics');
    const before = await commentCount(c.id);
    const body = { course_id: c.id, content: '网络不好时点了两次发表' };
    const first = await post(t.app, me, 'comment-2f6c1d0a-01', body);
    expect(first.statusCode, first.body).toBe(200);
    const again = await post(t.app, me, 'comment-2f6c1d0a-01', body);
    const elsewhere = await post(other, me, 'comment-2f6c1d0a-01', body);
    for (const repeat of [again, elsewhere]) {
      expect(repeat.statusCode).toBe(200);
      expect(repeat.headers['idempotency-replayed']).toBe('true');
      expect(repeat.json()).toEqual(first.json());
    }
    expect(await commentCount(c.id)).toBe(before + 1);

    // A new action (a new key) is a new comment; no key at all keeps the old behaviour.
    expect((await post(t.app, me, 'comment-2f6c1d0a-02', body)).statusCode).toBe(200);
    expect((await post(t.app, me, undefined, body)).statusCode).toBe(200);
    expect(await commentCount(c.id)).toBe(before + 3);
  });

  it('refuses the same key with other content, a malformed key, and frees the key after a refused first try', async () => {
    const me = await createUser(t);
    const c = await courseBySlug(t.db, 'treasury-controls');
    const before = await commentCount(c.id);
    expect((await post(t.app, me, 'k-8d2e51c0-aa', { course_id: c.id, content: '第一次' })).statusCode).toBe(200);
    const reused = await post(t.app, me, 'k-8d2e51c0-aa', { course_id: c.id, content: '换了内容' });
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toMatchObject({ code: 422, message: '同一操作标识不能用于不同的内容，请刷新页面后重试' });
    const bad = await post(t.app, me, 'short', { course_id: c.id, content: '标识太短' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe(400);

    // A first try refused for its content does not hold the key: the corrected retry with the same key goes through.
    const tooLong = await post(t.app, me, 'k-8d2e51c0-bb', { course_id: c.id, content: '长'.repeat(501) });
    expect(tooLong.statusCode).toBe(400);
    const fixed = await post(t.app, me, 'k-8d2e51c0-bb', { course_id: c.id, content: '长'.repeat(500) });
    expect(fixed.statusCode).toBe(200);
    expect(fixed.headers['idempotency-replayed']).toBeUndefined();
    expect(await commentCount(c.id)).toBe(before + 2);
  });

  it('keeps one caller’s key apart from another’s, and forgets a key after a day', async () => {
    const me = await createUser(t);
    const you = await createUser(t);
    const c = await courseBySlug(t.db, 'comprehensive-budgeting');
    const before = await commentCount(c.id);
    const body = { course_id: c.id, content: '同一个标识，两个人' };
    expect((await post(t.app, me, 'shared-key-0001', body)).statusCode).toBe(200);
    const yours = await post(t.app, you, 'shared-key-0001', body);
    expect(yours.statusCode).toBe(200);
    expect(yours.headers['idempotency-replayed']).toBeUndefined();
    expect(await commentCount(c.id)).toBe(before + 2);

    t.clock.advance(24 * 60 * 60_000 + 1_000);
    const nextDay = await post(t.app, me, 'shared-key-0001', body);
    expect(nextDay.statusCode).toBe(200);
    expect(nextDay.headers['idempotency-replayed']).toBeUndefined();
    expect(await commentCount(c.id)).toBe(before + 3);
  });

  it('answers 409 while the first request with the key is still being handled', async () => {
    const me = await createUser(t);
    const c = await courseBySlug(t.db, 'internal-control-basics');
    const body = { course_id: c.id, content: '并发的两次提交' };
    const [a, b] = await Promise.all([post(t.app, me, 'race-key-000001', body), post(other, me, 'race-key-000001', body)]);
    const codes = [a.statusCode, b.statusCode].sort();
    // Either the second waited for nothing and found the answer (200, replayed) or found the first in flight (409).
    expect(codes[0]).toBe(200);
    expect([200, 409]).toContain(codes[1]);
    const created = [a, b].filter((r) => r.statusCode === 200 && r.headers['idempotency-replayed'] === undefined);
    expect(created).toHaveLength(1);
  });
});
