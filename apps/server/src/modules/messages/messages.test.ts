import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { accountServices } from '../auth/account-services';
import { call, registerUser } from '../auth/auth.test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Page = { list: { id: number; title: string; is_read: boolean; created_at: string }[]; total: number; page: number; per: number; unread: number };

const send = (userId: number, title: string) =>
  accountServices({ db: t.db, clock: t.clock, config: t.config }, { info() {}, warn() {}, error() {} }).messages.send(userId, title, `${title}的内容`);

describe('message centre', () => {
  it('lists unread first, then newest, paged, with the unread count', async () => {
    const u = await registerUser(t); // welcome message
    t.clock.advance(1000);
    const a = await send(u.id, 'A');
    t.clock.advance(1000);
    await send(u.id, 'B');
    t.clock.advance(1000);
    const sentC = t.clock.now().toISOString();
    await send(u.id, 'C');
    await call(t, 'POST', '/api/messages', { token: u.token, body: { id: a } });
    const page1 = await call<Page>(t, 'GET', '/api/messages?page=1&per=2', { token: u.token });
    expect(page1.data).toMatchObject({ total: 4, page: 1, per: 2, unread: 3 });
    expect(page1.data.list.map((m) => m.title)).toEqual(['C', 'B']);
    expect(page1.data.list[0]).toMatchObject({ created_at: sentC, is_read: false });
    const page2 = await call<Page>(t, 'GET', '/api/messages?page=2&per=2', { token: u.token });
    expect(page2.data.list.map((m) => [m.title, m.is_read])).toEqual([
      [page2.data.list[0]!.title, false],
      ['A', true],
    ]);
    const me = await call<{ message_num: number }>(t, 'POST', '/api/users/get_current_user', { token: u.token });
    expect(me.data.message_num).toBe(3);
  });

  it('filters read or unread', async () => {
    const u = await registerUser(t);
    const id = await send(u.id, 'X');
    await call(t, 'POST', '/api/messages', { token: u.token, body: { id } });
    const read = await call<Page>(t, 'GET', '/api/messages?status=read', { token: u.token });
    expect(read.data.list.map((m) => m.title)).toEqual(['X']);
    const unread = await call<Page>(t, 'GET', '/api/messages?status=unread', { token: u.token });
    expect(unread.data.list.every((m) => !m.is_read)).toBe(true);
    expect(unread.data.total).toBe(1);
    expect((await call(t, 'GET', '/api/messages?status=bogus', { token: u.token })).code).toBe(400);
  });

  it('marks all read', async () => {
    const u = await registerUser(t);
    await send(u.id, 'Y');
    const res = await call<{ unread: number }>(t, 'POST', '/api/messages', { token: u.token, body: { all: true } });
    expect(res.data.unread).toBe(0);
    const me = await call<{ message_num: number }>(t, 'POST', '/api/users/get_current_user', { token: u.token });
    expect(me.data.message_num).toBe(0);
  });

  it("answers 404 for another user's message and does not touch it", async () => {
    const u = await registerUser(t);
    const other = await registerUser(t);
    const theirs = await send(other.id, 'secret');
    const res = await call(t, 'POST', '/api/messages', { token: u.token, body: { id: theirs } });
    expect(res.code).toBe(404);
    const missing = await call(t, 'POST', '/api/messages', { token: u.token, body: { id: 99_999_999 } });
    expect(missing.raw).toBe(res.raw);
    const list = await call<Page>(t, 'GET', '/api/messages', { token: other.token });
    expect(list.data.list.find((m) => m.id === theirs)?.is_read).toBe(false);
    const mine = await call<Page>(t, 'GET', '/api/messages', { token: u.token });
    expect(mine.data.list.some((m) => m.id === theirs)).toBe(false);
  });

  it('needs a login and a valid body', async () => {
    expect((await call(t, 'GET', '/api/messages')).code).toBe(406);
    const u = await registerUser(t);
    expect((await call(t, 'POST', '/api/messages', { token: u.token, body: { all: false } })).code).toBe(400);
  });
});
