import { createPublicKey, type KeyObject } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEAVE_GRACE_SECONDS, examsMessages as m } from '@app/contracts';
import { buildApp } from '../../app';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createUser, type TestUser } from '../../testing/test-users';
import { messages } from '../messages/messages.table';
import { createAuditTrail } from '../audit';
import { createMessagesService } from '../messages';
import { personalAchieve } from '../users/users.table';
import { verifyCredential } from './exams.badges';
import { createExamsService } from './exams.service';
import { creditsGrants } from '../credits/credits.table';
import { examsAnswers, examsAttempts, examsRegistrations, examsTypes } from './exams.table';
import { api, makeExam, registerAndStart, rightAnswer, secondSession, type ExamFixture } from './exams.test-support';

let t: TestApp;
let staff: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  staff = await createUser(t, { staff: true });
});
afterAll(() => t.close());

const MIN = 60_000;
type Q = { id: number; kind: string; options: { key: number; text: string }[]; answer: unknown; flagged: boolean };

async function registrationOf(user: TestUser, fx: ExamFixture) {
  const [r] = await t.db.select().from(examsRegistrations).where(and(eq(examsRegistrations.userId, user.id), eq(examsRegistrations.sessionId, fx.sessionId)));
  return r!;
}

async function answerAll(user: TestUser, fx: ExamFixture, attempt: { id: number; questions: Q[] }) {
  const answers = attempt.questions.map((q) => ({ question_id: q.id, answer: rightAnswer(fx, q.id), flagged: false }));
  const saved = await api(t, 'PUT', `/api/exam_attempts/${attempt.id}/answers`, user, { answers });
  expect(saved.code, saved.message).toBe(200);
}

describe('notices and registration', () => {
  it('shows a notice with its sessions, and an unknown type name is not found', async () => {
    const fx = await makeExam(t);
    const notice = await api(t, 'GET', `/api/exam_types/${fx.typeName}`);
    expect(notice.data.sessions).toHaveLength(1);
    expect(notice.data.sessions[0]).toMatchObject({ phase: 'exam_open', my_registration: null });
    const missing = await api(t, 'GET', '/api/exam_types/no-such-exam');
    expect(missing).toMatchObject({ code: 404, message: m.typeNotFound });
  });

  it('lists the four demo exam types with their notices', async () => {
    const types = await api(t, 'GET', '/api/exam_types');
    expect(types.data.map((x: { name: string }) => x.name)).toEqual(
      expect.arrayContaining(['管理会计师（初级）', '管理会计师（中级）', '财务共享服务', '智能财务']),
    );
  });

  it('refuses registration outside the window, without eligibility, twice, or from a company; writes nothing', async () => {
    const me = await createUser(t);
    const early = await makeExam(t, { register: [60, 120], exam: [180, 240] });
    expect(await api(t, 'POST', '/api/exam_registrations', me, { session_id: early.sessionId })).toMatchObject({
      code: 409,
      message: m.registrationNotOpen,
    });
    const starred = await makeExam(t, { minStar: 2 });
    const refused = await api(t, 'POST', '/api/exam_registrations', me, { session_id: starred.sessionId });
    expect(refused.code).toBe(403);
    expect(refused.message).toContain('二星');
    await t.db.insert(personalAchieve).values({ userId: me.id, starId: 2 }).onConflictDoUpdate({
      target: personalAchieve.userId,
      set: { starId: 2 },
    });
    expect((await api(t, 'POST', '/api/exam_registrations', me, { session_id: starred.sessionId })).code).toBe(200);
    expect(await api(t, 'POST', '/api/exam_registrations', me, { session_id: starred.sessionId })).toMatchObject({
      code: 409,
      message: m.registeredAlready,
    });
    const company = await createUser(t, { role: 'company' });
    expect((await api(t, 'POST', '/api/exam_registrations', company, { session_id: starred.sessionId })).code).toBe(403);
    const mine = await api(t, 'GET', '/api/exams', me);
    expect(mine.data.registrations.map((r: { session: { id: number } }) => r.session.id)).toEqual([starred.sessionId]);
  });

  it('a paid exam is bought through the orders flow, and a member registers for a member-free one without paying', async () => {
    const me = await createUser(t);
    const fx = await makeExam(t, { feeMode: 'paid', fee: 68000 });
    const direct = await api(t, 'POST', '/api/exam_registrations', me, { session_id: fx.sessionId });
    expect(direct).toMatchObject({ code: 409, message: m.paymentRequired });
    const { createOrder, payThroughCashier } = await import('../members/members.test-support');
    const order = await createOrder(t, me, { product_type: 'exam', product_id: fx.sessionId });
    expect(order).toMatchObject({ amount: 68000, state: 'pending' });
    const paid = await payThroughCashier(t, me, order);
    expect(paid.state).toBe('paid');
    const mine = await api(t, 'GET', '/api/exams', me);
    expect(mine.data.registrations[0]).toMatchObject({ state: 'registered', session: { id: fx.sessionId } });

    const memberFree = await makeExam(t, { feeMode: 'member_free', fee: 29900 });
    const member = await createUser(t, { memberDays: 30 });
    expect((await api(t, 'POST', '/api/exam_registrations', member, { session_id: memberFree.sessionId })).code).toBe(200);
    const free = await makeExam(t);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: me.headers,
      payload: { product_type: 'exam', product_id: free.sessionId },
    });
    expect(refused.json()).toMatchObject({ code: 400, message: m.notForSale });
  });
});

describe('attempts', () => {
  it('fixes the deadline at start, never past the session close, and resumes the same attempt with the same order', async () => {
    const me = await createUser(t);
    const fx = await makeExam(t, { duration: 60, exam: [-10, 20] });
    const a = await registerAndStart(t, me, fx);
    expect(new Date(a.deadline).getTime()).toBe(t.clock.now().getTime() + 20 * MIN);
    t.clock.advance(5 * MIN);
    const again = await api(t, 'POST', `/api/exam_registrations/${a.registration_id}/attempts`, me);
    expect(again.data.id).toBe(a.id);
    expect(again.data.deadline).toBe(a.deadline);
    const ids = (x: { questions: Q[] }) => x.questions.map((q) => `${q.id}:${q.options.map((o) => o.key).join('')}`);
    expect(ids(again.data)).toEqual(ids(a));
    const reread = await api(t, 'GET', `/api/exam_attempts/${a.id}`, me);
    expect(ids(reread.data)).toEqual(ids(a));
  });

  it('shuffles questions and options per attempt, deterministically from the attempt', async () => {
    const fx = await makeExam(t, { maxAttempts: 1 });
    const orders = new Set<string>();
    for (let i = 0; i < 4; i++) {
      const u = await createUser(t);
      const a = await registerAndStart(t, u, fx);
      orders.add(a.questions.map((q: Q) => `${q.id}:${q.options.map((o) => o.key).join('')}`).join(','));
      // Grouped by kind: single, multiple, judge, fill.
      const kinds = a.questions.map((q: Q) => q.kind);
      expect(kinds).toEqual([...kinds].sort((x: string, y: string) => ['single', 'multiple', 'judge', 'fill'].indexOf(x) - ['single', 'multiple', 'judge', 'fill'].indexOf(y)));
    }
    expect(orders.size).toBeGreaterThan(1);
  });

  it('draws a random paper from the bank rules', async () => {
    const fx = await makeExam(t, {
      mode: 'random',
      rules: [
        { kind: 'single', count: 2, score: 5, knowledge_point: null, difficulty: null },
        { kind: 'judge', count: 1, score: 5, knowledge_point: null, difficulty: null },
      ],
    });
    const a = await registerAndStart(t, await createUser(t), fx);
    expect(a.questions.map((q: Q) => q.kind)).toEqual(['single', 'single', 'judge']);
    expect(a.full_score).toBe(15);
  });

  it('autosaves answers and flags, and a reload returns every saved answer', async () => {
    const me = await createUser(t);
    const fx = await makeExam(t);
    const a = await registerAndStart(t, me, fx);
    const q = a.questions[0] as Q;
    await api(t, 'PUT', `/api/exam_attempts/${a.id}/answers`, me, {
      answers: [{ question_id: q.id, answer: rightAnswer(fx, q.id), flagged: true }],
    });
    await api(t, 'PUT', `/api/exam_attempts/${a.id}/answers`, me, {
      answers: [{ question_id: q.id, answer: [q.options[0]!.key], flagged: true }],
    });
    const reread = await api(t, 'GET', `/api/exam_attempts/${a.id}`, me);
    expect(reread.data.questions[0]).toMatchObject({ id: q.id, answer: [q.options[0]!.key], flagged: true });
  });

  it('refuses an answer to a question not on the attempt and writes none of that save', async () => {
    const me = await createUser(t);
    const fx = await makeExam(t);
    const a = await registerAndStart(t, me, fx);
    const other = await makeExam(t);
    const bad = await api(t, 'PUT', `/api/exam_attempts/${a.id}/answers`, me, {
      answers: [
        { question_id: a.questions[0].id, answer: [0] },
        { question_id: other.questionIds[0], answer: [0] },
      ],
    });
    expect(bad).toMatchObject({ code: 400, message: m.questionNotOnAttempt });
    const [n] = await t.db.select({ n: count() }).from(examsAnswers).where(eq(examsAnswers.attemptId, a.id));
    expect(n!.n).toBe(0);
  });

  it('saves of many candidates at the same moment each keep their own checks: the valid ones are all written, a bad one writes nothing', async () => {
    const fx = await makeExam(t);
    const other = await makeExam(t);
    const candidates = await Promise.all(
      Array.from({ length: 6 }, async () => {
        const me = await createUser(t);
        return { me, a: await registerAndStart(t, me, fx) };
      }),
    );
    const stranger = await createUser(t);
    const results = await Promise.all([
      ...candidates.map(({ me, a }) =>
        api(t, 'PUT', `/api/exam_attempts/${a.id}/answers`, me, {
          answers: (a.questions as Q[]).map((q) => ({ question_id: q.id, answer: rightAnswer(fx, q.id) })),
        }),
      ),
      // Same moment: a question from another exam, and someone else's attempt.
      api(t, 'PUT', `/api/exam_attempts/${candidates[0]!.a.id}/answers`, candidates[0]!.me, {
        answers: [{ question_id: other.questionIds[0], answer: [0] }],
      }),
      api(t, 'PUT', `/api/exam_attempts/${candidates[1]!.a.id}/answers`, stranger, {
        answers: [{ question_id: candidates[1]!.a.questions[0].id, answer: [1] }],
      }),
    ]);
    expect(results.map((r) => r.code)).toEqual([200, 200, 200, 200, 200, 200, 400, 404]);
    for (const { me, a } of candidates) {
      const reread = await api(t, 'GET', `/api/exam_attempts/${a.id}`, me);
      for (const q of reread.data.questions as (Q & { answer: unknown })[]) expect(q.answer).toEqual(rightAnswer(fx, q.id));
    }
  });

  it("answers another user's attempt as missing, and another login session of the owner with a takeover prompt", async () => {
    const me = await createUser(t);
    const fx = await makeExam(t);
    const a = await registerAndStart(t, me, fx);
    const stranger = await createUser(t);
    expect(await api(t, 'GET', `/api/exam_attempts/${a.id}`, stranger)).toMatchObject({ code: 404, message: m.attemptNotFound });
    expect(
      (await api(t, 'PUT', `/api/exam_attempts/${a.id}/answers`, stranger, { answers: [{ question_id: a.questions[0].id, answer: [0] }] })).code,
    ).toBe(404);
    expect((await api(t, 'POST', `/api/exam_attempts/${a.id}/submit`, stranger)).code).toBe(404);
    const device2 = await secondSession(t, me);
    const other = await api(t, 'PUT', `/api/exam_attempts/${a.id}/answers`, device2, {
      answers: [{ question_id: a.questions[0].id, answer: [0] }],
    });
    expect(other).toMatchObject({ code: 409, message: m.otherSession, data: { takeover: true } });
    const taken = await api(t, 'POST', `/api/exam_attempts/${a.id}/takeover`, device2);
    expect(taken.data.id).toBe(a.id);
    const saved = await api(t, 'PUT', `/api/exam_attempts/${a.id}/answers`, device2, {
      answers: [{ question_id: a.questions[0].id, answer: [0] }],
    });
    expect(saved.code).toBe(200);
  });

  it('closes an attempt at its deadline: a late answer is refused and not written, and the paper is graded', async () => {
    const me = await createUser(t);
    const fx = await makeExam(t, { duration: 30 });
    const a = await registerAndStart(t, me, fx);
    await answerAll(me, fx, a);
    t.clock.advance(30 * MIN);
    const late = await api(t, 'PUT', `/api/exam_attempts/${a.id}/answers`, me, {
      answers: [{ question_id: a.questions[0].id, answer: [] }],
    });
    expect(late).toMatchObject({ code: 409, message: m.attemptClosed });
    const result = await api(t, 'GET', `/api/exam_attempts/${a.id}`, me);
    expect(result.data).toMatchObject({ state: 'graded', submit_reason: 'deadline', score: 100, passed: true });
    expect(result.data.submitted_at).toBe(a.deadline);
  });

  it('the sweep closes unsubmitted attempts at their deadline with no request from the candidate, once', async () => {
    const me = await createUser(t);
    const fx = await makeExam(t, { duration: 20 });
    const a = await registerAndStart(t, me, fx);
    await answerAll(me, fx, a);
    t.clock.advance(21 * MIN);
    const service = createExamsService({ db: t.db, clock: t.clock, messages: createMessagesService({ db: t.db, clock: t.clock }), audit: createAuditTrail(t) });
    const other = createExamsService({ db: t.db, clock: t.clock, messages: createMessagesService({ db: t.db, clock: t.clock }), audit: createAuditTrail(t) });
    const closed = await Promise.all([service.sweep(), other.sweep()]);
    expect(closed.reduce((x, y) => x + y, 0)).toBeGreaterThanOrEqual(1);
    const [row] = await t.db.select().from(examsAttempts).where(eq(examsAttempts.id, a.id));
    expect(row).toMatchObject({ state: 'graded', submitReason: 'deadline', score: 100 });
    expect(await service.sweep()).toBe(0);
    const notes = await t.db.select().from(messages).where(eq(messages.userId, me.id));
    expect(notes.filter((x) => x.title.startsWith('考试成绩'))).toHaveLength(1);
  });

  it('submitting twice grades once and answers the same result', async () => {
    const me = await createUser(t);
    const fx = await makeExam(t);
    const a = await registerAndStart(t, me, fx);
    await answerAll(me, fx, a);
    const [first, second] = await Promise.all([
      api(t, 'POST', `/api/exam_attempts/${a.id}/submit`, me),
      api(t, 'POST', `/api/exam_attempts/${a.id}/submit`, me),
    ]);
    expect(first, JSON.stringify(first)).toMatchObject({ code: 200 });
    expect(first.data.score).toBe(100);
    expect(second.data.score).toBe(100);
    expect(first.data.certificate_number).toBe(second.data.certificate_number);
    const notes = await t.db.select().from(messages).where(eq(messages.userId, me.id));
    expect(notes.filter((x) => x.title.startsWith('考试成绩'))).toHaveLength(1);
    expect((await api(t, 'GET', '/api/my_certificates', me)).data).toHaveLength(1);
  });

  it('limits attempts per registration', async () => {
    const me = await createUser(t);
    const fx = await makeExam(t, { maxAttempts: 2 });
    const a = await registerAndStart(t, me, fx);
    await api(t, 'POST', `/api/exam_attempts/${a.id}/submit`, me);
    const b = await api(t, 'POST', `/api/exam_registrations/${a.registration_id}/attempts`, me);
    expect(b.data.id).not.toBe(a.id);
    await api(t, 'POST', `/api/exam_attempts/${b.data.id}/submit`, me);
    expect(await api(t, 'POST', `/api/exam_registrations/${a.registration_id}/attempts`, me)).toMatchObject({
      code: 409,
      message: m.attemptLimit,
    });
    const [n] = await t.db.select({ n: count() }).from(examsAttempts).where(eq(examsAttempts.registrationId, a.registration_id));
    expect(n!.n).toBe(2);
  });

  it('offers no retake after a pass unless the session allows one, and never a second certificate', async () => {
    const me = await createUser(t);
    const fx = await makeExam(t, { maxAttempts: 3 });
    const a = await registerAndStart(t, me, fx);
    await answerAll(me, fx, a);
    expect((await api(t, 'POST', `/api/exam_attempts/${a.id}/submit`, me)).data.passed).toBe(true);
    expect(await api(t, 'POST', `/api/exam_registrations/${a.registration_id}/attempts`, me)).toMatchObject({
      code: 409,
      message: m.alreadyPassed,
    });
    const mine = (await api(t, 'GET', '/api/exams', me)).data.registrations.find(
      (r: { id: number }) => r.id === a.registration_id,
    );
    expect(mine).toMatchObject({ attempts_left: 0, group: 'finished', certificate_attempt_id: a.id });
    expect(mine.certificate_number).toMatch(/^ZC/);

    const other = await createUser(t);
    const open = await makeExam(t, { maxAttempts: 2, retakeAfterPass: true });
    const first = await registerAndStart(t, other, open);
    await answerAll(other, open, first);
    await api(t, 'POST', `/api/exam_attempts/${first.id}/submit`, other);
    const retake = await api(t, 'POST', `/api/exam_registrations/${first.registration_id}/attempts`, other);
    expect(retake.code).toBe(200);
    await answerAll(other, open, retake.data);
    expect((await api(t, 'POST', `/api/exam_attempts/${retake.data.id}/submit`, other)).data.passed).toBe(true);
    const certs = (await api(t, 'GET', '/api/my_certificates', other)).data;
    expect(certs).toHaveLength(1);
    const reg = (await api(t, 'GET', '/api/exams', other)).data.registrations[0];
    expect(reg).toMatchObject({ attempts_left: 0, certificate_attempt_id: first.id });
  });

  it('a pass of an exam type that carries continuing-education credits grants them once, in the year of the pass', async () => {
    const me = await createUser(t);
    const fx = await makeExam(t, { maxAttempts: 2, retakeAfterPass: true });
    await t.db.update(examsTypes).set({ creditCategory: 'professional', credits: 100 }).where(eq(examsTypes.id, fx.typeId));
    for (let i = 0; i < 2; i++) {
      const a = i === 0 ? await registerAndStart(t, me, fx) : (await api(t, 'POST', `/api/exam_registrations/${(await registrationOf(me, fx)).id}/attempts`, me)).data;
      await answerAll(me, fx, a);
      expect((await api(t, 'POST', `/api/exam_attempts/${a.id}/submit`, me)).data.passed).toBe(true);
    }
    const rows = await t.db.select().from(creditsGrants).where(eq(creditsGrants.userId, me.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ source: 'exam', category: 'professional', credits: 100 });
  });

  it('refuses to start before the exam opens and after it closes', async () => {
    const me = await createUser(t);
    const fx = await makeExam(t, { exam: [30, 90] });
    const reg = await api(t, 'POST', '/api/exam_registrations', me, { session_id: fx.sessionId });
    expect(await api(t, 'POST', `/api/exam_registrations/${reg.data.id}/attempts`, me)).toMatchObject({ code: 409, message: m.examNotStarted });
    t.clock.advance(91 * MIN);
    expect(await api(t, 'POST', `/api/exam_registrations/${reg.data.id}/attempts`, me)).toMatchObject({ code: 409, message: m.examClosed });
  });

  it('counts absences longer than the grace period as leaves and submits the paper at the configured number', async () => {
    const me = await createUser(t);
    const fx = await makeExam(t, { maxLeaves: 2 });
    const a = await registerAndStart(t, me, fx);
    const away = (ms: number) => api(t, 'POST', `/api/exam_attempts/${a.id}/leaves`, me, { away_ms: ms });
    const over = LEAVE_GRACE_SECONDS * 1000 + 1;
    expect((await away(over)).data).toMatchObject({ leave_count: 1, state: 'in_progress', counted: true });
    expect((await away(over)).data).toMatchObject({ leave_count: 2, state: 'graded', counted: true });
    const result = await api(t, 'GET', `/api/exam_attempts/${a.id}`, me);
    expect(result.data).toMatchObject({ submit_reason: 'leaves', score: 0, passed: false });
  });

  it('does not count a short interruption (a declined call, the notification shade) as a leave', async () => {
    const me = await createUser(t);
    const fx = await makeExam(t, { maxLeaves: 1 });
    const a = await registerAndStart(t, me, fx);
    const away = (ms: number) => api(t, 'POST', `/api/exam_attempts/${a.id}/leaves`, me, { away_ms: ms });
    for (const ms of [0, 4_000, LEAVE_GRACE_SECONDS * 1000])
      expect((await away(ms)).data).toMatchObject({ leave_count: 0, max_leaves: 1, state: 'in_progress', counted: false });
    expect((await api(t, 'GET', `/api/exam_attempts/${a.id}`, me)).data).toMatchObject({ state: 'in_progress', leave_count: 0 });
    // Staying in another app past the grace period is one leave, and this paper allows none.
    expect((await away(LEAVE_GRACE_SECONDS * 1000 + 1)).data).toMatchObject({ leave_count: 1, state: 'graded', counted: true });
  });

  it('refuses a leave report without a valid duration, and one for a closed paper or another learner', async () => {
    const me = await createUser(t);
    const other = await createUser(t);
    const fx = await makeExam(t, { maxLeaves: 3 });
    const a = await registerAndStart(t, me, fx);
    const path = `/api/exam_attempts/${a.id}/leaves`;
    expect(await api(t, 'POST', path, me)).toMatchObject({ code: 400 });
    expect(await api(t, 'POST', path, me, { away_ms: -1 })).toMatchObject({ code: 400, message: m.awayInvalid });
    expect(await api(t, 'POST', path, me, { away_ms: 'long' })).toMatchObject({ code: 400, message: m.awayInvalid });
    expect((await api(t, 'POST', path, other, { away_ms: 1_000 })).code).toBe(404);
    expect((await api(t, 'POST', path, other, { away_ms: 60_000 })).code).toBe(404);
    await api(t, 'POST', `/api/exam_attempts/${a.id}/submit`, me);
    expect(await api(t, 'POST', path, me, { away_ms: 1_000 })).toMatchObject({ code: 409, message: m.attemptClosed });
    expect(await api(t, 'POST', path, me, { away_ms: 60_000 })).toMatchObject({ code: 409, message: m.attemptClosed });
  });

  it('a server restart keeps every saved answer and the deadline', async () => {
    const me = await createUser(t);
    const fx = await makeExam(t);
    const a = await registerAndStart(t, me, fx);
    await answerAll(me, fx, a);
    const restarted = await buildApp({ config: t.config, db: t.db, clock: t.clock, logger: false });
    try {
      const res = await restarted.inject({ method: 'GET', url: `/api/exam_attempts/${a.id}`, headers: me.headers });
      const data = res.json().data;
      expect(data.deadline).toBe(a.deadline);
      expect(data.questions.every((q: Q) => q.answer !== null)).toBe(true);
    } finally {
      await restarted.close();
    }
  });
});

describe('grading', () => {
  async function scoreWith(scoring: 'partial' | 'all_or_nothing', pick: (right: number[]) => number[]) {
    const me = await createUser(t);
    const fx = await makeExam(t, { scoring });
    const a = await registerAndStart(t, me, fx);
    const multi = fx.questionIds[3]!; // right: [0, 1, 3], 12 points
    await api(t, 'PUT', `/api/exam_attempts/${a.id}/answers`, me, {
      answers: [{ question_id: multi, answer: pick([0, 1, 3]) }],
    });
    await api(t, 'POST', `/api/exam_attempts/${a.id}/submit`, me);
    const [row] = await t.db
      .select()
      .from(examsAnswers)
      .where(and(eq(examsAnswers.attemptId, a.id), eq(examsAnswers.questionId, multi)));
    return row!.earned;
  }

  it('gives partial credit for a multiple choice with some right options and none wrong, when the paper says so', async () => {
    expect(await scoreWith('partial', () => [0, 1])).toBe(8);
    expect(await scoreWith('partial', () => [0, 2])).toBe(0);
    expect(await scoreWith('partial', (r) => r)).toBe(12);
    expect(await scoreWith('all_or_nothing', () => [0, 1])).toBe(0);
    expect(await scoreWith('all_or_nothing', (r) => [...r].reverse())).toBe(12);
  });

  it('accepts any listed fill-in answer, ignoring spaces and full-width forms', async () => {
    const me = await createUser(t);
    const fx = await makeExam(t);
    const a = await registerAndStart(t, me, fx);
    await api(t, 'PUT', `/api/exam_attempts/${a.id}/answers`, me, {
      answers: [
        { question_id: fx.questionIds[7], answer: ' １００％ ' },
        { question_id: fx.questionIds[8], answer: '负债' },
      ],
    });
    await api(t, 'POST', `/api/exam_attempts/${a.id}/submit`, me);
    const rows = await t.db.select().from(examsAnswers).where(eq(examsAnswers.attemptId, a.id));
    expect(rows.find((r) => r.questionId === fx.questionIds[7])!.earned).toBe(10);
    expect(rows.find((r) => r.questionId === fx.questionIds[8])!.earned).toBe(0);
  });

  it('sends short answers to a blind staff queue and releases the result when all are graded', async () => {
    const me = await createUser(t, { nickname: '盲评考生' });
    const fx = await makeExam(t, { withShort: true });
    const a = await registerAndStart(t, me, fx);
    await answerAll(me, fx, a);
    const submitted = await api(t, 'POST', `/api/exam_attempts/${a.id}/submit`, me);
    expect(submitted.data).toMatchObject({ state: 'submitted', score: null, passed: null, pending_grading: 1 });

    expect((await api(t, 'GET', '/api/admin/exam_grading', me)).code).toBe(403);
    const queue = await api(t, 'GET', '/api/admin/exam_grading', staff);
    const item = queue.data.find((i: { attempt_id: number }) => i.attempt_id === a.id);
    expect(item).toMatchObject({ question_id: fx.shortId, max_score: 20 });
    const text = JSON.stringify(queue.data);
    expect(text).not.toContain(me.phone);
    expect(text).not.toContain('盲评考生');
    expect(Object.keys(item)).not.toContain('user_id');

    const over = await api(t, 'POST', '/api/admin/exam_grading', staff, { attempt_id: a.id, question_id: fx.shortId, score: 21 });
    expect(over.code).toBe(400);
    const graded = await api(t, 'POST', '/api/admin/exam_grading', staff, {
      attempt_id: a.id,
      question_id: fx.shortId,
      score: 15,
      comment: '要点基本完整',
    });
    expect(graded.data.remaining).toBe(0);
    const again = await api(t, 'POST', '/api/admin/exam_grading', staff, { attempt_id: a.id, question_id: fx.shortId, score: 15 });
    expect(again).toMatchObject({ code: 409, message: m.gradedAlready });
    const result = await api(t, 'GET', `/api/exam_attempts/${a.id}`, me);
    expect(result.data).toMatchObject({ state: 'graded', score: 115, passed: true });
  });

  it('shows the review with correct answers only after the session has closed', async () => {
    const me = await createUser(t);
    const fx = await makeExam(t, { exam: [-10, 120] });
    const a = await registerAndStart(t, me, fx);
    await api(t, 'POST', `/api/exam_attempts/${a.id}/submit`, me);
    expect((await api(t, 'GET', `/api/exam_attempts/${a.id}`, me)).data.review).toBeNull();
    t.clock.advance(121 * MIN);
    const review = (await api(t, 'GET', `/api/exam_attempts/${a.id}`, me)).data.review;
    expect(review).toHaveLength(9);
    expect(review.find((r: { question_id: number }) => r.question_id === fx.questionIds[0]).correct).toEqual([0]);
  });
});

describe('certificates', () => {
  async function certified(): Promise<{ me: TestUser; number: string }> {
    const me = await createUser(t, { nickname: '王小明' });
    const fx = await makeExam(t);
    const a = await registerAndStart(t, me, fx);
    await answerAll(me, fx, a);
    const result = await api(t, 'POST', `/api/exam_attempts/${a.id}/submit`, me);
    expect(result.data.certificate_number).toMatch(/^ZC\d{12}$/);
    return { me, number: result.data.certificate_number };
  }

  it('passing issues a certificate with a public check page that masks the holder', async () => {
    const { me, number } = await certified();
    const mine = await api(t, 'GET', '/api/my_certificates', me);
    expect(mine.data[0]).toMatchObject({ number, holder_name: '王小明', state: 'valid' });
    const check = await api(t, 'GET', `/api/certificates/${number}`);
    expect(check.data).toMatchObject({ number, holder_name: '王*明', state: 'valid' });
    expect((await api(t, 'GET', '/api/certificates/ZC000000000000')).code).toBe(404);
  });

  it('the credit archive lists the certificate in its year', async () => {
    const { me, number } = await certified();
    const archive = await api(t, 'GET', '/api/credit_archive', me);
    const all = archive.data.years.flatMap((y: { certificates: { number: string }[] }) => y.certificates);
    expect(all).toEqual([expect.objectContaining({ number, state: 'valid' })]);
  });

  it('the PDF is the owner’s only and is a PDF', async () => {
    const { me, number } = await certified();
    const pdf = await t.app.inject({ method: 'GET', url: `/api/my_certificates/${number}/pdf`, headers: me.headers });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const other = await createUser(t);
    const refused = await t.app.inject({ method: 'GET', url: `/api/my_certificates/${number}/pdf`, headers: other.headers });
    expect(refused.statusCode).toBe(404);
  }, 30_000);

  it('the Open Badges credential verifies with the published key and fails after one byte is changed', async () => {
    const { me, number } = await certified();
    const res = await t.app.inject({ method: 'GET', url: `/api/my_certificates/${number}/badge`, headers: me.headers });
    expect(res.statusCode).toBe(200);
    const credential = res.json();
    expect(credential.type).toEqual(['VerifiableCredential', 'OpenBadgeCredential']);
    expect(credential.proof).toMatchObject({ type: 'DataIntegrityProof', cryptosuite: 'eddsa-jcs-2022' });
    const published = (await t.app.inject({ method: 'GET', url: '/.well-known/exams-issuer-key.json' })).json();
    expect(credential.proof.verificationMethod).toBe(published.id);
    const key = createPublicKey({ key: published.publicKeyJwk, format: 'jwk' });
    expect(verifyCredential(credential, key)).toBe(true);

    const text = res.body;
    const at = text.indexOf(number) + 2;
    const tampered = text.slice(0, at) + (text[at] === '1' ? '2' : '1') + text.slice(at + 1);
    expect(verifyCredential(JSON.parse(tampered), key)).toBe(false);
    const badProof = structuredClone(credential);
    const pv: string = badProof.proof.proofValue;
    badProof.proof.proofValue = pv.slice(0, 10) + (pv[10] === 'A' ? 'B' : 'A') + pv.slice(11);
    expect(verifyCredential(badProof, key)).toBe(false);
  });

  it('staff revoke with a reason; the check page then says revoked', async () => {
    const { me, number } = await certified();
    const list = await api(t, 'GET', `/api/admin/certificates?keyword=${number}`, staff);
    const id = list.data[0].id;
    expect((await api(t, 'POST', `/api/admin/certificates/${id}/revoke`, me, { reason: 'x' })).code).toBe(403);
    expect(await api(t, 'POST', `/api/admin/certificates/${id}/revoke`, staff, { reason: ' ' })).toMatchObject({
      code: 400,
    });
    const revoked = await api(t, 'POST', `/api/admin/certificates/${id}/revoke`, staff, { reason: '考试违纪，经核实取消成绩' });
    expect(revoked.data).toMatchObject({ state: 'revoked', revoke_reason: '考试违纪，经核实取消成绩' });
    expect((await api(t, 'GET', `/api/certificates/${number}`)).data.state).toBe('revoked');
    expect((await api(t, 'POST', `/api/admin/certificates/${id}/revoke`, staff, { reason: '重复' })).code).toBe(409);
  });

  type BadgeCredential = Record<string, unknown> & {
    credentialStatus: { type: string; statusPurpose: string; statusListIndex: string; statusListCredential: string };
  };
  type StatusListCredential = Record<string, unknown> & {
    id: string;
    type: string[];
    credentialSubject: { statusPurpose: string; encodedList: string };
  };

  /**
   * What a verifier holding only the credential does: checks its proof with the published key, fetches the status list
   * it names, checks that list's proof and statusPurpose, and reads the bit (bit 0 = the first byte's highest bit).
   */
  async function verifierAccepts(credential: BadgeCredential, key: KeyObject): Promise<boolean> {
    if (!verifyCredential(credential, key)) return false;
    const entry = credential.credentialStatus;
    expect(entry).toMatchObject({ type: 'BitstringStatusListEntry', statusPurpose: 'revocation' });
    const res = await t.app.inject({ method: 'GET', url: new URL(entry.statusListCredential).pathname });
    expect(res.statusCode).toBe(200);
    const list = res.json() as StatusListCredential;
    expect(list.id).toBe(entry.statusListCredential);
    expect(list.type).toContain('BitstringStatusListCredential');
    expect(list.credentialSubject.statusPurpose).toBe('revocation');
    if (!verifyCredential(list, key)) return false;
    const bits = gunzipSync(Buffer.from(String(list.credentialSubject.encodedList).slice(1), 'base64url'));
    expect(bits.length * 8).toBeGreaterThanOrEqual(131_072);
    const index = Number(entry.statusListIndex);
    return (bits[index >> 3]! & (0x80 >> (index & 7))) === 0;
  }

  it('a revoked certificate sets its bit in the published status list, and a verifier then rejects its credential', async () => {
    const { me, number } = await certified();
    const other = await certified();
    const published = (await t.app.inject({ method: 'GET', url: '/.well-known/exams-issuer-key.json' })).json();
    const key = createPublicKey({ key: published.publicKeyJwk, format: 'jwk' });
    const badge = async (who: TestUser, n: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/my_certificates/${n}/badge`, headers: who.headers })).json() as BadgeCredential;
    const credential = await badge(me, number);
    const untouched = await badge(other.me, other.number);
    expect(await verifierAccepts(credential, key)).toBe(true);

    const id = (await api(t, 'GET', `/api/admin/certificates?keyword=${number}`, staff)).data[0].id;
    expect((await api(t, 'POST', `/api/admin/certificates/${id}/revoke`, staff, { reason: '证书信息有误，予以撤销' })).code).toBe(200);
    // The credential the holder downloaded before is unchanged, yet it no longer passes; the other one still does.
    expect(await verifierAccepts(credential, key)).toBe(false);
    expect(await verifierAccepts(untouched, key)).toBe(true);

    // A forged list (a bit cleared, the signature kept) fails its proof.
    const listUrl = new URL(credential.credentialStatus.statusListCredential).pathname;
    const forged = (await t.app.inject({ method: 'GET', url: listUrl })).json() as StatusListCredential;
    expect(verifyCredential(forged, key)).toBe(true);
    const encoded = forged.credentialSubject.encodedList;
    forged.credentialSubject.encodedList = encoded.slice(0, 20) + (encoded[20] === 'A' ? 'B' : 'A') + encoded.slice(21);
    expect(verifyCredential(forged, key)).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: '/api/credential_status/16000' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/credential_status/99999' })).statusCode).toBe(400);
  });

  it('a certificate past its validity reads as expired', async () => {
    const { number } = await certified();
    t.clock.advance(25 * 31 * 86_400_000);
    expect((await api(t, 'GET', `/api/certificates/${number}`)).data.state).toBe('expired');
  });
});

describe('public pages', () => {
  it('gives notice metadata and sitemap entries, and null for an unknown type', async () => {
    const { examsPublicPages } = await import('./index');
    const pages = examsPublicPages(t.db);
    const none = new URLSearchParams();
    expect(await pages.meta({ typeName: 'management-accountant-junior' }, none)).toMatchObject({ title: '管理会计师（初级）考试公告' });
    expect(await pages.meta({ typeName: 'no-such-exam' }, none)).toBeNull();
    const paths = (await pages.sitemap()).map((e) => e.path);
    expect(paths).toEqual(expect.arrayContaining(['/examNotice/management-accountant-junior', '/examNotice/intelligent-finance']));
  });

  it('a notice page carries the exam in its HTML title; an unknown type answers 404', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/examNotice/management-accountant-junior' });
    expect(page.statusCode).toBe(200);
    expect(page.payload).toContain('<title>财务管理协会人才培训平台 - 管理会计师（初级）考试公告</title>');
    expect((await t.app.inject({ method: 'GET', url: '/examNotice/no-such-exam' })).statusCode).toBe(404);
  });
});

describe('demo data', () => {
  it('the member demo account holds a valid certificate, and a demo learner’s short answers wait for grading', async () => {
    const { sessionFor } = await import('../../testing/test-users');
    const member = await sessionFor(t, '13800138001');
    const certs = await api(t, 'GET', '/api/my_certificates', member);
    expect(certs.data[0]).toMatchObject({ exam_name: '管理会计师（初级）', holder_name: '刘会员', state: 'valid' });
    const mine = await api(t, 'GET', '/api/exams', member);
    expect(mine.data.registrations.find((r: { certificate_number: string | null }) => r.certificate_number)).toBeTruthy();
    // Earlier tests moved the clock past the first staff session.
    const grader = await createUser(t, { staff: true });
    const queue = await api(t, 'GET', '/api/admin/exam_grading', grader);
    expect(queue.code, queue.message).toBe(200);
    expect(queue.data.filter((i: { exam_name: string }) => i.exam_name === '管理会计师（中级）')).toHaveLength(2);
  });
});
