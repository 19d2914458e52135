import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createUser } from '../../testing/test-users';
import { courseBySlug } from '../courses/course-test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Record<string, string>, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

describe('notes', () => {
  it('creates, lists with filters, edits and deletes my notes', async () => {
    const me = await createUser(t);
    const c = await courseBySlug(t.db, 'comprehensive-budgeting');
    const created = await call('POST', '/api/notes', me.headers, { lesson_id: c.lessons[0]!.id, video_second: 12.7, content: '  预算管理委员会是最高决策机构  ' });
    expect(created.statusCode, created.body).toBe(200);
    const note = created.json().data;
    expect(note).toMatchObject({ course_id: c.id, lesson_id: c.lessons[0]!.id, video_second: 12, content: '预算管理委员会是最高决策机构', is_mine: true });
    await call('POST', '/api/notes', me.headers, { lesson_id: c.lessons[1]!.id, video_second: 3, content: '销售预算是起点' });

    expect((await call('GET', '/api/notes', me.headers)).json().data.total).toBe(2);
    expect((await call('GET', `/api/notes?lesson_id=${c.lessons[1]!.id}`, me.headers)).json().data.total).toBe(1);
    const byKeyword = (await call('GET', `/api/notes?keyword=${encodeURIComponent('起点')}`, me.headers)).json().data;
    expect(byKeyword.list.map((n: { content: string }) => n.content)).toEqual(['销售预算是起点']);

    const edited = await call('PUT', `/api/notes/${note.id}`, me.headers, { content: '改过的笔记', is_public: true });
    expect(edited.json().data).toMatchObject({ content: '改过的笔记', is_public: true });
    expect((await call('DELETE', `/api/notes/${note.id}`, me.headers)).statusCode).toBe(200);
    expect((await call('GET', '/api/notes', me.headers)).json().data.total).toBe(1);
  });

  it('rejects empty and over-long notes', async () => {
    const me = await createUser(t);
    const lesson = (await courseBySlug(t.db, 'comprehensive-budgeting')).lessons[0]!;
    const empty = await call('POST', '/api/notes', me.headers, { lesson_id: lesson.id, video_second: 0, content: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().data.fieldErrors.content).toBe('请输入笔记内容');
    const long = await call('POST', '/api/notes', me.headers, { lesson_id: lesson.id, video_second: 0, content: '账'.repeat(1001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().data.fieldErrors.content).toBe('笔记内容不能超过1000个字');
    const max = await call('POST', '/api/notes', me.headers, { lesson_id: lesson.id, video_second: 0, content: '账'.repeat(1000) });
    expect(max.statusCode).toBe(200);
  });

  it('answers 404 when another user edits or deletes my note, and leaves it intact', async () => {
    const me = await createUser(t);
    const other = await createUser(t);
    const lesson = (await courseBySlug(t.db, 'comprehensive-budgeting')).lessons[0]!;
    const note = (await call('POST', '/api/notes', me.headers, { lesson_id: lesson.id, video_second: 1, content: '我的笔记' })).json().data;
    const edit = await call('PUT', `/api/notes/${note.id}`, other.headers, { content: '篡改' });
    expect(edit.statusCode).toBe(404);
    const del = await call('DELETE', `/api/notes/${note.id}`, other.headers);
    expect(del.statusCode).toBe(404);
    expect((await call('DELETE', '/api/notes/99999999', other.headers)).statusCode).toBe(404);
    expect((await call('GET', '/api/notes', other.headers)).json().data.total).toBe(0);
    const mine = (await call('GET', '/api/notes', me.headers)).json().data.list;
    expect(mine[0].content).toBe('我的笔记');
  });

  it('answers 400, not a database error, for ids no record can have', async () => {
    const me = await createUser(t);
    for (const [method, url, payload] of [
      ['DELETE', '/api/notes/99999999999', undefined],
      ['PUT', '/api/notes/2147483648', { content: '改' }],
      ['GET', '/api/notes?lesson_id=99999999999', undefined],
      ['GET', '/coursepoolapi/course_pools/tower_show_course?id=99999999999', undefined],
      ['POST', '/api/notes', { lesson_id: 99999999999, video_second: 0, content: '笔记' }],
    ] as const) {
      const res = await call(method, url, me.headers, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(400);
      expect(res.json().code).toBe(400);
    }
  });

  it('likes a shared note once per user, and cannot like a private note of someone else', async () => {
    const author = await createUser(t, { nickname: '笔记达人' });
    const reader = await createUser(t);
    const lesson = (await courseBySlug(t.db, 'comprehensive-budgeting')).lessons[2]!;
    const shared = (await call('POST', '/api/notes', author.headers, { lesson_id: lesson.id, video_second: 5, content: '公开笔记', is_public: true })).json().data;
    const secret = (await call('POST', '/api/notes', author.headers, { lesson_id: lesson.id, video_second: 6, content: '私密笔记' })).json().data;
    const likes = await Promise.all(Array.from({ length: 20 }, () => call('POST', '/api/notes/like', reader.headers, { id: shared.id, value: true })));
    expect(likes.every((r) => r.json().data.like_count === 1)).toBe(true);
    expect((await call('POST', '/api/notes/like', reader.headers, { id: secret.id })).statusCode).toBe(404);
    const lessonNotes = (await call('GET', `/api/notes?scope=lesson&lesson_id=${lesson.id}`, reader.headers)).json().data;
    expect(lessonNotes.list).toHaveLength(1);
    expect(lessonNotes.list[0]).toMatchObject({ id: shared.id, liked: true, like_count: 1, is_mine: false, author_name: '笔记达人' });
    const unliked = (await call('POST', '/api/notes/like', reader.headers, { id: shared.id })).json().data;
    expect(unliked).toEqual({ liked: false, like_count: 0 });
  });
});
