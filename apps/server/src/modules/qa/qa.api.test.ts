import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { QA_NON_MEMBER_MONTHLY_QUOTA, qaMessages as m, qaNoticeTitles } from '@app/contracts';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createUser, type TestUser } from '../../testing/test-users';
import { createMessagesService } from '../messages';
import { messages } from '../messages/messages.table';
import { runQaChecks } from './qa.jobs';
import { qaQuestions } from './qa.table';
import { api, createExpert, PNG, question, uploadImage } from './qa.test-support';

let t: TestApp;
let staff: TestUser;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
// An ordinary working Friday morning (the Friday before National Day 2025).
// Sessions last 30 days from the clock, so each test opens its staff session after setting it.
beforeEach(async () => {
  t.clock.set('2025-09-26T10:30:00+08:00');
  staff = await createUser(t, { staff: true });
});

async function ask(user: TestUser, over: Record<string, unknown> = {}) {
  const res = await api(t, 'POST', '/api/quiz/questions', user, question(over));
  expect(res.code, res.message).toBe(200);
  return res.data as { id: number; due_at: string; state: string };
}

async function inbox(user: TestUser, title: string) {
  return t.db
    .select({ content: messages.content })
    .from(messages)
    .where(and(eq(messages.userId, user.id), eq(messages.title, title)));
}

/** Asks, claims and answers; returns the question id. */
async function answered(
  asker: TestUser,
  expert: TestUser,
  over: Record<string, unknown> = {},
  html?: string,
) {
  const q = await ask(asker, over);
  expect((await api(t, 'POST', `/api/quiz/expert/questions/${q.id}/claim`, expert)).code).toBe(200);
  const res = await api(t, 'POST', `/api/quiz/expert/questions/${q.id}/answer`, expert, {
    html: html ?? '<p>可以选择单独计税，该政策已延续至2027年底。</p>',
    references: [
      {
        title: '关于延续实施全年一次性奖金个人所得税政策的公告',
        doc_no: '财政部 税务总局公告2023年第30号',
        url: 'https://www.chinatax.gov.cn/',
      },
    ],
    tags: ['年终奖'],
  });
  expect(res.code, res.message).toBe(200);
  return q.id;
}

describe('asking', () => {
  it('gives a due time of 2 working days on the Chinese calendar (Friday before National Day -> Monday)', async () => {
    const me = await createUser(t, { memberDays: 30 });
    const q = await ask(me);
    expect(q.state).toBe('waiting');
    expect(q.due_at).toBe(new Date('2025-09-29T10:30:00+08:00').toISOString());
  });

  it(`lets a non-member ask ${QA_NON_MEMBER_MONTHLY_QUOTA} questions a month and refuses the next, members without limit`, async () => {
    const me = await createUser(t);
    expect((await api(t, 'GET', '/api/quiz/quota', me)).data).toEqual({
      is_member: false,
      limit: 3,
      used: 0,
      left: 3,
    });
    await Promise.all([ask(me), ask(me), ask(me)]);
    const fourth = await api(t, 'POST', '/api/quiz/questions', me, question());
    expect(fourth).toMatchObject({ code: 403, message: m.quotaUsedUp });
    expect((await api(t, 'GET', '/api/quiz/quota', me)).data.left).toBe(0);
    expect((await api(t, 'GET', '/api/quiz/mine', me)).data.total).toBe(3);
    // Next month the count starts again.
    t.clock.set('2025-10-09T09:00:00+08:00');
    expect((await api(t, 'GET', '/api/quiz/quota', me)).data.left).toBe(3);

    const member = await createUser(t, { memberDays: 60 });
    for (let i = 0; i < 4; i++) await ask(member);
    expect((await api(t, 'GET', '/api/quiz/quota', member)).data).toMatchObject({
      is_member: true,
      limit: null,
      used: 4,
    });
  });

  it('refuses empty or over-long text, a 4th image and a non-image file, writing nothing', async () => {
    const me = await createUser(t, { memberDays: 30 });
    const empty = await api(t, 'POST', '/api/quiz/questions', me, question({ title: '  ' }));
    expect(empty).toMatchObject({ code: 400, message: m.titleRequired });
    const long = await api(t, 'POST', '/api/quiz/questions', me, question({ body: '税'.repeat(2001) }));
    expect(long).toMatchObject({ code: 400, message: m.bodyTooLong });
    const images = await Promise.all([1, 2, 3, 4].map(() => uploadImage(t, me, PNG)));
    expect(images.every((i) => i.code === 200)).toBe(true);
    const four = await api(
      t,
      'POST',
      '/api/quiz/questions',
      me,
      question({ image_ids: images.map((i) => i.data.id) }),
    );
    expect(four).toMatchObject({ code: 400, message: m.imagesTooMany });
    const text = await uploadImage(t, me, Buffer.from('<script>alert(1)</script>'), 'x.png');
    expect(text).toMatchObject({ code: 415, message: m.imageBadType });
    expect((await api(t, 'GET', '/api/quiz/mine', me)).data.total).toBe(0);

    const three = await ask(me, { image_ids: images.slice(0, 3).map((i) => i.data.id) });
    const thread = await api(t, 'GET', `/api/quiz/mine/${three.id}`, me);
    expect(thread.data.images).toEqual(images.slice(0, 3).map((i) => i.data.url));
    const img = await t.app.inject({ method: 'GET', url: images[0]!.data.url });
    expect(img.headers['content-type']).toBe('image/webp');
    // An image already used, or another user's, cannot be attached again.
    const other = await createUser(t, { memberDays: 30 });
    const stolen = await api(
      t,
      'POST',
      '/api/quiz/questions',
      other,
      question({ image_ids: [images[3]!.data.id] }),
    );
    expect(stolen).toMatchObject({ code: 400, message: m.imageNotFound });
  });
});

describe('claims and answers', () => {
  it('of 10 experts claiming at once exactly one wins', async () => {
    const asker = await createUser(t, { memberDays: 30 });
    const q = await ask(asker);
    const experts = await Promise.all(Array.from({ length: 10 }, () => createExpert(t, staff)));
    const results = await Promise.all(
      experts.map((e) => api(t, 'POST', `/api/quiz/expert/questions/${q.id}/claim`, e)),
    );
    expect(results.filter((r) => r.code === 200)).toHaveLength(1);
    expect(results.filter((r) => r.code === 409 && r.message === m.claimTaken)).toHaveLength(9);
    const winner = experts[results.findIndex((r) => r.code === 200)]!;
    const [row] = await t.db.select().from(qaQuestions).where(eq(qaQuestions.id, q.id));
    expect(row!.claimedBy).toBe(winner.id);
    expect((await api(t, 'GET', `/api/quiz/mine/${q.id}`, asker)).data.state).toBe('answering');
  });

  it('the workspace lists open questions of the expert’s fields, and a claim moves one to the claimant’s own list', async () => {
    const q = await ask(await createUser(t, { memberDays: 30 }), {
      title: '工作台队列测试：年终奖计税方式选择',
    });
    const [a, b] = await Promise.all([createExpert(t, staff), createExpert(t, staff)]);
    const vat = await createExpert(t, staff, ['增值税']);
    const ids = async (e: TestUser, scope: string) =>
      (await api(t, 'GET', `/api/quiz/expert/queue?scope=${scope}&per=50`, e)).data.list.map(
        (i: { id: number }) => i.id,
      );
    expect(await ids(a, 'open')).toContain(q.id);
    expect(await ids(vat, 'open')).not.toContain(q.id);
    await api(t, 'POST', `/api/quiz/expert/questions/${q.id}/claim`, a);
    expect(await ids(b, 'open')).not.toContain(q.id);
    expect(await ids(a, 'open')).not.toContain(q.id);
    const mine = (await api(t, 'GET', '/api/quiz/expert/queue?scope=mine&per=50', a)).data.list;
    expect(mine.find((i: { id: number }) => i.id === q.id)).toMatchObject({
      claimed_by_me: true,
      due_at: new Date('2025-09-29T10:30:00+08:00').toISOString(),
      overdue: false,
    });
  });

  it('a claim expires and another expert may then claim', async () => {
    const q = await ask(await createUser(t, { memberDays: 30 }));
    const [a, b] = await Promise.all([createExpert(t, staff), createExpert(t, staff)]);
    expect((await api(t, 'POST', `/api/quiz/expert/questions/${q.id}/claim`, a)).code).toBe(200);
    t.clock.advance(121 * 60_000);
    expect((await api(t, 'POST', `/api/quiz/expert/questions/${q.id}/claim`, b)).code).toBe(200);
    const late = await api(t, 'POST', `/api/quiz/expert/questions/${q.id}/answer`, a, {
      html: '<p>可以选择单独计税，政策延续至2027年底。</p>',
    });
    expect(late).toMatchObject({ code: 409, message: m.claimTaken });
  });

  it('refuses answering an unclaimed or someone else’s claimed question, and personal accounts', async () => {
    const q = await ask(await createUser(t, { memberDays: 30 }));
    const [a, b] = await Promise.all([createExpert(t, staff), createExpert(t, staff)]);
    const body = { html: '<p>可以选择单独计税，政策延续至2027年底。</p>' };
    expect(await api(t, 'POST', `/api/quiz/expert/questions/${q.id}/answer`, a, body)).toMatchObject({
      code: 409,
      message: m.notClaimed,
    });
    await api(t, 'POST', `/api/quiz/expert/questions/${q.id}/claim`, a);
    expect(await api(t, 'POST', `/api/quiz/expert/questions/${q.id}/answer`, b, body)).toMatchObject({
      code: 409,
      message: m.claimTaken,
    });
    const personal = await createUser(t);
    for (const [method, url] of [
      ['GET', '/api/quiz/expert/queue'],
      ['POST', `/api/quiz/expert/questions/${q.id}/claim`],
      ['POST', `/api/quiz/expert/questions/${q.id}/answer`],
    ] as const)
      expect(await api(t, method, url, personal, method === 'POST' ? body : undefined)).toMatchObject({
        code: 403,
        message: m.notExpert,
      });
    const outside = await createExpert(t, staff, ['增值税']);
    expect((await api(t, 'POST', `/api/quiz/expert/questions/${q.id}/claim`, outside)).code).toBe(404);
    const [row] = await t.db.select().from(qaQuestions).where(eq(qaQuestions.id, q.id));
    expect(row!.status).toBe('waiting');
  });

  it('stores the answer sanitised and tells the asker in the message centre', async () => {
    const asker = await createUser(t, { memberDays: 30 });
    const expert = await createExpert(t, staff);
    const id = await answered(
      asker,
      expert,
      {},
      '<p onclick="x()">可以选择<strong>单独计税</strong></p><script>alert(1)</script><a href="javascript:alert(1)">链接</a><img src=x onerror=alert(1)>',
    );
    const thread = await api(t, 'GET', `/api/quiz/mine/${id}`, asker);
    expect(thread.data.state).toBe('answered');
    expect(thread.data.answer.html).toMatch(/^<p>可以选择<strong>单独计税<\/strong><\/p><a[^>]*>链接<\/a>$/);
    expect(thread.data.answer.html).not.toMatch(/script|onclick|onerror|javascript:|<img/i);
    expect(thread.data.answer.references[0].doc_no).toBe('财政部 税务总局公告2023年第30号');
    expect(thread.data.answer.expert.name).toBe(expert.name);
    expect(await inbox(asker, qaNoticeTitles.answered)).toHaveLength(1);
    const again = await api(t, 'POST', `/api/quiz/expert/questions/${id}/answer`, expert, {
      html: '<p>第二次解答的内容，重复提交应被拒绝。</p>',
    });
    expect(again).toMatchObject({ code: 409, message: m.alreadyAnswered });
  });
});

describe('the asker’s thread', () => {
  it('is the asker’s own: another user gets 404 for reading, following up, closing or rating', async () => {
    const asker = await createUser(t, { memberDays: 30 });
    const id = await answered(asker, await createExpert(t, staff));
    const other = await createUser(t);
    expect((await api(t, 'GET', `/api/quiz/mine/${id}`, other)).code).toBe(404);
    expect((await api(t, 'POST', `/api/quiz/mine/${id}/follow_ups`, other, { content: '还想问' })).code).toBe(
      404,
    );
    expect((await api(t, 'POST', `/api/quiz/mine/${id}/close`, other)).code).toBe(404);
    expect((await api(t, 'POST', `/api/quiz/mine/${id}/rate`, other, { rating: 1 })).code).toBe(404);
  });

  it('takes follow-ups the expert answers, rates once, and refuses follow-ups once closed', async () => {
    const asker = await createUser(t, { memberDays: 30 });
    const expert = await createExpert(t, staff);
    const id = await answered(asker, expert);
    const fu = await api(t, 'POST', `/api/quiz/mine/${id}/follow_ups`, asker, {
      content: '单独计税和并入综合所得哪个更划算？',
    });
    expect(fu.code, fu.message).toBe(200);
    expect(fu.data.follow_ups_left).toBe(2);
    expect(
      await api(t, 'POST', `/api/quiz/mine/${id}/follow_ups`, asker, { content: '再问一句' }),
    ).toMatchObject({
      code: 409,
      message: m.followUpPending,
    });
    const reply = await api(
      t,
      'POST',
      `/api/quiz/expert/follow_ups/${fu.data.follow_ups[0].id}/answer`,
      expert,
      {
        content: '可以在个税App中分别试算后选择税负较低的方式。',
      },
    );
    expect(reply.code, reply.message).toBe(200);
    expect(await inbox(asker, qaNoticeTitles.followUpAnswered)).toHaveLength(1);

    expect((await api(t, 'POST', `/api/quiz/mine/${id}/rate`, asker, { rating: 5 })).data.rating).toBe(5);
    expect(await api(t, 'POST', `/api/quiz/mine/${id}/rate`, asker, { rating: 4 })).toMatchObject({
      code: 409,
      message: m.ratedAlready,
    });
    expect(await api(t, 'POST', `/api/quiz/mine/${id}/rate`, asker, { rating: 6 })).toMatchObject({
      code: 400,
      message: m.ratingInvalid,
    });
    expect((await api(t, 'POST', `/api/quiz/mine/${id}/close`, asker)).data.state).toBe('closed');
    expect(
      await api(t, 'POST', `/api/quiz/mine/${id}/follow_ups`, asker, { content: '关闭后追问' }),
    ).toMatchObject({
      code: 409,
      message: m.questionClosed,
    });
  });
});

describe('public Q&A', () => {
  it('lists answered public questions with masked askers, finds Chinese substrings, keeps private ones out', async () => {
    const asker = await createUser(t, { memberDays: 30, nickname: '王小明' });
    const expert = await createExpert(t, staff);
    const pub = await answered(asker, expert, { title: '灵活用工平台代征个税如何申报扣缴' });
    const priv = await answered(asker, expert, { title: '灵活用工平台代征个税私密问题', is_public: false });
    const list = await api(t, 'GET', `/api/quiz/questions?keyword=${encodeURIComponent('灵活用工平台')}`);
    expect(list.data.list.map((c: { id: number }) => c.id)).toEqual([pub]);
    expect(list.data.list[0].asker).toBe('王**');
    expect(JSON.stringify(list.data)).not.toContain('王小明');
    expect((await api(t, 'GET', `/api/quiz/questions/${priv}`)).code).toBe(404);

    const page = await api(t, 'GET', `/api/quiz/questions/${pub}`);
    expect(page.data.asker).toBe('王**');
    expect(page.data.answer.expert.name).toBe(expert.name);
    expect(JSON.stringify(page.data)).not.toContain(asker.phone);

    const byTag = await api(t, 'GET', `/api/quiz/questions?tag=${encodeURIComponent('年终奖')}&per=50`);
    expect(byTag.data.list.some((c: { id: number }) => c.id === pub)).toBe(true);
    const similar = await api(
      t,
      'GET',
      `/api/quiz/similar?text=${encodeURIComponent('请问灵活用工平台怎么代征个税')}`,
    );
    expect(similar.data.map((c: { id: number }) => c.id)).toContain(pub);
    expect(similar.data.map((c: { id: number }) => c.id)).not.toContain(priv);
  });

  it('counts a useful vote once per user', async () => {
    const id = await answered(await createUser(t, { memberDays: 30 }), await createExpert(t, staff));
    const voter = await createUser(t);
    expect((await api(t, 'POST', `/api/quiz/questions/${id}/vote`, voter)).data).toEqual({
      useful_count: 1,
      voted: true,
    });
    expect(await api(t, 'POST', `/api/quiz/questions/${id}/vote`, voter)).toMatchObject({
      code: 409,
      message: m.votedAlready,
    });
    const page = await api(t, 'GET', `/api/quiz/questions/${id}`, voter);
    expect(page.data).toMatchObject({ useful_count: 1, voted: true });
    expect((await api(t, 'POST', `/api/quiz/questions/${id}/vote`)).code).toBe(406);
  });

  it('staff hiding a question removes it from the public pages', async () => {
    const id = await answered(await createUser(t, { memberDays: 30 }), await createExpert(t, staff));
    expect((await api(t, 'POST', `/api/admin/quiz/questions/${id}/hide`, staff, { hidden: true })).code).toBe(
      200,
    );
    expect((await api(t, 'GET', `/api/quiz/questions/${id}`)).code).toBe(404);
    expect(
      (await api(t, 'POST', `/api/admin/quiz/questions/${id}/hide`, await createUser(t), { hidden: false }))
        .code,
    ).toBe(403);
  });
});

describe('staff and scheduled checks', () => {
  it('assigning sends the expert a message and holds the question for them', async () => {
    const q = await ask(await createUser(t, { memberDays: 30 }));
    const [a, b] = await Promise.all([createExpert(t, staff), createExpert(t, staff)]);
    const res = await api(t, 'POST', `/api/admin/quiz/questions/${q.id}/assign`, staff, {
      expert_id: a.profileId,
    });
    expect(res.code, res.message).toBe(200);
    expect(await inbox(a, qaNoticeTitles.assigned)).toHaveLength(1);
    t.clock.advance(5 * 3_600_000);
    expect(await api(t, 'POST', `/api/quiz/expert/questions/${q.id}/claim`, b)).toMatchObject({ code: 409 });
  });

  it("a question asked from an expert's page is theirs first, then any expert's in the field, within the same due time", async () => {
    const [a, b] = await Promise.all([createExpert(t, staff), createExpert(t, staff)]);
    const shown = await api(t, 'GET', `/api/quiz/experts/${a.profileId}`);
    expect(shown.data).toMatchObject({ id: a.profileId, name: a.name, answers_online: true });
    const q = await ask(await createUser(t, { memberDays: 30 }), { expert_id: a.profileId });
    const [row] = await t.db.select().from(qaQuestions).where(eq(qaQuestions.id, q.id));
    expect(row!.claimedBy).toBe(a.id);
    expect(row!.claimExpiresAt!.getTime()).toBeLessThan(row!.dueAt.getTime());
    expect(await inbox(a, qaNoticeTitles.addressed)).toHaveLength(1);
    // Another expert of the field cannot take it while it is offered; once the offer lapses they can.
    expect(await api(t, 'POST', `/api/quiz/expert/questions/${q.id}/claim`, b)).toMatchObject({ code: 409, message: m.claimTaken });
    t.clock.set(new Date(row!.claimExpiresAt!.getTime() + 60_000).toISOString());
    expect((await api(t, 'POST', `/api/quiz/expert/questions/${q.id}/claim`, b)).code).toBe(200);
    const [after] = await t.db.select().from(qaQuestions).where(eq(qaQuestions.id, q.id));
    expect(after!.dueAt.getTime()).toBe(row!.dueAt.getTime());
  });

  it('refuses a question addressed to an unknown expert or to one who does not answer online, writing nothing', async () => {
    const asker = await createUser(t, { memberDays: 30 });
    const before = await api(t, 'GET', '/api/quiz/mine?page=1&per=50', asker);
    const unknown = await api(t, 'POST', '/api/quiz/questions', asker, question({ expert_id: 999_999 }));
    expect(unknown).toMatchObject({ code: 400, message: m.expertNotFound });
    const profileId = (await createExpert(t, staff)).profileId;
    await api(t, 'PUT', `/api/admin/quiz/experts/${profileId}`, staff, { phone: '', categories: [] });
    const offline = await api(t, 'POST', '/api/quiz/questions', asker, question({ expert_id: profileId }));
    expect(offline).toMatchObject({ code: 400, message: m.expertNotAnswering });
    expect((await api(t, 'GET', `/api/quiz/experts/${profileId}`)).data.answers_online).toBe(false);
    const after = await api(t, 'GET', '/api/quiz/mine?page=1&per=50', asker);
    expect(after.data.total).toBe(before.data.total);
  });

  it('sends due-soon to the claimant and overdue to staff once each, however often the checks run', async () => {
    const q = await ask(await createUser(t, { memberDays: 30 }));
    const expert = await createExpert(t, staff, ['个人所得税']);
    await api(t, 'POST', `/api/admin/quiz/questions/${q.id}/assign`, staff, { expert_id: expert.profileId });
    const deps = { db: t.db, clock: t.clock, messages: createMessagesService({ db: t.db, clock: t.clock }) };
    // Due Monday 2025-09-29 10:30; 4 working hours before is 06:30 that day.
    t.clock.set('2025-09-29T07:00:00+08:00');
    await Promise.all([runQaChecks(deps), runQaChecks(deps)]);
    await runQaChecks(deps);
    expect(await inbox(expert, qaNoticeTitles.dueSoon)).toHaveLength(1);
    t.clock.set('2025-09-29T10:31:00+08:00');
    await runQaChecks(deps);
    await runQaChecks(deps);
    const overdue = await inbox(staff, qaNoticeTitles.overdue);
    expect(overdue.filter((o) => o.content.includes(question().title)).length).toBeGreaterThanOrEqual(1);
    const before = overdue.length;
    await runQaChecks(deps);
    expect(await inbox(staff, qaNoticeTitles.overdue)).toHaveLength(before);
    expect(await inbox(staff, qaNoticeTitles.dailySummary)).toHaveLength(1);
    const queue = await api(t, 'GET', '/api/admin/quiz/questions?overdue=true&per=50', staff);
    expect(queue.data.list.find((i: { id: number }) => i.id === q.id)?.overdue).toBe(true);
  });

  it('staff extend the work calendar: a holiday entered moves the due time of later questions', async () => {
    t.clock.set('2026-12-31T10:00:00+08:00');
    staff = await createUser(t, { staff: true });
    const stats = await api(t, 'GET', '/api/admin/quiz/stats', staff);
    expect(stats.data.missing_calendar_years).toEqual([2027]);
    const before = await ask(await createUser(t, { memberDays: 30 }));
    expect(before.due_at).toBe(new Date('2027-01-04T10:00:00+08:00').toISOString());
    const saved = await api(t, 'POST', '/api/admin/quiz/calendar', staff, {
      date: '2027-01-01',
      kind: 'holiday',
      name: '元旦',
    });
    expect(saved.data.source).toBe('staff');
    const after = await ask(await createUser(t, { memberDays: 30 }));
    expect(after.due_at).toBe(new Date('2027-01-05T10:00:00+08:00').toISOString());
    expect((await api(t, 'GET', '/api/admin/quiz/stats', staff)).data.missing_calendar_years).toEqual([]);
    await api(t, 'DELETE', '/api/admin/quiz/calendar/2027-01-01', staff);
  });
});
