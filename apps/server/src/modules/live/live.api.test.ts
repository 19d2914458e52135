import { count, eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { LIVE_CHAT_BURST, LIVE_CHAT_MAX, liveMessages as m, type LiveList, type LiveRoom } from '@app/contracts';
import { buildApp } from '../../app';
import { pgDatabase } from '../../db/client';
import type { App } from '../../lib/app-module';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createUser, type TestUser } from '../../testing/test-users';
import { creditsGrants } from '../credits/credits.table';
import { learningDailySeconds } from '../learning/learning.table';
import { messages } from '../messages/messages.table';
import { personalAchieve } from '../users/users.table';
import { liveBookings, liveChatMessages } from './live.table';
import { createLiveService } from './live.service';
import { makeClass, openStream } from './live.test-support';

const MIN = 60_000;
const DAY = 86_400_000;
const template = inject('testDbTemplate');

let t: TestApp;
let staff: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  staff = await createUser(t, { staff: true });
});
afterAll(() => t.close());

const book = (who: TestUser, id: number) => t.app.inject({ method: 'POST', url: `/api/live/${id}/booking`, headers: who.headers });
const cancel = (who: TestUser, id: number) => t.app.inject({ method: 'DELETE', url: `/api/live/${id}/booking`, headers: who.headers });
const send = (who: TestUser | null, id: number, body: string, app: App = t.app) =>
  app.inject({ method: 'POST', url: `/api/live/${id}/chat`, headers: who?.headers ?? {}, payload: { body } });
const bookings = async (classId: number) =>
  (await t.db.select({ n: count() }).from(liveBookings).where(eq(liveBookings.classId, classId)))[0]!.n;

/** Runs `fn` at the test clock moved by `ms`, then puts the clock back. */
async function at<T>(ms: number, fn: () => Promise<T>): Promise<T> {
  const start = t.clock.now();
  t.clock.set(start.getTime() + ms);
  try {
    return await fn();
  } finally {
    t.clock.set(start);
  }
}

describe('booking rules', () => {
  it('books a members-only class for a member, refuses a second booking, a full class and a non-member, writing nothing', async () => {
    const member = await createUser(t, { memberDays: 300 });
    const other = await createUser(t, { memberDays: 300 });
    const visitor = await createUser(t);
    const c = await makeClass(t, staff, { inMinutes: 60, capacity: 1 });

    const ok = await book(member, c.id);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ booked: true, booked_count: 1 });

    const again = await book(member, c.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(m.alreadyBooked);

    const full = await book(other, c.id);
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toBe(m.full);

    const open = await makeClass(t, staff, { inMinutes: 60 });
    const notMember = await book(visitor, open.id);
    expect(notMember.statusCode).toBe(403);
    expect(notMember.json().message).toBe(m.membersOnly);
    expect(await bookings(c.id)).toBe(1);
    expect(await bookings(open.id)).toBe(0);

    // A class free for all is open to non-members and uses no free class.
    const forAll = await makeClass(t, staff, { inMinutes: 60, access: 'free' });
    expect((await book(visitor, forAll.id)).statusCode).toBe(200);
  });

  it('refuses booking and cancelling once the class has started; cancelling before gives the free class back', async () => {
    const member = await createUser(t, { memberDays: 300 });
    const c = await makeClass(t, staff, { inMinutes: 30 });
    const later = await makeClass(t, staff, { inMinutes: 120 });
    expect((await book(member, c.id)).statusCode).toBe(200);

    await at(31 * MIN, async () => {
      const started = await makeClass(t, staff, { inMinutes: -1 });
      const late = await book(member, started.id);
      expect(late.statusCode).toBe(409);
      expect(late.json().message).toBe(m.started);
      const res = await cancel(member, c.id);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(m.cancelStarted);
    });
    expect(await bookings(c.id)).toBe(1);

    expect((await book(member, later.id)).statusCode).toBe(200);
    const list = async (): Promise<LiveList> =>
      (await t.app.inject({ method: 'GET', url: '/api/live?tab=mine', headers: member.headers })).json().data;
    expect((await list()).quota?.used).toBe(2);
    expect((await cancel(member, later.id)).statusCode).toBe(200);
    expect((await list()).quota?.used).toBe(1);
    expect((await cancel(member, later.id)).statusCode).toBe(404);
  });

  it('counts six free classes per membership year: the seventh is refused until the next membership year', async () => {
    // Membership ends in 380 days: the current membership year ends in 15 days.
    const member = await createUser(t, { memberDays: 380 });
    const soon = await Promise.all(Array.from({ length: 7 }, (_, i) => makeClass(t, staff, { inMinutes: 60 + i, title: `免费直播${i + 1}` })));
    for (const c of soon.slice(0, 6)) expect((await book(member, c.id)).statusCode).toBe(200);
    const seventh = await book(member, soon[6]!.id);
    expect(seventh.statusCode).toBe(409);
    expect(seventh.json().message).toBe(m.freeUsedUp(6));
    expect(await bookings(soon[6]!.id)).toBe(0);

    const nextYear = await makeClass(t, staff, { inMinutes: 20 * 24 * 60, title: '下一会员年度的直播' });
    await at(16 * DAY, async () => {
      expect((await book(member, nextYear.id)).statusCode).toBe(200);
      const list: LiveList = (await t.app.inject({ method: 'GET', url: '/api/live', headers: member.headers })).json().data;
      expect(list.quota?.used).toBe(1);
    });
  });
});

describe('the live room', () => {
  it("counts attended minutes as 专业科目 continuing-education credits at the year's minutes per credit, growing with the attendance", async () => {
    const member = await createUser(t, { memberDays: 300 });
    const c = await makeClass(t, staff, { inMinutes: 10, minutes: 120 });
    await book(member, c.id);
    const attend = (seconds: number) =>
      t.app.inject({ method: 'POST', url: `/api/live/${c.id}/attendance`, headers: member.headers, payload: { seconds } });
    const grant = async () => (await t.db.select().from(creditsGrants).where(eq(creditsGrants.userId, member.id)))[0];
    await at(11 * MIN, async () => expect((await attend(60)).statusCode).toBe(200));
    // One minute attended: under the tenth of a credit 50 minutes make, nothing yet.
    expect(await grant()).toBeUndefined();
    // The player reports every two minutes: an hour more is 3660 seconds in all.
    for (let minute = 13; minute <= 71; minute += 2) await at(minute * MIN, async () => expect((await attend(120)).statusCode).toBe(200));
    expect(await grant()).toMatchObject({ source: 'live', sourceId: c.id, category: 'professional', credits: 12 });
    for (let minute = 73; minute <= 77; minute += 2) await at(minute * MIN, async () => attend(120));
    expect((await grant())!.credits).toBe(13);
  });

  it('gives the stream only while live and to entitled viewers, the replay after the end, and credits watched time up to wall time', async () => {
    const member = await createUser(t, { memberDays: 300 });
    const stranger = await createUser(t, { memberDays: 300 });
    const c = await makeClass(t, staff, { inMinutes: 10, minutes: 30 });
    await book(member, c.id);
    const room = async (who: TestUser): Promise<LiveRoom> =>
      (await t.app.inject({ method: 'GET', url: `/api/live/${c.id}`, headers: who.headers })).json().data;
    expect((await room(member)).stream_url).toBeNull();
    await at(11 * MIN, async () => {
      expect((await room(member)).stream_url).toBe('/media/live/demo/index.m3u8');
      expect((await room(stranger)).stream_url).toBeNull();
      // One minute after the start: 120 claimed seconds are credited as 60.
      const report = await t.app.inject({ method: 'POST', url: `/api/live/${c.id}/attendance`, headers: member.headers, payload: { seconds: 120 } });
      expect(report.json().data).toEqual({ credited: 60, watched_seconds: 60 });
      const again = await t.app.inject({ method: 'POST', url: `/api/live/${c.id}/attendance`, headers: member.headers, payload: { seconds: 30 } });
      expect(again.json().data).toEqual({ credited: 0, watched_seconds: 60 });
    });
    // The credited minute is learning time: the day's seconds (rankings, credit archive) and the account's total.
    const days = await t.db.select().from(learningDailySeconds).where(eq(learningDailySeconds.userId, member.id));
    expect(days.reduce((n, d) => n + d.seconds, 0)).toBe(60);
    const [achieve] = await t.db.select().from(personalAchieve).where(eq(personalAchieve.userId, member.id));
    expect(achieve?.totalLearnTime).toBe(60);
    // ... and it counts in the home rankings of its week, month and all time (the per-period totals).
    for (const period of ['week', 'month', 'all']) {
      const rank = (await t.app.inject({ method: 'GET', url: `/api/home_page_rank?period=${period}`, headers: member.headers })).json().data;
      expect(rank.mine.seconds).toBe(60);
      expect(rank.mine.rank).toBeGreaterThan(0);
    }
    const attach = (recording: string) =>
      t.app.inject({ method: 'PUT', url: `/api/admin/live/${c.id}/recording`, headers: staff.headers, payload: { recording } });
    const early = await attach('lesson-b.mp4');
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(m.notEnded);
    const cover = async (url: string) => (await t.app.inject({ method: 'GET', url })).body;
    const liveCover = (await room(member)).cover_url;
    expect(await cover(liveCover)).toContain('>直播</text>');
    await at(41 * MIN, async () => {
      expect((await attach('no-such-recording.mp4')).json().message).toBe(m.recordingMissing);
      expect((await attach('lesson-b.mp4')).statusCode).toBe(200);
      const r = await room(member);
      // With its recording the class is a replay: its cover says 回放 under a new URL, which the replay course uses.
      expect(r.cover_url).not.toBe(liveCover);
      expect(await cover(r.cover_url)).toContain('>回放</text>');
      expect(await cover(r.cover_url)).not.toContain('直播</text>');
      expect(r.phase).toBe('ended');
      expect(r.replay_url).toMatch(/^\/media\/videos\/lesson-b\.mp4\?exp=/);
      // The replay is a course with one lesson of the recording's real length, for members (a members-only class).
      const course = await t.app.inject({ method: 'GET', url: `/coursepoolapi/course_pools/tower_show_course?id=${r.replay_course_id}`, headers: member.headers });
      expect(course.statusCode, course.body).toBe(200);
      expect(JSON.stringify(course.json().data)).toContain(`【直播回放】${c.title}`);
      expect(course.json().data.cover).toBe(r.cover_url);
      expect((await attach('lesson-b.mp4')).json().message).toBe(m.replayExists);
      // After the class any member may watch the replay; a non-member may not.
      expect((await room(stranger)).replay_url).toMatch(/^\/media\/videos\/lesson-b\.mp4\?exp=/);
      const visitor = await createUser(t);
      expect((await room(visitor)).entitled).toBe(false);
      expect((await room(visitor)).replay_url).toBeNull();
    });
  });

  it('sends reminders a day and 15 minutes before to the people who booked, once each', async () => {
    const member = await createUser(t, { memberDays: 300 });
    const c = await makeClass(t, staff, { inMinutes: 2 * 24 * 60, title: '提醒测试直播' });
    await book(member, c.id);
    const service = createLiveService({
      db: t.db,
      clock: t.clock,
      hub: { publish: async () => undefined } as never,
      membership: { of: async () => ({ active: false, endAt: null, yearStart: null, yearEnd: null }) },
      messages: (await import('../messages')).createMessagesService({ db: t.db, clock: t.clock }),
      courses: { signVideo: async () => '' },
      replays: { videoDuration: async () => null, create: async () => 0 },
      screen: { screen: async () => [] },
      audit: (await import('../audit')).createAuditTrail({ clock: t.clock }),
    });
    const titles = async () =>
      (await t.db.select({ title: messages.title }).from(messages).where(eq(messages.userId, member.id))).map((r) => r.title);
    await at(25 * 60 * MIN, () => service.sendReminders());
    expect(await titles()).toEqual([m.reminderDayTitle(c.title)]);
    await at(25 * 60 * MIN, () => service.sendReminders());
    await at((48 * 60 - 10) * MIN, () => service.sendReminders());
    expect(await titles()).toEqual([m.reminderDayTitle(c.title), m.reminderSoonTitle(c.title)]);
  });
});

describe('chat', () => {
  it('refuses a logged-out sender, chat outside the live time, too long and too fast messages, writing nothing', async () => {
    const member = await createUser(t, { memberDays: 300 });
    const c = await makeClass(t, staff, { inMinutes: 5 });
    await book(member, c.id);
    const stored = async () =>
      (await t.db.select({ n: count() }).from(liveChatMessages).where(eq(liveChatMessages.classId, c.id)))[0]!.n;

    expect((await send(null, c.id, '老师好')).statusCode).toBe(406);
    const early = await send(member, c.id, '老师好');
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(m.notLive);
    await at(6 * MIN, async () => {
      const long = await send(member, c.id, '问'.repeat(LIVE_CHAT_MAX + 1));
      expect(long.statusCode).toBe(400);
      for (let i = 0; i < LIVE_CHAT_BURST; i++) expect((await send(member, c.id, `第${i + 1}个问题`)).statusCode).toBe(200);
      const fast = await send(member, c.id, '再问一个');
      expect(fast.statusCode).toBe(429);
      expect(fast.json().message).toBe(m.chatTooFast);
    });
    expect(await stored()).toBe(LIVE_CHAT_BURST);
    await at(6 * MIN + 11_000, async () => {
      expect((await send(member, c.id, '过了十秒可以再问')).statusCode).toBe(200);
    });
  });

  it('pushes messages to a connected viewer over server-sent events, and a reconnecting viewer gets the missed ones', async () => {
    const a = await createUser(t, { memberDays: 300, nickname: '学员甲' });
    const b = await createUser(t, { memberDays: 300, nickname: '学员乙' });
    const c = await makeClass(t, staff, { inMinutes: 1 });
    await book(a, c.id);
    await book(b, c.id);
    t.clock.advance(2 * MIN);
    const viewer = await openStream(t.app, c.id, b);
    expect(viewer.status).toBe(200);
    const first = (await send(a, c.id, '<b>老师，留抵退税怎么算？</b>')).json().data;
    await viewer.until(() => viewer.messages().some((x) => x.id === first.id));
    expect(viewer.messages().at(-1)).toMatchObject({ user_name: '学员甲', body: '<b>老师，留抵退税怎么算？</b>' });

    // Staff pin and remove reach the viewer too.
    await t.app.inject({ method: 'POST', url: `/api/admin/live/${c.id}/chat/${first.id}/pin`, headers: staff.headers });
    await viewer.until(() => viewer.events.some((e) => e.event === 'pin' && e.data.includes(String(first.id))));
    viewer.close();

    // While b is away, two messages are sent; b reconnects with the last id it saw.
    t.clock.advance(11_000);
    const missed1 = (await send(a, c.id, '进项构成比例是什么？')).json().data;
    const missed2 = (await send(staff, c.id, '稍后统一解答')).json().data;
    const back = await openStream(t.app, c.id, b, first.id);
    await back.until(() => back.messages().length >= 2);
    expect(back.messages().map((x) => x.id)).toEqual([missed1.id, missed2.id]);
    expect(back.messages()[1]!.staff).toBe(true);

    const removed = await t.app.inject({ method: 'DELETE', url: `/api/admin/live/${c.id}/chat/${missed1.id}`, headers: staff.headers });
    expect(removed.statusCode).toBe(200);
    await back.until(() => back.events.some((e) => e.event === 'remove'));
    const history = (await t.app.inject({ method: 'GET', url: `/api/live/${c.id}/chat`, headers: b.headers })).json().data;
    expect(history.items.map((x: { id: number }) => x.id)).toEqual([first.id, missed2.id]);
    back.close();
  });

  it.skipIf(template.kind !== 'pg')(
    'fans a message out through NOTIFY to a viewer connected to another app instance on the same PostgreSQL',
    async () => {
      const pool = (t.db as unknown as { $client: pg.Pool }).$client;
      const second = pgDatabase(new pg.Pool({ ...pool.options, max: 3 }));
      const other = await buildApp({ config: t.config, db: second.db, clock: t.clock, logger: false });
      try {
        const a = await createUser(t, { memberDays: 300 });
        const b = await createUser(t, { memberDays: 300 });
        const c = await makeClass(t, staff, { inMinutes: 1 });
        await book(a, c.id);
        await book(b, c.id);
        t.clock.advance(2 * MIN);
        // b watches on the other instance; a sends through the first one, and the reverse.
        const onOther = await openStream(other, c.id, b);
        const onFirst = await openStream(t.app, c.id, a);
        const fromFirst = (await send(a, c.id, '从实例一发出')).json().data;
        await onOther.until(() => onOther.messages().some((x) => x.id === fromFirst.id));
        const fromOther = (await send(b, c.id, '从实例二发出', other)).json().data;
        await onFirst.until(() => onFirst.messages().some((x) => x.id === fromOther.id));
        onOther.close();
        onFirst.close();
      } finally {
        await other.close();
        await second.close();
      }
    },
  );
});
