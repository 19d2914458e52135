import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createUser } from '../../testing/test-users';
import { courseBySlug } from '../courses/course-test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('comments', () => {
  it('posts on a course and a lesson, pages newest first and returns plain text unchanged', async () => {
    const me = await createUser(t, { nickname: '评论者' });
    const c = await courseBySlug(t.db, 'internal-control-basics');
    const html = '<script>alert(1)</script> 讲得很好 & 实用';
    const first = await t.app.inject({ method: 'POST', url: '/api/comments', headers: me.headers, payload: { course_id: c.id, content: html } });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ content: html, lesson_id: null, is_mine: true, user: { name: '评论者' } });
    t.clock.advance(1000);
    const onLesson = await t.app.inject({
      method: 'POST',
      url: '/api/comments',
      headers: me.headers,
      payload: { lesson_id: c.lessons[1]!.id, content: '这一讲的例子很清楚' },
    });
    expect(onLesson.json().data.course_id).toBe(c.id);

    const all = (await t.app.inject({ method: 'GET', url: `/api/comments?course_id=${c.id}` })).json().data;
    expect(all.total).toBe(2);
    expect(all.list[0].content).toBe('这一讲的例子很清楚');
    expect(all.list[1].is_mine).toBe(false);
    const lessonOnly = (await t.app.inject({ method: 'GET', url: `/api/comments?lesson_id=${c.lessons[1]!.id}&per=1` })).json().data;
    expect(lessonOnly).toMatchObject({ total: 1, per: 1 });
    expect((await t.app.inject({ method: 'GET', url: `/api/comments?course_id=${c.id}&per=51` })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/comments' })).statusCode).toBe(400);
  });

  it('limits comments to 500 characters and needs login to post', async () => {
    const me = await createUser(t);
    const c = await courseBySlug(t.db, 'internal-control-basics');
    const long = await t.app.inject({ method: 'POST', url: '/api/comments', headers: me.headers, payload: { course_id: c.id, content: '好'.repeat(501) } });
    expect(long.statusCode).toBe(400);
    expect(long.json().data.fieldErrors.content).toBe('评论内容不能超过500个字');
    const ok = await t.app.inject({ method: 'POST', url: '/api/comments', headers: me.headers, payload: { course_id: c.id, content: '好'.repeat(500) } });
    expect(ok.statusCode).toBe(200);
    const anon = await t.app.inject({ method: 'POST', url: '/api/comments', payload: { course_id: c.id, content: '匿名' } });
    expect(anon.statusCode).toBe(406);
  });

  it('answers 404 when someone else deletes my comment', async () => {
    const me = await createUser(t);
    const other = await createUser(t);
    const c = await courseBySlug(t.db, 'treasury-controls');
    const mine = (await t.app.inject({ method: 'POST', url: '/api/comments', headers: me.headers, payload: { course_id: c.id, content: '我的评论' } })).json().data;
    const del = await t.app.inject({ method: 'DELETE', url: `/api/comments/${mine.id}`, headers: other.headers });
    expect(del.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/comments?course_id=${c.id}` })).json().data.total).toBe(1);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/comments/${mine.id}`, headers: me.headers })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/comments?course_id=${c.id}` })).json().data.total).toBe(0);
  });
});
