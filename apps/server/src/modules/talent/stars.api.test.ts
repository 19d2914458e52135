import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { talentMessages as m } from '@app/contracts';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createUser, type TestUser } from '../../testing/test-users';
import { messages } from '../messages/messages.table';
import { courses } from '../courses/courses.table';
import { learningCourseProgress, learningDailySeconds } from '../learning/learning.table';
import { RESULT_MESSAGE_TITLE } from './stars.service';
import { api, PNG, upload } from './talent.test-support';

let t: TestApp;
let staff: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  staff = await createUser(t, { staff: true });
});
afterAll(() => t.close());

/** Applies for a level and submits one material; returns the application id. */
async function submitted(user: TestUser, starId = 1): Promise<number> {
  const applied = await api(t, 'POST', '/api/rcpjs/star_level', user, { star_id: starId });
  expect(applied.code, applied.message).toBe(200);
  expect(applied.data.status).toBe('draft');
  const file = await upload(t, user, PNG);
  const sent = await api(t, 'POST', '/api/rcpjs/submit_apply', user, {
    id: applied.data.id,
    statement: '本人从事财务工作五年，申请一星评价。',
    materials: [{ attachment_dic_id: 5, attachment_id: file.json.data.id }],
  });
  expect(sent.code, sent.message).toBe(200);
  return applied.data.id;
}

describe('stars', () => {
  it('lists five levels with their requirements and the attachment dictionary', async () => {
    const stars = await api(t, 'GET', '/api/stars');
    expect(stars.data.map((s: { name: string }) => s.name)).toEqual(['一星', '二星', '三星', '四星', '五星']);
    expect(stars.data[0].requirements).toContain('学习时长');
    const dics = await api(t, 'GET', '/api/attachment_dics/list');
    expect(dics.data.map((d: { name: string }) => d.name)).toEqual(
      expect.arrayContaining(['学历证书', '职称证书', '工作证明']),
    );
  });
});

describe('star applications', () => {
  it('cannot be submitted twice, and only one is open at a time', async () => {
    const me = await createUser(t);
    const id = await submitted(me);
    const again = await api(t, 'POST', '/api/rcpjs/submit_apply', me, {
      id,
      statement: '再次提交',
      credential_ids: [],
      materials: [{ attachment_dic_id: 1, attachment_id: (await upload(t, me, PNG)).json.data.id }],
    });
    expect(again).toMatchObject({ code: 409, message: m.applicationSubmittedAlready });
    const second = await api(t, 'POST', '/api/rcpjs/star_level', me, { star_id: 2 });
    expect(second).toMatchObject({ code: 409, message: m.applicationOpen });
  });

  it('needs a statement and at least one material, all of them mine', async () => {
    const me = await createUser(t);
    const other = await createUser(t);
    const { data } = await api(t, 'POST', '/api/rcpjs/star_level', me, { star_id: 1 });
    const empty = await api(t, 'POST', '/api/rcpjs/submit_apply', me, { id: data.id, statement: '' });
    expect(empty.data.fieldErrors).toMatchObject({
      statement: m.statementRequired,
      materials: m.materialsRequired,
    });
    const theirs = await upload(t, other, PNG);
    const stolen = await api(t, 'POST', '/api/rcpjs/submit_apply', me, {
      id: data.id,
      statement: '说明',
      materials: [{ attachment_dic_id: 1, attachment_id: theirs.json.data.id }],
    });
    expect(stolen.code).toBe(404);
    expect(
      (
        await api(t, 'POST', '/api/rcpjs/submit_apply', other, {
          id: data.id,
          statement: '说明',
          credential_ids: [1],
        })
      ).code,
    ).toBe(404);
  });

  it('creates only one of several simultaneous applications of one user', async () => {
    const me = await createUser(t);
    const answers = await Promise.all(
      [1, 2, 3].map((star) =>
        t.app.inject({
          method: 'POST',
          url: '/api/rcpjs/star_level',
          headers: me.headers,
          payload: { star_id: star },
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json().message).toBe(m.applicationOpen);
    expect((await api(t, 'GET', '/api/center_rcpj', me)).data.list).toHaveLength(1);
  });

  it("refuses another user's credential as evidence and leaves the application a draft", async () => {
    const me = await createUser(t);
    const other = await createUser(t);
    const theirs = await api(t, 'POST', '/api/credentials/', other, {
      name: '中级会计师',
      issuer: '财政部',
      issued_on: '2018-10-01',
    });
    const { data } = await api(t, 'POST', '/api/rcpjs/star_level', me, { star_id: 1 });
    const res = await api(t, 'POST', '/api/rcpjs/submit_apply', me, {
      id: data.id,
      statement: '说明',
      credential_ids: [theirs.data.id],
    });
    expect(res).toMatchObject({ code: 404, message: m.recordNotFound });
    const [mine] = (await api(t, 'GET', '/api/center_rcpj', me)).data.list;
    expect(mine).toMatchObject({ id: data.id, status: 'draft', credentials: [] });
  });

  it('answers a submit and a cancel sent at once with exactly one change', async () => {
    const me = await createUser(t);
    const { data } = await api(t, 'POST', '/api/rcpjs/star_level', me, { star_id: 1 });
    const file = await upload(t, me, PNG);
    const [submit, cancel] = await Promise.all([
      t.app.inject({
        method: 'POST',
        url: '/api/rcpjs/submit_apply',
        headers: me.headers,
        payload: {
          id: data.id,
          statement: '说明',
          materials: [{ attachment_dic_id: 1, attachment_id: file.json.data.id }],
        },
      }),
      t.app.inject({
        method: 'POST',
        url: '/api/stars/apply_cancel',
        headers: me.headers,
        payload: { id: data.id },
      }),
    ]);
    // Either order is fine: submitted then cancelled (both 200), or cancelled first and the submit refused.
    const [final] = (await api(t, 'GET', '/api/center_rcpj', me)).data.list;
    expect(final.status).toBe('cancelled');
    expect(cancel.statusCode).toBe(200);
    expect([200, 409]).toContain(submit.statusCode);
  });

  it('can be cancelled before review but not after', async () => {
    const me = await createUser(t);
    const draft = await api(t, 'POST', '/api/rcpjs/star_level', me, { star_id: 1 });
    const cancelled = await api(t, 'POST', '/api/stars/apply_cancel', me, { id: draft.data.id });
    expect(cancelled.data.status).toBe('cancelled');
    const id = await submitted(me);
    expect(
      (await api(t, 'POST', `/api/admin/rcpjs/${id}/review`, staff, { approve: false, reason: '材料不全' }))
        .code,
    ).toBe(200);
    const late = await api(t, 'POST', '/api/stars/apply_cancel', me, { id });
    expect(late).toMatchObject({ code: 409, message: m.cancelAfterReview });
    const other = await createUser(t);
    expect((await api(t, 'POST', '/api/stars/apply_cancel', other, { id })).code).toBe(404);
  });

  it('approved by staff sets star_id, sends a message and is reviewed once', async () => {
    const me = await createUser(t);
    const id = await submitted(me);
    const list = await api(t, 'GET', '/api/admin/rcpjs?status=submitted', staff);
    expect(list.data.list.map((r: { id: number }) => r.id)).toContain(id);
    const row = list.data.list.find((r: { id: number }) => r.id === id);
    expect(row.applicant).toMatchObject({ id: me.id, phone: me.phone });
    expect(row.materials[0]).toMatchObject({ attachment_dic_name: '工作证明' });

    // Two reviewers at once: exactly one wins.
    const [a, b] = await Promise.all([
      t.app.inject({
        method: 'POST',
        url: `/api/admin/rcpjs/${id}/review`,
        headers: staff.headers,
        payload: { approve: true },
      }),
      t.app.inject({
        method: 'POST',
        url: `/api/admin/rcpjs/${id}/review`,
        headers: staff.headers,
        payload: { approve: false, reason: '重复' },
      }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const winner = (a.statusCode === 200 ? a : b).json().data;
    if (winner.status === 'approved') {
      expect((await api(t, 'GET', '/api/center_rcpj', me)).data.star_id).toBe(1);
      expect((await api(t, 'POST', '/api/users/get_current_user', me)).data.star_id).toBe(1);
    }
    const notices = await t.db
      .select()
      .from(messages)
      .where(and(eq(messages.userId, me.id), eq(messages.title, RESULT_MESSAGE_TITLE)));
    expect(notices).toHaveLength(1);
    const third = await api(t, 'POST', `/api/admin/rcpjs/${id}/review`, staff, { approve: true });
    expect(third).toMatchObject({ code: 409, message: m.applicationReviewed });
  });

  it('approval with a level sets that star and the result can be acknowledged; lower levels cannot be applied for', async () => {
    const me = await createUser(t);
    const id = await submitted(me, 2);
    const res = await api(t, 'POST', `/api/admin/rcpjs/${id}/review`, staff, { approve: true, level: 2 });
    expect(res.data).toMatchObject({ status: 'approved', result_level: 2, applicant: { star_id: 2 } });
    const center = await api(t, 'GET', '/api/center_rcpj', me);
    expect(center.data).toMatchObject({ star_id: 2, unread_results: 1 });
    const got = await api(t, 'POST', '/api/center_rcpj_got_it', me, { id });
    expect(got.data.result_acknowledged).toBe(true);
    expect((await api(t, 'GET', '/api/center_rcpj', me)).data.unread_results).toBe(0);
    const [msg] = await t.db
      .select()
      .from(messages)
      .where(and(eq(messages.userId, me.id), eq(messages.title, RESULT_MESSAGE_TITLE)));
    expect(msg!.content).toContain('二星');
    const lower = await api(t, 'POST', '/api/rcpjs/star_level', me, { star_id: 2 });
    expect(lower).toMatchObject({ code: 400, message: m.starNotHigher });
  });

  it('refuses a level outside 1-5, and an approval at or below the current star', async () => {
    const me = await createUser(t);
    for (const star_id of [0, 6, 'x']) {
      const res = await api(t, 'POST', '/api/rcpjs/star_level', me, { star_id });
      expect(res).toMatchObject({ code: 400, message: m.starInvalid });
    }
    const first = await submitted(me, 2);
    await api(t, 'POST', `/api/admin/rcpjs/${first}/review`, staff, { approve: true });
    const id = await submitted(me, 3);
    const same = await api(t, 'POST', `/api/admin/rcpjs/${id}/review`, staff, { approve: true, level: 2 });
    expect(same).toMatchObject({ code: 400, message: m.reviewLevelInvalid });
    const [open] = (await api(t, 'GET', '/api/center_rcpj', me)).data.list;
    expect(open).toMatchObject({ id, status: 'submitted' });
    const higher = await api(t, 'POST', `/api/admin/rcpjs/${id}/review`, staff, { approve: true, level: 4 });
    expect(higher.data).toMatchObject({ status: 'approved', result_level: 4, applicant: { star_id: 4 } });
  });

  it('rejection needs a reason and sends it to the applicant', async () => {
    const me = await createUser(t);
    const id = await submitted(me);
    const noReason = await api(t, 'POST', `/api/admin/rcpjs/${id}/review`, staff, { approve: false });
    expect(noReason.data.fieldErrors.reason).toBe(m.rejectReasonRequired);
    const res = await api(t, 'POST', `/api/admin/rcpjs/${id}/review`, staff, {
      approve: false,
      reason: '学习时长不足',
    });
    expect(res.data).toMatchObject({ status: 'rejected', reject_reason: '学习时长不足' });
    const [msg] = await t.db
      .select()
      .from(messages)
      .where(and(eq(messages.userId, me.id), eq(messages.title, RESULT_MESSAGE_TITLE)));
    expect(msg!.content).toContain('学习时长不足');
    expect((await api(t, 'GET', '/api/center_rcpj', me)).data.star_id).toBe(0);
  });

  it('refuses review by non-staff (403), a draft review (409) and company applicants (403)', async () => {
    const me = await createUser(t);
    const id = await submitted(me);
    expect((await api(t, 'POST', `/api/admin/rcpjs/${id}/review`, me, { approve: true })).code).toBe(403);
    expect((await api(t, 'GET', '/api/admin/rcpjs', me)).code).toBe(403);
    const drafter = await createUser(t);
    const draft = await api(t, 'POST', '/api/rcpjs/star_level', drafter, { star_id: 1 });
    expect(
      (await api(t, 'POST', `/api/admin/rcpjs/${draft.data.id}/review`, staff, { approve: true })).code,
    ).toBe(409);
    const company = await createUser(t, { role: 'company' });
    expect((await api(t, 'POST', '/api/rcpjs/star_level', company, { star_id: 1 })).code).toBe(403);
  });
});

describe('credit archive', () => {
  it('is personal only', async () => {
    const company = await createUser(t, { role: 'company' });
    expect((await api(t, 'GET', '/api/credit_archive', company)).code).toBe(403);
  });

  it('sums learning, credentials and granted stars per China-time year', async () => {
    const me = await createUser(t);
    await t.db.insert(learningDailySeconds).values([
      { userId: me.id, day: '2024-03-01', seconds: 3600 },
      { userId: me.id, day: '2024-12-31', seconds: 1800 },
      { userId: me.id, day: '2025-01-01', seconds: 600 },
    ]);
    await api(t, 'POST', '/api/credentials/', me, {
      name: '初级会计师',
      issuer: '财政部',
      issued_on: '2023-05-20',
    });
    await api(t, 'POST', '/api/credentials/', me, {
      name: '中级会计师',
      issuer: '财政部',
      issued_on: '2023-01-10',
    });
    const id = await submitted(me);
    await api(t, 'POST', `/api/admin/rcpjs/${id}/review`, staff, { approve: true });
    const reviewedAt = t.clock.now().toISOString();
    const res = await api(t, 'GET', '/api/credit_archive', me);
    expect(res.code).toBe(200);
    const years = res.data.years as {
      year: number;
      learn_seconds: number;
      credentials: unknown[];
      stars: { star_name: string }[];
    }[];
    expect(years.map((y) => y.year)).toEqual([2025, 2024, 2023]);
    expect(years[0]).toMatchObject({ learn_seconds: 600, stars: [{ star_name: '一星' }] });
    expect(years[1]).toMatchObject({ learn_seconds: 5400, credentials: [] });
    expect(years[0]!.stars).toEqual([{ star_id: 1, star_name: '一星', granted_at: reviewedAt }]);
    expect(years[2]!.credentials).toMatchObject([
      { name: '中级会计师', issuer: '财政部', issued_on: '2023-01-10' },
      { name: '初级会计师', issuer: '财政部', issued_on: '2023-05-20' },
    ]);
    expect(res.data.user).toMatchObject({ id: me.id, star_id: 1, phone: me.phone });
    expect(res.data.total_learn_seconds).toBe(6000);
  });

  // Runs last in this file: it moves the shared clock to the turn of the year.
  it('counts a course finished and a star granted just after midnight China time in the new year', async () => {
    // 2025-12-31 16:30 UTC is 2026-01-01 00:30 in China.
    const turn = new Date('2025-12-31T16:30:00Z');
    t.clock.advance(turn.getTime() - t.clock.now().getTime());
    // Accounts made now: sessions made at the start of the file have expired by the end of the year.
    const me = await createUser(t);
    const reviewer = await createUser(t, { staff: true });
    const id = await submitted(me);
    const [course] = await t.db.select({ id: courses.id }).from(courses).limit(1);
    await t.db.insert(learningCourseProgress).values({
      userId: me.id,
      courseId: course!.id,
      startedAt: new Date('2025-06-01T00:00:00Z'),
      lastLearnedAt: turn,
      finishedAt: turn,
    });
    expect((await api(t, 'POST', `/api/admin/rcpjs/${id}/review`, reviewer, { approve: true })).code).toBe(
      200,
    );
    const res = await api(t, 'GET', '/api/credit_archive', me);
    expect(res.data.years.map((y: { year: number }) => y.year)).toEqual([2026]);
    expect(res.data.years[0]).toMatchObject({
      finished_courses: 1,
      stars: [{ star_id: 1, star_name: '一星' }],
    });
    expect(res.data.total_finished_courses).toBe(1);
  });
});
