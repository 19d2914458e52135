import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUY_STUDENT_CARD_MESSAGE } from '@app/contracts';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createUser } from '../../testing/test-users';
import { courseBySlug } from './course-test-helpers';
import { createCoursesRepository } from './courses.repository';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers });

describe('course pool catalogue', () => {
  it('serves a two-level tag tree whose parents count their children’s courses', async () => {
    const res = await get('/coursepoolapi/course_pools/tower_tag_list');
    expect(res.statusCode).toBe(200);
    const tree = res.json().data as { id: number; name: string; course_count: number; children: { name: string; course_count: number }[] }[];
    expect(tree.length).toBeGreaterThanOrEqual(4);
    expect(tree.flatMap((p) => p.children).length).toBeGreaterThanOrEqual(8);
    const finance = tree.find((p) => p.name === '财务管理')!;
    expect(finance.children.map((c) => c.name)).toContain('全面预算管理');
    expect(finance.course_count).toBe(finance.children.reduce((s, c) => s + c.course_count, 0));
  });

  it('seeds at least 30 published courses with lessons, a mix of prices and outer links', async () => {
    const res = await get('/coursepoolapi/course_pools?per=50');
    const { list, total } = res.json().data;
    expect(total).toBeGreaterThanOrEqual(30);
    const kinds = new Set(list.map((c: { price_type: string }) => c.price_type));
    expect(kinds).toEqual(new Set(['free', 'member', 'paid']));
    expect(list.some((c: { kind: string }) => c.kind === 'outer_link')).toBe(true);
    const video = list.filter((c: { kind: string }) => c.kind === 'video');
    expect(video.length).toBeGreaterThanOrEqual(30);
    expect(video.every((c: { lesson_count: number }) => c.lesson_count >= 3)).toBe(true);
  });

  it('filters by a parent tag (including its children) and by a child tag', async () => {
    const tree = (await get('/coursepoolapi/course_pools/tower_tag_list')).json().data;
    const tax = tree.find((p: { name: string }) => p.name === '税务管理');
    const vat = tax.children.find((c: { name: string }) => c.name === '增值税');
    const all = (await get(`/coursepoolapi/course_pools?tag=${tax.id}&per=50`)).json().data;
    const only = (await get(`/coursepoolapi/course_pools?tag=${vat.id}&per=50`)).json().data;
    expect(all.total).toBe(tax.course_count);
    expect(only.total).toBe(vat.course_count);
    expect(only.total).toBeLessThan(all.total);
    expect(only.list.every((c: { tags: { name: string }[] }) => c.tags.some((x) => x.name === '增值税'))).toBe(true);
  });

  it('orders hot courses by hot score (newhot=hotest&page=1&per=4) and newest by publication', async () => {
    const hot = (await get('/coursepoolapi/course_pools?newhot=hotest&page=1&per=4')).json().data;
    expect(hot.list).toHaveLength(4);
    const scores = hot.list.map((c: { hot_score: number }) => c.hot_score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    expect(scores[0]).toBeGreaterThan(0);
    const newest = (await get('/coursepoolapi/course_pools?newhot=newest&per=10')).json().data.list;
    const dates = newest.map((c: { published_at: string }) => c.published_at);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it('caps per at 50 (51 -> 400 with a Chinese field error) and pages', async () => {
    const res = await get('/coursepoolapi/course_pools?per=51');
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(400);
    expect(res.json().data.fieldErrors.per).toBe('每页最多50条');
    const p1 = (await get('/coursepoolapi/course_pools?per=7&page=1')).json().data;
    const p2 = (await get('/coursepoolapi/course_pools?per=7&page=2')).json().data;
    expect(p1.list).toHaveLength(7);
    expect(p2.page).toBe(2);
    expect(p2.total).toBe(p1.total);
    const ids1 = new Set(p1.list.map((c: { id: number }) => c.id));
    expect(p2.list.some((c: { id: number }) => ids1.has(c.id))).toBe(false);
    const beyond = (await get('/coursepoolapi/course_pools?per=10&page=99')).json().data;
    expect(beyond.list).toEqual([]);
    expect(beyond.total).toBe(p1.total);
  });

  it('finds courses by a 2-character Chinese term in the title or summary', async () => {
    const res = (await get(`/coursepoolapi/course_pools?keyword=${encodeURIComponent('预算')}&per=50`)).json().data;
    expect(res.total).toBeGreaterThanOrEqual(3);
    for (const c of res.list) expect(`${c.title}${c.summary}`).toContain('预算');
    const longer = (await get(`/coursepoolapi/course_pools?keyword=${encodeURIComponent('增值税')}`)).json().data;
    expect(longer.list.map((c: { title: string }) => c.title)).toContain('增值税基础与税率全解析');
    const none = (await get(`/coursepoolapi/course_pools?keyword=${encodeURIComponent('%')}`)).json().data;
    expect(none.total).toBe(0);
  });

  it('lists member-only courses at /api/member_courses', async () => {
    const res = (await get('/api/member_courses?per=50')).json().data;
    expect(res.total).toBeGreaterThan(5);
    expect(res.list.every((c: { price_type: string }) => c.price_type === 'member')).toBe(true);
  });
});

describe('course detail and lesson access', () => {
  it('shows a course with lessons to visitors without personal data, and with progress when logged in', async () => {
    const c = await courseBySlug(t.db, 'cas-14-revenue');
    const visitor = (await get(`/coursepoolapi/course_pools/tower_show_course?id=${c.id}`)).json().data;
    expect(visitor.mine).toBeNull();
    expect(visitor.teacher.title).toBe('注册会计师');
    expect(visitor.description.length).toBeGreaterThan(2);
    expect(visitor.lessons.map((l: { can_watch: boolean }) => l.can_watch)).toEqual([true, false, false]);
    const me = await createUser(t);
    const mine = (await get(`/coursepoolapi/course_pools/tower_show_course?id=${c.id}`, me.headers)).json().data;
    expect(mine.mine).toMatchObject({ liked: false, favorited: false, has_access: false, started: false });
    expect((await get('/coursepoolapi/course_pools/tower_show_course?id=999999')).statusCode).toBe(404);
  });

  it('shows a learner their like, favourite, access, last lesson and each lesson’s progress and question count', async () => {
    const c = await courseBySlug(t.db, 'vat-basics');
    const [first, second] = c.lessons;
    const me = await createUser(t);
    await post('/coursepoolapi/course_pools/support', { course_id: c.id, value: true }, me.headers);
    await post('/coursepoolapi/course_pools/favorite', { course_id: c.id, value: true }, me.headers);
    await get(`/coursepoolapi/course_pools/tower_show_lesson?id=${first!.id}`, me.headers);
    await get(`/coursepoolapi/course_pools/tower_show_lesson?id=${second!.id}`, me.headers);
    // The first lesson watched for a third of its length, the second to the end.
    await t.db.execute(sql`UPDATE learning_lesson_progress SET position = 61.26, max_position = 80,
        credited_seconds = ${Math.floor(first!.duration / 3)} WHERE user_id = ${me.id} AND lesson_id = ${first!.id}`);
    await t.db.execute(sql`UPDATE learning_lesson_progress SET credited_seconds = ${second!.duration}, finished_at = now()
        WHERE user_id = ${me.id} AND lesson_id = ${second!.id}`);
    const counted = (await t.db.execute(
      sql`SELECT l.id, (SELECT count(*)::int FROM courses_lesson_questions q WHERE q.lesson_id = l.id) AS n
            FROM courses_lessons l WHERE l.course_id = ${c.id} ORDER BY l.sort`,
    )) as unknown as { rows: { id: number; n: number }[] };

    const page = (await get(`/coursepoolapi/course_pools/tower_show_course?id=${c.id}`, me.headers)).json().data;
    expect(page.mine).toEqual({
      liked: true,
      favorited: true,
      has_access: true,
      started: true,
      finished: false,
      finished_lessons: 1,
      last_lesson_id: second!.id,
    });
    expect(page.lessons.map((l: { id: number; question_count: number }) => [l.id, l.question_count])).toEqual(
      counted.rows.map((r) => [r.id, r.n]),
    );
    expect(counted.rows.some((r) => r.n > 0)).toBe(true);
    expect(page.lessons[0].progress).toEqual({
      position: 61.3,
      max_position: 80,
      watched_seconds: Math.floor(first!.duration / 3),
      percent: Math.floor((Math.floor(first!.duration / 3) / first!.duration) * 100),
      finished: false,
    });
    expect(page.lessons[1].progress).toMatchObject({ percent: 100, finished: true });
    expect(page.lessons.slice(2).every((l: { progress: unknown }) => l.progress === null)).toBe(true);
    // Another learner sees none of it.
    const other = await createUser(t);
    const theirs = (await get(`/coursepoolapi/course_pools/tower_show_course?id=${c.id}`, other.headers)).json().data;
    expect(theirs.mine).toMatchObject({ liked: false, favorited: false, started: false, last_lesson_id: null });
    expect(theirs.lessons.every((l: { progress: unknown }) => l.progress === null)).toBe(true);
  });

  it('refuses a member-only lesson to a non-member with 请购买学员卡 (403) but opens the trial lesson', async () => {
    const c = await courseBySlug(t.db, 'cas-14-revenue');
    const me = await createUser(t);
    const refused = await get(`/coursepoolapi/course_pools/tower_show_lesson?id=${c.lessons[1]!.id}`, me.headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 403, message: BUY_STUDENT_CARD_MESSAGE });
    const trial = await get(`/coursepoolapi/course_pools/tower_show_lesson?id=${c.lessons[0]!.id}`, me.headers);
    expect(trial.statusCode).toBe(200);
    expect(trial.json().data.is_trial).toBe(true);
  });

  it('needs login to open a lesson', async () => {
    const c = await courseBySlug(t.db, 'vat-basics');
    const res = await get(`/coursepoolapi/course_pools/tower_show_lesson?id=${c.lessons[0]!.id}`);
    expect(res.statusCode).toBe(406);
  });

  it('opens member lessons to members and paid lessons to buyers, with questions WITHOUT answers', async () => {
    const member = await createUser(t, { memberDays: 30 });
    const c = await courseBySlug(t.db, 'cas-14-revenue');
    const res = await get(`/coursepoolapi/course_pools/tower_show_lesson?id=${c.lessons[1]!.id}`, member.headers);
    expect(res.statusCode).toBe(200);
    const lesson = res.json().data;
    expect(lesson.video_url).toMatch(/^\/media\/videos\/lesson-[a-d]\.mp4\?exp=\d+&sig=[\w-]+$/);
    expect(lesson.questions.length).toBeGreaterThan(0);
    for (const q of lesson.questions) {
      expect(Object.keys(q).sort()).toEqual(['id', 'kind', 'my_answer', 'options', 'stem']);
      expect(q.my_answer).toBeNull();
    }
    expect(lesson.prev_lesson_id).toBe(c.lessons[0]!.id);
    expect(lesson.next_lesson_id).toBe(c.lessons[2]?.id ?? null);
    const first = (await get(`/coursepoolapi/course_pools/tower_show_lesson?id=${c.lessons[0]!.id}`, member.headers)).json();
    expect(first.data).toMatchObject({ prev_lesson_id: null, next_lesson_id: c.lessons[1]!.id, course_id: c.id });

    const paid = await courseBySlug(t.db, 'cas-21-lease');
    const url = `/coursepoolapi/course_pools/tower_show_lesson?id=${paid.lessons[1]!.id}`;
    expect((await get(url, member.headers)).statusCode).toBe(403);
    await createCoursesRepository(t.db).grantCourse({ userId: member.id, courseId: paid.id, source: 'order', now: t.clock.now() });
    expect((await get(url, member.headers)).statusCode).toBe(200);
  });

  it('checks an answer and returns the right answer with its explanation', async () => {
    const me = await createUser(t);
    const c = await courseBySlug(t.db, 'accounting-basics');
    const lesson = (await get(`/coursepoolapi/course_pools/tower_show_lesson?id=${c.lessons[0]!.id}`, me.headers)).json().data;
    const q = lesson.questions[0];
    const wrong = await post('/coursepoolapi/course_pools/answer_lesson_question', { question_id: q.id, answer: ['B'] }, me.headers);
    expect(wrong.json().data).toMatchObject({ correct: false, right_answer: ['A'] });
    expect(wrong.json().data.explanation).toContain('资产');
    const right = await post('/coursepoolapi/course_pools/answer_lesson_question', { question_id: q.id, answer: ['a'] }, me.headers);
    expect(right.json().data.correct).toBe(true);
    const two = await post('/coursepoolapi/course_pools/answer_lesson_question', { question_id: q.id, answer: ['A', 'B'] }, me.headers);
    expect(two.statusCode).toBe(400);
    const again = (await get(`/coursepoolapi/course_pools/tower_show_lesson?id=${c.lessons[0]!.id}`, me.headers)).json().data;
    expect(again.questions[0].my_answer).toEqual({ chosen: ['A'], correct: true });
    // Answers are the user's own and the lesson's own.
    const other = await createUser(t);
    const theirs = (await get(`/coursepoolapi/course_pools/tower_show_lesson?id=${c.lessons[0]!.id}`, other.headers)).json().data;
    expect(theirs.questions[0].my_answer).toBeNull();
    const next = (await get(`/coursepoolapi/course_pools/tower_show_lesson?id=${c.lessons[1]!.id}`, me.headers)).json().data;
    expect(next.questions.every((x: { my_answer: unknown }) => x.my_answer === null)).toBe(true);
  });
});

describe('likes and favourites', () => {
  it('counts a like once per user under 20 concurrent calls', async () => {
    const c = await courseBySlug(t.db, 'financial-analysis-intro');
    const me = await createUser(t);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => post('/coursepoolapi/course_pools/support', { course_id: c.id, value: true }, me.headers)),
    );
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    expect(results.every((r) => r.json().data.liked === true)).toBe(true);
    const after = await courseBySlug(t.db, 'financial-analysis-intro');
    expect(after.likeCount).toBe(c.likeCount + 1);
  });

  it('keeps the like counter equal to the likes under 20 concurrent toggles', async () => {
    const c = await courseBySlug(t.db, 'vat-basics');
    const me = await createUser(t);
    await Promise.all(Array.from({ length: 20 }, () => post('/coursepoolapi/course_pools/support', { course_id: c.id }, me.headers)));
    const after = await courseBySlug(t.db, 'vat-basics');
    const detail = (await get(`/coursepoolapi/course_pools/tower_show_course?id=${c.id}`, me.headers)).json().data;
    expect(after.likeCount - c.likeCount).toBe(detail.mine.liked ? 1 : 0);
    const toggled = (await post('/coursepoolapi/course_pools/support', { course_id: c.id }, me.headers)).json().data;
    expect(toggled.liked).toBe(!detail.mine.liked);
  });

  it('favourites once under 20 concurrent calls, lists and removes it', async () => {
    const c = await courseBySlug(t.db, 'dupont-valuation');
    const me = await createUser(t);
    await Promise.all(
      Array.from({ length: 20 }, () => post('/coursepoolapi/course_pools/favorite', { course_id: c.id, value: true }, me.headers)),
    );
    expect((await courseBySlug(t.db, 'dupont-valuation')).favoriteCount).toBe(c.favoriteCount + 1);
    const list = (await get('/coursepoolapi/course_pools/favorite_list', me.headers)).json().data;
    expect(list.total).toBe(1);
    expect(list.list[0]).toMatchObject({ id: c.id, title: c.title });
    const off = (await post('/coursepoolapi/course_pools/favorite', { course_id: c.id }, me.headers)).json().data;
    expect(off).toEqual({ favorited: false, favorite_count: c.favoriteCount });
    expect((await get('/coursepoolapi/course_pools/favorite_list', me.headers)).json().data.total).toBe(0);
  });

  it('pages favourites newest first, each with the card the catalogue shows and when it was favourited', async () => {
    const me = await createUser(t);
    const slugs = ['cvp-decision', 'standard-costing', 'fraud-detection'];
    const faved: { id: number; at: string }[] = [];
    for (const slug of slugs) {
      const c = await courseBySlug(t.db, slug);
      t.clock.advance(1000);
      faved.push({ id: c.id, at: t.clock.now().toISOString() });
      expect((await post('/coursepoolapi/course_pools/favorite', { course_id: c.id, value: true }, me.headers)).statusCode).toBe(200);
    }
    const page = async (n: number) =>
      (await get(`/coursepoolapi/course_pools/favorite_list?page=${n}&per=2`, me.headers)).json().data;
    const first = await page(1);
    const second = await page(2);
    expect(first).toMatchObject({ total: 3, page: 1, per: 2 });
    expect(second.total).toBe(3);
    const listed = [...first.list, ...second.list];
    expect(listed.map((x: { id: number; favorited_at: string }) => ({ id: x.id, at: x.favorited_at }))).toEqual([...faved].reverse());
    // A page size no other test asks for: list pages are cached for LIST_CACHE_MS, this one is read fresh.
    const catalogue = (await get('/coursepoolapi/course_pools?page=1&per=48')).json().data.list as { id: number }[];
    for (const item of listed) {
      const { favorited_at: _, ...card } = item;
      expect(card).toEqual(catalogue.find((c) => c.id === card.id));
    }
    expect((await page(3)).list).toEqual([]);
    expect((await page(3)).total).toBe(3);
  });

  it('needs login to like', async () => {
    expect((await post('/coursepoolapi/course_pools/support', { course_id: 1 })).statusCode).toBe(406);
  });
});

const OUTER_SLUG = 'chinatax-school';

describe('outer-link courses', () => {
  const visit = (courseId: number, headers: Record<string, string> = {}) =>
    post('/coursepoolapi/course_pools/outer_visit', { course_id: courseId }, headers);
  const visitsOf = async (courseId: number) =>
    (
      (await t.db.execute(
        sql`SELECT user_id, first_visit FROM courses_outer_visits WHERE course_id = ${courseId} ORDER BY id`,
      )) as unknown as { rows: { user_id: number | null; first_visit: boolean }[] }
    ).rows;

  it('records every visit, counts a logged-in user as a learner once (also under concurrent first visits) and answers the URL', async () => {
    const c = await courseBySlug(t.db, OUTER_SLUG);
    expect(c.kind).toBe('outer_link');
    const me = await createUser(t);

    const anonymous = await visit(c.id);
    expect(anonymous.statusCode, anonymous.body).toBe(200);
    expect(anonymous.json().data).toEqual({ course_id: c.id, outer_url: c.outerUrl, learner_count: c.learnerCount });

    const firsts = await Promise.all(Array.from({ length: 5 }, () => visit(c.id, me.headers)));
    expect(firsts.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const after = await courseBySlug(t.db, OUTER_SLUG);
    expect(after.learnerCount).toBe(c.learnerCount + 1);
    expect(Math.max(...firsts.map((r) => r.json().data.learner_count))).toBe(c.learnerCount + 1);

    const rows = await visitsOf(c.id);
    expect(rows).toHaveLength(6);
    expect(rows.filter((r) => r.user_id === null)).toHaveLength(1);
    expect(rows.filter((r) => r.user_id === me.id && r.first_visit)).toHaveLength(1);

    // The hot list counts learners (hot score), so the visit shows there once the list cache expires.
    const detail = (await get(`/coursepoolapi/course_pools/tower_show_course?id=${c.id}`)).json().data;
    expect(detail.learner_count).toBe(c.learnerCount + 1);
  });

  it('refuses a video course (400, Chinese) and an unknown course (404)', async () => {
    const video = await courseBySlug(t.db, 'vat-basics');
    const res = await visit(video.id);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('该课程不是外部链接课程');
    expect(res.json().data.fieldErrors.course_id).toBe('该课程不是外部链接课程');
    expect((await visit(999_999)).statusCode).toBe(404);
    expect(await visitsOf(video.id)).toHaveLength(0);
  });

  it('is described in the OpenAPI document', async () => {
    const doc = (await get('/api/docs/json')).json() as { paths: Record<string, Record<string, { summary?: string }>> };
    expect(doc.paths['/coursepoolapi/course_pools/outer_visit']?.post?.summary).toContain('外部链接课程');
  });
});
