import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createUser } from '../../testing/test-users';
import { courseBySlug } from '../courses/course-test-helpers';
import { courses } from '../courses/courses.table';

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

  it('pages with the author and time, leaves hidden comments out of page and count, and answers 404 for a course or lesson not on show', async () => {
    const me = await createUser(t, { nickname: '分页者' });
    const c = await courseBySlug(t.db, 'comprehensive-budgeting');
    const other = await courseBySlug(t.db, 'treasury-controls');
    const posted: { id: number; created_at: string }[] = [];
    for (const text of ['第一条', '第二条', '第三条']) {
      t.clock.advance(1000);
      const res = await t.app.inject({ method: 'POST', url: '/api/comments', headers: me.headers, payload: { course_id: c.id, content: text } });
      posted.push(res.json().data);
    }
    await t.db.execute(sql`UPDATE comments SET hidden_at = now() WHERE id = ${posted[1]!.id}`);
    const page2 = (await t.app.inject({ method: 'GET', url: `/api/comments?course_id=${c.id}&page=2&per=1`, headers: me.headers })).json().data;
    expect(page2).toMatchObject({ total: 2, page: 2, per: 1 });
    expect(page2.list).toEqual([
      {
        id: posted[0]!.id,
        course_id: c.id,
        lesson_id: null,
        content: '第一条',
        user: { id: me.id, name: '分页者', avatar: null },
        is_mine: true,
        created_at: posted[0]!.created_at,
      },
    ]);
    expect(new Date(page2.list[0].created_at).getTime()).toBe(new Date(posted[0]!.created_at).getTime());

    const missing = await t.app.inject({ method: 'GET', url: '/api/comments?course_id=999999' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('课程不存在或已下架');
    expect((await t.app.inject({ method: 'GET', url: `/api/comments?course_id=${other.id}&lesson_id=${c.lessons[0]!.id}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/comments?course_id=${c.id}&lesson_id=${c.lessons[0]!.id}` })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/comments?lesson_id=999999' })).statusCode).toBe(404);
    await t.db.update(courses).set({ published: false }).where(eq(courses.id, c.id));
    try {
      expect((await t.app.inject({ method: 'GET', url: `/api/comments?course_id=${c.id}` })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: `/api/comments?lesson_id=${c.lessons[0]!.id}` })).statusCode).toBe(404);
    } finally {
      await t.db.update(courses).set({ published: true }).where(eq(courses.id, c.id));
    }
  });
});
