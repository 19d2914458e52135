import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createUser, type TestUser } from '../../testing/test-users';
import { LESSON_FINISH_RATIO, MAX_PLAYBACK_RATE, PRESENCE_ANSWER_S, type LessonPresence } from '@app/contracts';
import { achievementsOf, courseBySlug, dailySecondsOf, flushLearning } from '../courses/course-test-helpers';
import { courses, coursesLessons } from '../courses/courses.table';
import { createLearningRepository } from './learning.repository';
import { learningLessonProgress } from './learning.table';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Learner = TestUser;
const open = (me: Learner, lessonId: number) =>
  t.app.inject({ method: 'GET', url: `/coursepoolapi/course_pools/tower_show_lesson?id=${lessonId}`, headers: me.headers });
const report = async (me: Learner, lessonId: number, state: string, played: number, position = 0) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/coursepoolapi/course_pools/watch_create',
    headers: me.headers,
    payload: { lesson_id: lessonId, position, played_seconds: played, state },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    credited_seconds: number;
    watched_seconds: number;
    lesson_finished: boolean;
    course_finished: boolean;
    percent: number;
    presence: LessonPresence | null;
  };
};
const advance = (s: number) => t.clock.advance(s * 1000);

describe('honest learning time', () => {
  it('credits no more than the wall time since the previous report × 2', async () => {
    const me = await createUser(t);
    const c = await courseBySlug(t.db, 'accounting-basics');
    const lesson = c.lessons[0]!;
    expect((await open(me, lesson.id)).statusCode).toBe(200);
    expect((await report(me, lesson.id, 'playing', 0)).credited_seconds).toBe(0);
    advance(5);
    // Claims 15 s after 5 s of wall time: at most 2× speed -> 10 s.
    expect((await report(me, lesson.id, 'playing', 15, 10)).credited_seconds).toBe(10);
    advance(3);
    expect((await report(me, lesson.id, 'playing', 3, 13)).credited_seconds).toBe(3);
  });

  it('credits nothing for a paused or hidden player and nothing twice', async () => {
    const me = await createUser(t);
    const lesson = (await courseBySlug(t.db, 'financial-statements-preparation')).lessons[0]!;
    await open(me, lesson.id);
    await report(me, lesson.id, 'playing', 0);
    advance(4);
    // The pause report carries the seconds played before the pause.
    expect((await report(me, lesson.id, 'paused', 4, 4)).credited_seconds).toBe(4);
    advance(60);
    expect((await report(me, lesson.id, 'paused', 15, 4)).credited_seconds).toBe(0);
    await report(me, lesson.id, 'playing', 0, 4);
    advance(2);
    expect((await report(me, lesson.id, 'hidden', 2, 6)).credited_seconds).toBe(2);
    advance(15);
    expect((await report(me, lesson.id, 'playing', 15, 21)).credited_seconds).toBe(0);
    advance(6);
    expect((await report(me, lesson.id, 'playing', 6, 27)).credited_seconds).toBe(6);
    // The same report again (a beacon and a fetch of one event): no wall time has passed, no credit.
    expect((await report(me, lesson.id, 'playing', 6, 27)).credited_seconds).toBe(0);
  });

  it('refuses a report for a lesson the user never opened', async () => {
    const me = await createUser(t);
    const lesson = (await courseBySlug(t.db, 'vat-basics')).lessons[1]!;
    const res = await t.app.inject({
      method: 'POST',
      url: '/coursepoolapi/course_pools/watch_create',
      headers: me.headers,
      payload: { lesson_id: lesson.id, position: 5, played_seconds: 5, state: 'playing' },
    });
    expect(res.statusCode).toBe(409);
  });

  it('accepts a sendBeacon report: text/plain JSON with the token in the body or the query', async () => {
    const me = await createUser(t);
    const lesson = (await courseBySlug(t.db, 'vat-basics')).lessons[0]!;
    await open(me, lesson.id);
    await report(me, lesson.id, 'playing', 0);
    advance(4);
    const viaBody = await t.app.inject({
      method: 'POST',
      url: '/coursepoolapi/course_pools/watch_create',
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      payload: JSON.stringify({ lesson_id: lesson.id, position: 4, played_seconds: 4, state: 'playing', token: me.token }),
    });
    expect(viaBody.statusCode, viaBody.body).toBe(200);
    expect(viaBody.json().data.credited_seconds).toBe(4);
    advance(2);
    const viaQuery = await t.app.inject({
      method: 'POST',
      url: `/coursepoolapi/course_pools/watch_create?token=${me.token}`,
      headers: { 'content-type': 'text/plain' },
      payload: JSON.stringify({ lesson_id: lesson.id, position: 6, played_seconds: 2, state: 'hidden' }),
    });
    expect(viaQuery.json().data.credited_seconds).toBe(2);
    const noToken = await t.app.inject({
      method: 'POST',
      url: '/coursepoolapi/course_pools/watch_create',
      headers: { 'content-type': 'text/plain' },
      payload: JSON.stringify({ lesson_id: lesson.id, position: 6, played_seconds: 2, state: 'hidden' }),
    });
    expect(noToken.statusCode).toBe(406);
    // Other endpoints do not take a token from the query.
    const notes = await t.app.inject({ method: 'GET', url: `/api/notes?token=${me.token}` });
    expect(notes.statusCode).toBe(406);
  });

  it('finishes a lesson at 95%, never credits beyond its duration, finishes the course and updates achievements and ranking', async () => {
    const me = await createUser(t, { nickname: '测试学员' });
    const c = await courseBySlug(t.db, 'cas-overview');
    let total = 0;
    for (const [i, lesson] of c.lessons.entries()) {
      const D = lesson.duration;
      await open(me, lesson.id);
      await report(me, lesson.id, 'playing', 0);
      const below = Math.floor(D * 0.9);
      advance(below);
      const r1 = await report(me, lesson.id, 'playing', below, below);
      expect(r1.lesson_finished).toBe(false);
      total += r1.credited_seconds;
      const rest = Math.ceil(D * 0.95) - below;
      advance(rest);
      const r2 = await report(me, lesson.id, i === c.lessons.length - 1 ? 'ended' : 'playing', rest, below + rest);
      expect(r2.lesson_finished).toBe(true);
      expect(r2.course_finished).toBe(i === c.lessons.length - 1);
      total += r2.credited_seconds;
      if (i === 0) {
        // Keep playing past the end: credit stops at the duration.
        advance(60);
        const r3 = await report(me, lesson.id, 'playing', 60, D);
        expect(r3.watched_seconds).toBe(D);
        total += r3.credited_seconds;
        expect(r3.credited_seconds).toBe(D - (below + rest));
      }
    }
    await flushLearning(t);
    const a = await achievementsOf(t.db, me.id);
    expect(a.totalLearnTime).toBe(total);
    expect(a.finishCourseNum).toBe(1);
    expect(await dailySecondsOf(t.db, me.id)).toBe(total);

    const record = (await t.app.inject({ method: 'GET', url: `/coursepoolapi/course_learn?course_id=${c.id}`, headers: me.headers })).json().data;
    expect(record.record).toMatchObject({ finished_lessons: 3, lesson_count: 3, percent: 100, learn_seconds: total });
    expect(record.lessons.every((l: { finished: boolean }) => l.finished)).toBe(true);

    const mine = (await t.app.inject({ method: 'GET', url: '/api/my_courses?status=finished', headers: me.headers })).json().data;
    expect(mine.list.map((x: { id: number }) => x.id)).toEqual([c.id]);
    expect(mine.finished_count).toBe(1);
    expect((await t.app.inject({ method: 'GET', url: '/api/my_courses?status=learning', headers: me.headers })).json().data.total).toBe(0);

    const rank = (await t.app.inject({ method: 'GET', url: '/api/home_page_rank?period=all', headers: me.headers })).json().data;
    expect(rank.mine.seconds).toBe(total);
    expect(rank.list.length).toBeGreaterThan(0);
    expect(rank.list.length).toBeLessThanOrEqual(10);
    const pos = rank.list.findIndex((e: { user_id: number }) => e.user_id === me.id);
    if (pos >= 0) expect(rank.mine.rank).toBe(pos + 1);
    else expect(rank.mine.rank).toBeGreaterThan(10);
    const week = (await t.app.inject({ method: 'GET', url: '/api/home_page_rank', headers: me.headers })).json().data;
    expect(week.period).toBe('week');
    expect(week.mine.seconds).toBe(total);
    const visitor = (await t.app.inject({ method: 'GET', url: '/api/home_page_rank?period=month' })).json().data;
    expect(visitor.mine).toBeNull();

    const messages = (await t.app.inject({ method: 'GET', url: '/api/messages', headers: me.headers })).json();
    if (messages.code === 200) expect(JSON.stringify(messages.data.list)).toContain(c.title);
  });

  it('ranks the seeded demo learners, most seconds first', async () => {
    const rank = (await t.app.inject({ method: 'GET', url: '/api/home_page_rank?period=all' })).json().data;
    expect(rank.list.length).toBeGreaterThanOrEqual(6);
    const secs = rank.list.map((e: { seconds: number }) => e.seconds);
    expect([...secs].sort((a, b) => b - a)).toEqual(secs);
    expect(rank.list.map((e: { name: string }) => e.name)).toContain('张会计');
  });

  it('counts concurrent reports of one lesson once (row lock, atomic credit)', async () => {
    const me = await createUser(t);
    const lesson = (await courseBySlug(t.db, 'small-micro-enterprise')).lessons[0]!;
    await open(me, lesson.id);
    await report(me, lesson.id, 'playing', 0);
    advance(10);
    const results = await Promise.all(Array.from({ length: 10 }, () => report(me, lesson.id, 'playing', 10, 10)));
    expect(results.reduce((s, r) => s + r.credited_seconds, 0)).toBe(10);
  });

  it('finishes a course exactly once when its last lessons finish in one grouped statement', async () => {
    const me = await createUser(t);
    const c = await courseBySlug(t.db, 'vat-basics');
    for (const l of c.lessons) {
      await open(me, l.id);
      await report(me, l.id, 'playing', 0);
    }
    // The first lesson finishes alone; the other two finish in one multi-row statement, as under load.
    const first = c.lessons[0]!;
    advance(first.duration);
    expect((await report(me, first.id, 'playing', first.duration, first.duration)).course_finished).toBe(false);
    advance(60);
    const repo = createLearningRepository(t.db);
    const out = await repo.applyReports(
      c.lessons.slice(1).map((l) => ({
        userId: me.id,
        lessonId: l.id,
        now: t.clock.now(),
        playedSeconds: l.duration,
        position: l.duration,
        state: 'ended',
        duration: l.duration,
        finishRatio: LESSON_FINISH_RATIO,
        maxRate: MAX_PLAYBACK_RATE,
      })),
    );
    expect(out.map((o) => o?.justFinished)).toEqual([true, true]);
    expect(out.filter((o) => o?.courseFinished)).toHaveLength(1);
    const record = (await t.app.inject({ method: 'GET', url: `/coursepoolapi/course_learn?course_id=${c.id}`, headers: me.headers })).json().data;
    expect(record.record).toMatchObject({ finished_lessons: 3, percent: 100 });
    expect(record.record.finished_at).not.toBeNull();
  });

  it('shows a course in progress with the percent of its time watched, before any lesson is finished', async () => {
    const me = await createUser(t);
    const c = await courseBySlug(t.db, 'financial-statements-preparation');
    const total = c.lessons.reduce((s, l) => s + l.duration, 0);
    const lesson = c.lessons[1]!;
    await open(me, lesson.id);
    await report(me, lesson.id, 'playing', 0);
    advance(12);
    await report(me, lesson.id, 'paused', 12, 12);
    const expected = { watched_seconds: 12, total_duration: total, percent: Math.floor((12 / total) * 100), finished_lessons: 0 };
    expect(expected.percent).toBeGreaterThan(0);
    const mine = (await t.app.inject({ method: 'GET', url: '/api/my_courses?status=learning', headers: me.headers })).json().data;
    expect(mine.list.find((x: { id: number }) => x.id === c.id).record).toMatchObject(expected);
    const learn = (await t.app.inject({ method: 'GET', url: `/coursepoolapi/course_learn?course_id=${c.id}`, headers: me.headers })).json().data;
    expect(learn.record).toMatchObject(expected);
  });

  it('lists my courses most recently learned first, paged, with both tabs counted and the dates of each record', async () => {
    const me = await createUser(t);
    const slugs = ['accounting-basics', 'vat-basics', 'cas-14-revenue'];
    const opened: { id: number; at: string }[] = [];
    for (const slug of slugs) {
      const c = await courseBySlug(t.db, slug);
      advance(60);
      opened.push({ id: c.id, at: t.clock.now().toISOString() });
      expect((await open(me, c.lessons[0]!.id)).statusCode).toBe(200);
    }
    const page = (n: number) =>
      t.app.inject({ method: 'GET', url: `/api/my_courses?page=${n}&per=2`, headers: me.headers }).then((r) => r.json().data);
    const first = await page(1);
    const second = await page(2);
    expect([...first.list, ...second.list].map((x: { id: number }) => x.id)).toEqual(opened.map((o) => o.id).reverse());
    expect(first).toMatchObject({ total: 3, learning_count: 3, finished_count: 0, page: 1, per: 2 });
    expect(second.list[0].record).toMatchObject({ started_at: opened[0]!.at, last_learned_at: opened[0]!.at, finished_at: null });
    const catalogue = (await t.app.inject({ method: 'GET', url: '/coursepoolapi/course_pools?page=1&per=47' })).json().data.list as { id: number }[];
    for (const item of [...first.list, ...second.list]) {
      const { record: _, ...card } = item;
      expect(card).toEqual(catalogue.find((c) => c.id === card.id));
    }
  });
});

/** A seeded course's lesson with its course's timing rules and the lesson's length set as a test needs them. */
async function lessonWith(
  slug: string,
  o: { duration?: number; presenceMinutes?: number; maxRate?: number } = {},
) {
  const c = await courseBySlug(t.db, slug);
  const lesson = c.lessons[0]!;
  await t.db
    .update(courses)
    .set({
      presenceMinMinutes: o.presenceMinutes ?? null,
      presenceMaxMinutes: o.presenceMinutes ?? null,
      maxPlaybackRate: o.maxRate ?? null,
    })
    .where(eq(courses.id, c.id));
  if (o.duration) await t.db.update(coursesLessons).set({ duration: o.duration }).where(eq(coursesLessons.id, lesson.id));
  return { courseId: c.id, id: lesson.id, duration: o.duration ?? lesson.duration };
}
const confirm = (me: Learner, lessonId: number, nonce: string) =>
  t.app.inject({ method: 'POST', url: '/api/lesson_presence', headers: me.headers, payload: { lesson_id: lessonId, nonce } });

describe('presence checks (学习确认)', () => {
  it('pauses crediting when a check goes unanswered past its time, resumes on the right nonce, refuses a wrong or old one', async () => {
    const me = await createUser(t);
    const lesson = await lessonWith('iit-annual-reconciliation', { duration: 3600, presenceMinutes: 10 });
    const opened = (await open(me, lesson.id)).json().data;
    // The check is due 10 minutes after opening; its nonce is not told before then.
    expect(opened.presence).toMatchObject({ due_in: 600, nonce: null, answer_in: null, paused: false });

    await report(me, lesson.id, 'playing', 0, 0);
    advance(300);
    const before = await report(me, lesson.id, 'playing', 300, 300);
    expect(before.credited_seconds).toBe(300);
    expect(before.presence).toMatchObject({ due_in: 300, nonce: null });

    // Not yet due: even the right nonce (read from the database, as a script could not) is refused.
    const [row] = await t.db
      .select({ nonce: learningLessonProgress.presenceNonce })
      .from(learningLessonProgress)
      .where(and(eq(learningLessonProgress.userId, me.id), eq(learningLessonProgress.lessonId, lesson.id)));
    expect((await confirm(me, lesson.id, row!.nonce!)).statusCode).toBe(409);

    // Due: the next report carries the open check, with its whole answer time.
    advance(300);
    const due = await report(me, lesson.id, 'playing', 300, 600);
    expect(due.credited_seconds).toBe(300);
    expect(due.presence).toMatchObject({ due_in: 0, answer_in: PRESENCE_ANSWER_S, paused: false });
    const nonce = due.presence!.nonce!;
    expect(nonce).toBe(row!.nonce);

    // Unanswered: the report across the answer time earns only what came before it (20 of 30 s), then nothing.
    advance(30);
    expect((await report(me, lesson.id, 'playing', 30, 630)).credited_seconds).toBe(30);
    advance(45);
    const across = await report(me, lesson.id, 'playing', 45, 675);
    expect(across.credited_seconds).toBe(30);
    expect(across.presence).toMatchObject({ nonce, answer_in: 0, paused: true });
    advance(15);
    expect((await report(me, lesson.id, 'playing', 15, 690)).credited_seconds).toBe(0);
    advance(15);
    expect((await report(me, lesson.id, 'playing', 15, 705)).credited_seconds).toBe(0);

    // A wrong nonce changes nothing.
    advance(5);
    const wrong = await confirm(me, lesson.id, 'not-the-nonce');
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().message).toBe('该学习确认已失效，请重新确认');
    advance(5);
    expect((await report(me, lesson.id, 'playing', 10, 715)).credited_seconds).toBe(0);

    // The right nonce resumes crediting from the confirmation on: the player's report after it opens a new interval,
    // nothing is earned for the unanswered gap before it.
    advance(5);
    const ok = await confirm(me, lesson.id, nonce);
    expect(ok.statusCode, ok.body).toBe(200);
    const next = ok.json().data as LessonPresence;
    expect(next).toMatchObject({ due_in: 600, nonce: null, paused: false });
    expect((await report(me, lesson.id, 'playing', 5, 720)).credited_seconds).toBe(0);
    advance(15);
    expect((await report(me, lesson.id, 'playing', 15, 735)).credited_seconds).toBe(15);
    advance(15);
    const resumed = await report(me, lesson.id, 'playing', 15, 750);
    expect(resumed.credited_seconds).toBe(15);
    expect(resumed.presence).toMatchObject({ due_in: 570, nonce: null, paused: false });

    // The old nonce is spent; the next check has a new one.
    expect((await confirm(me, lesson.id, nonce)).statusCode).toBe(409);
    advance(600);
    const second = await report(me, lesson.id, 'paused', 0, 750);
    expect(second.presence?.nonce).toBeTruthy();
    expect(second.presence?.nonce).not.toBe(nonce);
  });

  it('credits normally when the check is answered within its time', async () => {
    const me = await createUser(t);
    const lesson = await lessonWith('financial-analysis-intro', { duration: 3600, presenceMinutes: 1 });
    await open(me, lesson.id);
    await report(me, lesson.id, 'playing', 0, 0);
    advance(65);
    const due = await report(me, lesson.id, 'playing', 65, 65);
    expect(due.credited_seconds).toBe(65);
    expect(due.presence?.answer_in).toBe(55);
    advance(20);
    expect((await confirm(me, lesson.id, due.presence!.nonce!)).statusCode).toBe(200);
    advance(10);
    expect((await report(me, lesson.id, 'playing', 30, 95)).credited_seconds).toBe(30);
  });

  it('schedules a fresh check when the lesson is opened again, and applies the default 10-20 minutes', async () => {
    const me = await createUser(t);
    const lesson = await lessonWith('management-accounting-guidelines');
    const first = (await open(me, lesson.id)).json().data.presence as LessonPresence;
    expect(first.due_in).toBeGreaterThanOrEqual(600);
    expect(first.due_in).toBeLessThanOrEqual(1200);
    advance(1300);
    const again = (await open(me, lesson.id)).json().data.presence as LessonPresence;
    expect(again.nonce).toBeNull();
    expect(again.due_in).toBeGreaterThanOrEqual(600);
  });

  it('refuses a confirmation without a session (406) or without a nonce (400)', async () => {
    const me = await createUser(t);
    const lesson = await lessonWith('standard-costing');
    await open(me, lesson.id);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/lesson_presence', payload: { lesson_id: lesson.id, nonce: 'x' } });
    expect(anonymous.statusCode).toBe(406);
    const empty = await t.app.inject({ method: 'POST', url: '/api/lesson_presence', headers: me.headers, payload: { lesson_id: lesson.id, nonce: '' } });
    expect(empty.statusCode).toBe(400);
  });
});

describe('seeking, playback rate and the lesson end', () => {
  it('credits nothing for the part skipped by a forward seek on first viewing', async () => {
    const me = await createUser(t);
    const lesson = await lessonWith('internal-control-basics', { duration: 600 });
    await open(me, lesson.id);
    await report(me, lesson.id, 'playing', 0, 0);
    advance(10);
    expect((await report(me, lesson.id, 'playing', 10, 10)).credited_seconds).toBe(10);
    // A report that counts a jump from 10 s to 200 s as played earns nothing.
    advance(15);
    expect((await report(me, lesson.id, 'playing', 15, 200)).credited_seconds).toBe(0);
    // Watching on from the new point is learning time; the skipped part is not.
    advance(10);
    const on = await report(me, lesson.id, 'playing', 10, 210);
    expect(on.credited_seconds).toBe(10);
    expect(on.watched_seconds).toBe(20);
    // Ahead of the furthest point played, no more than the media advanced (2 s of rounding allowed).
    advance(15);
    expect((await report(me, lesson.id, 'playing', 15, 213)).credited_seconds).toBe(5);
    // The player's own seek report (nothing played) then a seek far ahead: nothing either.
    advance(3);
    expect((await report(me, lesson.id, 'playing', 0, 500)).credited_seconds).toBe(0);
    const learn = (await t.app.inject({ method: 'GET', url: `/coursepoolapi/course_learn?course_id=${lesson.courseId}`, headers: me.headers })).json().data;
    const row = learn.lessons.find((l: { lesson_id: number }) => l.lesson_id === lesson.id);
    expect(row.watched_seconds).toBe(25);
  });

  it('credits playback faster than the maximum rate as the maximum at most, and applies a maximum set on the course', async () => {
    const me = await createUser(t);
    const lesson = await lessonWith('digital-finance-transformation', { duration: 600 });
    await open(me, lesson.id);
    await report(me, lesson.id, 'playing', 0, 0);
    advance(10);
    // 2x: credited in full.
    expect((await report(me, lesson.id, 'playing', 20, 20)).credited_seconds).toBe(20);
    // 4x ahead of the furthest point played: no more than 2x allows (here nothing: it is faster than playback).
    advance(10);
    expect((await report(me, lesson.id, 'playing', 40, 60)).credited_seconds).toBeLessThanOrEqual(20);
    // 4x over what was already played (back to the start): exactly 2x the wall time.
    await report(me, lesson.id, 'paused', 0, 0);
    await report(me, lesson.id, 'playing', 0, 0);
    advance(5);
    expect((await report(me, lesson.id, 'playing', 20, 20)).credited_seconds).toBe(10);

    const slow = await createUser(t);
    const capped = await lessonWith('finance-communication', { duration: 600, maxRate: 1.5 });
    const opened = (await open(slow, capped.id)).json().data;
    expect(opened.max_playback_rate).toBe(1.5);
    await report(slow, capped.id, 'playing', 0, 0);
    advance(10);
    expect((await report(slow, capped.id, 'playing', 20, 20)).credited_seconds).toBe(15);
  });

  it('finishes a 5 s lesson played to its end and credits it 5 s, from whole-second reports', async () => {
    const me = await createUser(t);
    const lesson = await lessonWith('accountant-to-cfo', { duration: 5 });
    await open(me, lesson.id);
    await report(me, lesson.id, 'playing', 0, 0);
    advance(5);
    // The player's whole-second report of 4.9 s played and ended at 4.9 s.
    const end = await report(me, lesson.id, 'ended', 4, 4);
    expect(end).toMatchObject({ credited_seconds: 5, watched_seconds: 5, percent: 100, lesson_finished: true });
    advance(5);
    expect((await report(me, lesson.id, 'playing', 5, 5)).watched_seconds).toBe(5);

    // Ended too soon for the wall time: no more than wall time × rate, not finished.
    const quick = await createUser(t);
    await open(quick, lesson.id);
    await report(quick, lesson.id, 'playing', 0, 0);
    advance(2);
    const early = await report(quick, lesson.id, 'ended', 5, 5);
    expect(early.credited_seconds).toBe(4);
    expect(early.lesson_finished).toBe(false);
  });
});
