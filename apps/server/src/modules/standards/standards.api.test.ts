import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { standardChangeTitle, standardsMessages as m } from '@app/contracts';
import { ManualClock } from '../../lib/clock';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createUser, type TestUser } from '../../testing/test-users';
import { auditLog } from '../audit/audit.table';
import { courseBySlug } from '../courses/course-test-helpers';
import { examsCertificates, examsTypes } from '../exams/exams.table';
import { learningCourseProgress } from '../learning/learning.table';
import { createMessagesService } from '../messages';
import { messages } from '../messages/messages.table';
import { api } from '../talent/talent.test-support';
import { users } from '../users/users.table';
import { DELIVERY_BATCH, createStandardsDelivery } from './standards-delivery';

const TITLE = standardChangeTitle('standard');
const DAY_MS = 86_400_000;

let t: TestApp;
let staff: TestUser;
beforeAll(async () => {
  t = await createTestApp({ clock: new ManualClock('2026-11-28T10:00:00+08:00') });
  staff = await createUser(t, { staff: true });
});
afterAll(() => t.close());

/** A delivery job as one server process runs it. */
const processJob = () => createStandardsDelivery({ db: t.db, clock: t.clock, messages: createMessagesService({ db: t.db, clock: t.clock }) });

const noticesOf = (u: TestUser) =>
  t.db.select().from(messages).where(and(eq(messages.userId, u.id), eq(messages.title, TITLE)));

async function finished(u: TestUser, courseId: number, done = true) {
  const at = new Date(t.clock.now().getTime() - 30 * DAY_MS);
  await t.db.insert(learningCourseProgress).values({
    userId: u.id,
    courseId,
    startedAt: at,
    lastLearnedAt: at,
    finishedLessons: done ? 3 : 1,
    finishedAt: done ? at : null,
  });
}

let certSeq = 0;
async function certificate(u: TestUser, typeId: number, state: 'valid' | 'revoked' | 'expired') {
  const now = t.clock.now().getTime();
  await t.db.insert(examsCertificates).values({
    number: `STD${process.pid}${String(++certSeq).padStart(5, '0')}`,
    userId: u.id,
    typeId,
    holderName: '测试持证人',
    examName: '财务共享服务',
    level: '专项',
    score: 82,
    issuedAt: new Date(now - 400 * DAY_MS),
    validUntil: new Date(now + (state === 'expired' ? -DAY_MS : 300 * DAY_MS)),
    revokedAt: state === 'revoked' ? new Date(now - DAY_MS) : null,
  });
}

async function newStandard(name: string) {
  const res = await api(t, 'POST', '/api/admin/standards', staff, { kind: 'standard', name, issuer: '财政部', doc_number: '' });
  expect(res.code, res.message).toBe(200);
  return res.data as { id: number; doc_number: string | null };
}

describe('standards: staff screen', () => {
  it('refuses accounts without the 准则与政策 permission, and lets 课程管理 in', async () => {
    const learner = await createUser(t);
    expect((await api(t, 'GET', '/api/admin/standards', learner)).code).toBe(403);
    const res = await api(t, 'POST', '/api/admin/standards', learner, { kind: 'standard', name: '某准则', issuer: '财政部' });
    expect(res.code).toBe(403);
    expect(res.message).toContain('准则与政策');
    const grader = await createUser(t, { staff: ['grader'] });
    expect((await api(t, 'GET', '/api/admin/standards', grader)).code).toBe(403);
    const manager = await createUser(t, { staff: ['course_manager'] });
    expect((await api(t, 'GET', '/api/admin/standards', manager)).code).toBe(200);
  });

  it('answers bad input in Chinese, naming the field', async () => {
    const empty = await api(t, 'POST', '/api/admin/standards', staff, { kind: 'standard', name: ' ', issuer: '' });
    expect(empty.code).toBe(400);
    expect(empty.data).toMatchObject({ fieldErrors: { name: m.nameRequired, issuer: m.issuerRequired } });
    const kind = await api(t, 'POST', '/api/admin/standards', staff, { kind: 'rule', name: '某准则', issuer: '财政部' });
    expect(kind.data).toMatchObject({ fieldErrors: { kind: m.kindRequired } });

    const s = await newStandard('企业会计准则第21号——租赁（校验）');
    expect(s.doc_number).toBeNull();
    const twin = await api(t, 'POST', '/api/admin/standards', staff, { kind: 'standard', name: '企业会计准则第21号——租赁（校验）', issuer: '财政部' });
    expect([twin.code, twin.message]).toEqual([409, m.nameTaken]);

    const both = await api(t, 'POST', `/api/admin/standards/${s.id}/links`, staff, { course_id: 1, exam_type_id: 1 });
    expect(both.data).toMatchObject({ fieldErrors: { course_id: m.targetRequired } });
    const missing = await api(t, 'POST', `/api/admin/standards/${s.id}/links`, staff, { course_id: 2_000_000 });
    expect([missing.code, missing.message]).toEqual([404, m.courseNotFound]);

    const badDate = await api(t, 'POST', `/api/admin/standards/${s.id}/changes`, staff, { changed_on: '2026-13-01', note: '调整' });
    expect(badDate.data).toMatchObject({ fieldErrors: { changed_on: m.changedOnInvalid } });
    const noNote = await api(t, 'POST', `/api/admin/standards/${s.id}/changes`, staff, { changed_on: '2026-11-20', note: '' });
    expect(noNote.data).toMatchObject({ fieldErrors: { note: m.noteRequired } });
    const future = await api(t, 'POST', `/api/admin/standards/${s.id}/changes`, staff, { changed_on: '2026-11-29', note: '调整' });
    expect([future.code, future.message]).toEqual([400, m.changedOnFuture]);

    const notices = await api(t, 'GET', '/api/standards/notices', null);
    expect([notices.code, notices.message]).toEqual([400, m.noticeQueryRequired]);
  });
});

describe('a recorded change', () => {
  it('tells each finisher and valid-certificate holder once, even with two processes, and puts up the notices until updated', async () => {
    const course = await courseBySlug(t.db, 'comprehensive-budgeting');
    const [type] = await t.db.select().from(examsTypes).where(eq(examsTypes.typeName, 'shared-services'));
    const s = await newStandard('企业会计准则第14号——收入（测试）');
    for (const body of [{ course_id: course.id }, { exam_type_id: type!.id }]) {
      const linked = await api(t, 'POST', `/api/admin/standards/${s.id}/links`, staff, body);
      expect(linked.code, linked.message).toBe(200);
    }
    const again = await api(t, 'POST', `/api/admin/standards/${s.id}/links`, staff, { course_id: course.id });
    expect([again.code, again.message]).toEqual([409, m.alreadyLinked]);
    const before = (await api(t, 'GET', `/api/admin/standards/${s.id}/audience`, staff)).data;

    const [finisher, both, holder, starter, revoked, expired] = await Promise.all(Array.from({ length: 6 }, () => createUser(t)));
    await finished(finisher!, course.id);
    await finished(both!, course.id);
    await certificate(both!, type!.id, 'valid');
    await certificate(holder!, type!.id, 'valid');
    await finished(starter!, course.id, false);
    await certificate(revoked!, type!.id, 'revoked');
    await certificate(expired!, type!.id, 'expired');

    const audience = (await api(t, 'GET', `/api/admin/standards/${s.id}/audience`, staff)).data;
    expect(audience).toEqual({ finishers: before.finishers + 2, holders: before.holders + 2, total: before.total + 3 });

    // No notice before a change.
    expect((await api(t, 'GET', `/api/standards/notices?course_id=${course.id}`, null)).data).toEqual({ items: [] });

    const note = '财政部发布准则实施问答，明确保证类质量保证费用计入营业成本。';
    const recorded = await api(t, 'POST', `/api/admin/standards/${s.id}/changes`, staff, { changed_on: '2026-11-20', note });
    expect(recorded.code, recorded.message).toBe(200);
    expect(recorded.data.audience).toEqual(audience);
    expect(recorded.message).toBe(m.changeRecorded(audience.total));
    expect(recorded.data.standard.changes[0]).toMatchObject({ changed_on: '2026-11-20', audience: audience.total, sent: 0, delivered: false });
    expect(recorded.data.standard.links.every((l: { outdated: boolean }) => l.outdated)).toBe(true);
    const twice = await api(t, 'POST', `/api/admin/standards/${s.id}/changes`, staff, { changed_on: '2026-11-20', note });
    expect([twice.code, twice.message]).toEqual([409, m.changeTaken]);

    // Two processes at once, then a rerun: one message each.
    await Promise.all([processJob().run(), processJob().run()]);
    expect((await processJob().run()).sent).toBe(0);
    for (const u of [finisher, both, holder]) expect(await noticesOf(u!)).toHaveLength(1);
    for (const u of [starter, revoked, expired]) expect(await noticesOf(u!)).toHaveLength(0);
    const [mine] = await noticesOf(finisher!);
    expect(mine!.content).toBe(
      `您学习的课程《${course.title}》所依据的《企业会计准则第14号——收入（测试）》已于2026-11-20修订：财政部发布准则实施问答，明确保证类质量保证费用计入营业成本。课程更新前请以最新准则为准。`,
    );
    // Finished the course and holds the certificate: told once, about the course.
    expect((await noticesOf(both!))[0]!.content).toContain(`您学习的课程《${course.title}》`);
    expect((await noticesOf(holder!))[0]!.content).toContain('您持有的《财务共享服务》证书');
    const list = (await api(t, 'GET', '/api/admin/standards', staff)).data as { id: number; changes: { sent: number; delivered: boolean }[] }[];
    expect(list.find((x) => x.id === s.id)!.changes[0]).toMatchObject({ sent: audience.total, delivered: true });

    // The public notices until the content is updated.
    const courseNotice = (await api(t, 'GET', `/api/standards/notices?course_id=${course.id}`, null)).data;
    expect(courseNotice.items).toEqual([expect.objectContaining({ kind: 'standard', name: '企业会计准则第14号——收入（测试）', changed_on: '2026-11-20', note })]);
    expect((await api(t, 'GET', '/api/standards/notices?exam_type=shared-services', null)).data.items).toHaveLength(1);

    const courseLink = recorded.data.standard.links.find((l: { target: string }) => l.target === 'course');
    const updated = await api(t, 'POST', `/api/admin/standards/${s.id}/links/${courseLink.id}/updated`, staff);
    expect([updated.code, updated.message]).toEqual([200, m.markedUpdated]);
    expect(updated.data.links.find((l: { id: number }) => l.id === courseLink.id)).toMatchObject({ outdated: false });
    expect((await api(t, 'GET', `/api/standards/notices?course_id=${course.id}`, null)).data).toEqual({ items: [] });
    // The exam type is not updated yet.
    expect((await api(t, 'GET', '/api/standards/notices?exam_type=shared-services', null)).data.items).toHaveLength(1);
    const noop = await api(t, 'POST', `/api/admin/standards/${s.id}/links/${courseLink.id}/updated`, staff);
    expect([noop.code, noop.message]).toEqual([409, m.nothingToUpdate]);

    const actions = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'standard'), eq(auditLog.entityId, String(s.id))));
    expect(actions.map((a) => a.action).sort()).toEqual(['standard.change', 'standard.create', 'standard.link', 'standard.link', 'standard.mark_updated']);
  });

  it('sends in batches, moving on from where the last batch stopped', async () => {
    const course = await courseBySlug(t.db, 'accounting-basics');
    const s = await newStandard('小企业会计准则（分批）');
    await api(t, 'POST', `/api/admin/standards/${s.id}/links`, staff, { course_id: course.id });
    const now = t.clock.now();
    const count = DELIVERY_BATCH + 30;
    const ids = (
      await t.db
        .insert(users)
        .values(Array.from({ length: count }, (_, i) => ({ phone: `1371${String(process.pid % 1000).padStart(3, '0')}${String(i).padStart(4, '0')}`, createdAt: now, updatedAt: now })))
        .returning({ id: users.id })
    ).map((u) => u.id);
    await t.db.insert(learningCourseProgress).values(ids.map((userId) => ({ userId, courseId: course.id, startedAt: now, lastLearnedAt: now, finishedAt: now })));

    const recorded = await api(t, 'POST', `/api/admin/standards/${s.id}/changes`, staff, { changed_on: '2026-11-27', note: '修订小企业收入确认口径' });
    expect(recorded.data.audience.total).toBeGreaterThanOrEqual(count);
    await processJob().run();
    const [row] = await t.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM messages WHERE title = ${TITLE} AND user_id = ANY(${`{${ids.join(',')}}`}::int[])`,
    ).then((r) => (r as unknown as { rows: { n: number }[] }).rows);
    expect(row!.n).toBe(count);
    const list = (await api(t, 'GET', '/api/admin/standards', staff)).data as { id: number; changes: { sent: number; audience: number; delivered: boolean }[] }[];
    const change = list.find((x) => x.id === s.id)!.changes[0]!;
    expect(change).toMatchObject({ sent: change.audience, delivered: true });
  });
});

describe('the demo data', () => {
  it('has the revenue standard linked to its course with a change the course page shows', async () => {
    const course = await courseBySlug(t.db, 'cas-14-revenue');
    const notices = (await api(t, 'GET', `/api/standards/notices?course_id=${course.id}`, null)).data.items;
    expect(notices).toEqual([expect.objectContaining({ name: '企业会计准则第14号——收入', changed_on: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) })]);
    const iit = await courseBySlug(t.db, 'iit-annual-reconciliation');
    expect((await api(t, 'GET', `/api/standards/notices?course_id=${iit.id}`, null)).data.items).toEqual([]);
  });
});
