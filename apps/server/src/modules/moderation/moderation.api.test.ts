import { and, count, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moderationMessages as m, type ModerationItem, type ModerationPage } from '@app/contracts';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createUser, type TestUser } from '../../testing/test-users';
import { auditLog } from '../audit/audit.table';
import { courseBySlug } from '../courses/course-test-helpers';
import { makeClass } from '../live/live.test-support';
import { liveChatMessages } from '../live/live.table';
import { messages } from '../messages/messages.table';
import { qaQuestions } from '../qa/qa.table';
import { createExpert, question } from '../qa/qa.test-support';
import { moderationItems, moderationReports } from './moderation.table';

let t: TestApp;
let reviewer: TestUser;
let editor: TestUser;
let courseId: number;

beforeAll(async () => {
  t = await createTestApp();
  reviewer = await createUser(t, { staff: ['reviewer'], nickname: '审核员小周' });
  editor = await createUser(t, { staff: ['editor'] });
  courseId = (await courseBySlug(t.db, 'internal-control-basics')).id;
  // The library's list alone, whatever the demo data set.
  const reset = await call('PUT', '/api/admin/moderation/words', reviewer, { blocked: [], allowed: [] });
  expect(reset.statusCode, reset.body).toBe(200);
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, who: TestUser | null, payload?: object) =>
  t.app.inject({ method, url, headers: who?.headers ?? {}, ...(payload ? { payload } : {}) });

async function comment(who: TestUser, content: string): Promise<number> {
  const res = await call('POST', '/api/comments', who, { course_id: courseId, content });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id;
}

async function queue(state = 'pending', kind?: string): Promise<ModerationPage> {
  const res = await call('GET', `/api/admin/moderation/items?state=${state}&per=50${kind ? `&kind=${kind}` : ''}`, reviewer);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

const itemOf = async (kind: string, sourceId: number, state = 'pending'): Promise<ModerationItem | undefined> =>
  (await queue(state, kind)).list.find((i) => i.source_id === sourceId);

const publicComments = async () =>
  ((await call('GET', `/api/comments?course_id=${courseId}&per=50`, null)).json().data.list as { id: number }[]).map(
    (c) => c.id,
  );

const inbox = async (userId: number) =>
  t.db.select().from(messages).where(eq(messages.userId, userId)).orderBy(desc(messages.id));

const auditRows = (action: string) => t.db.select().from(auditLog).where(eq(auditLog.action, action));

describe('auto-flagging on create', () => {
  it("queues a comment containing a word of the library's list, flagged with the matched words; clean text is not queued", async () => {
    const learner = await createUser(t);
    const spam = await comment(learner, '课程不错。另：加微信可代开发票，价格优惠');
    const clean = await comment(learner, '老师把内部控制五要素讲得很透彻，受益匪浅');
    const item = await itemOf('comment', spam);
    expect(item).toMatchObject({
      kind: 'comment',
      state: 'pending',
      flagged_words: ['代开发票'],
      report_count: 0,
      author: { id: learner.id },
      link: `/train/detail/${courseId}`,
    });
    expect(item!.context).toMatch(/^课程《.+》$/);
    expect(await itemOf('comment', clean)).toBeUndefined();
    // Flagged, not hidden: the comment stays public until staff decide.
    expect(await publicComments()).toContain(spam);
  });

  it('queues a flagged question and a flagged live-chat message', async () => {
    const asker = await createUser(t, { memberDays: 30 });
    const asked = await call('POST', '/api/quiz/questions', asker, question({ body: '有没有代开发票的渠道？急用，价格好说' }));
    expect(asked.statusCode, asked.body).toBe(200);
    expect((await itemOf('question', asked.json().data.id))?.flagged_words).toEqual(['代开发票']);

    const admin = await createUser(t, { staff: true });
    const c = await makeClass(t, admin, { inMinutes: 1 });
    const viewer = await createUser(t, { memberDays: 300 });
    expect((await call('POST', `/api/live/${c.id}/booking`, viewer)).statusCode).toBe(200);
    t.clock.advance(2 * 60_000);
    const sent = await call('POST', `/api/live/${c.id}/chat`, viewer, { body: '需要代开发票的私聊我' });
    expect(sent.statusCode, sent.body).toBe(200);
    const item = await itemOf('chat', sent.json().data.id);
    expect(item).toMatchObject({ flagged_words: ['代开发票'], link: null });
    expect(item!.context).toBe(`直播《${c.title}》`);
  });

  it('queues a flagged follow-up as its question, with the follow-up text', async () => {
    const asker = await createUser(t, { memberDays: 30 });
    const expert = await createExpert(t, await createUser(t, { staff: true }));
    const q = (await call('POST', '/api/quiz/questions', asker, question())).json().data;
    expect((await call('POST', `/api/quiz/expert/questions/${q.id}/claim`, expert)).statusCode).toBe(200);
    const answer = await call('POST', `/api/quiz/expert/questions/${q.id}/answer`, expert, {
      html: '<p>可以选择单独计税，该政策已延续至2027年底。</p>',
      references: [],
      tags: ['年终奖'],
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(await itemOf('question', q.id)).toBeUndefined();
    const fu = await call('POST', `/api/quiz/mine/${q.id}/follow_ups`, asker, { content: '谢谢老师，另外谁能代开发票？' });
    expect(fu.statusCode, fu.body).toBe(200);
    const item = await itemOf('question', q.id);
    expect(item?.flagged_words).toEqual(['代开发票']);
    expect(item?.text).toContain('追问：谢谢老师，另外谁能代开发票？');
  });
});

describe('reporting', () => {
  it('lets a logged-in user report a comment once, with a reason from the fixed list', async () => {
    const author = await createUser(t);
    const reporter = await createUser(t);
    const id = await comment(author, '这种水平也配讲课？');
    const report = (who: TestUser | null, body: object) => call('POST', '/api/moderation/reports', who, body);

    expect((await report(null, { kind: 'comment', id, reason: '辱骂攻击' })).statusCode).toBe(406);
    const badReason = await report(reporter, { kind: 'comment', id, reason: '看着不顺眼' });
    expect(badReason.statusCode).toBe(400);
    expect(badReason.json().message).toBe(m.reasonInvalid);
    const own = await report(author, { kind: 'comment', id, reason: '辱骂攻击' });
    expect(own.statusCode).toBe(400);
    expect(own.json().message).toBe(m.ownContent);
    expect(await itemOf('comment', id)).toBeUndefined();

    const first = await report(reporter, { kind: 'comment', id, reason: '辱骂攻击', note: '人身攻击讲师' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().message).toBe(m.reported);
    const again = await report(reporter, { kind: 'comment', id, reason: '其他' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(m.reportedAlready);
    expect(await itemOf('comment', id)).toMatchObject({
      flagged_words: [],
      report_count: 1,
      reports: [{ reason: '辱骂攻击', count: 1 }],
      text: '这种水平也配讲课？',
    });
    const stored = await t.db.select({ n: count() }).from(moderationReports).innerJoin(moderationItems, eq(moderationItems.id, moderationReports.itemId)).where(and(eq(moderationItems.kind, 'comment'), eq(moderationItems.sourceId, id)));
    expect(stored[0]!.n).toBe(1);

    const unknown = await report(reporter, { kind: 'comment', id: 2_000_000, reason: '其他' });
    expect(unknown.statusCode).toBe(404);
  });

  it('reports a question and a chat message', async () => {
    const asker = await createUser(t, { memberDays: 30 });
    const reporter = await createUser(t, { memberDays: 300 });
    const q = (await call('POST', '/api/quiz/questions', asker, question({ title: '专业做账报税，联系13912345678' }))).json().data;
    expect((await call('POST', '/api/moderation/reports', reporter, { kind: 'question', id: q.id, reason: '广告营销' })).statusCode).toBe(200);
    expect((await itemOf('question', q.id))?.reports).toEqual([{ reason: '广告营销', count: 1 }]);

    const admin = await createUser(t, { staff: true });
    const c = await makeClass(t, admin, { inMinutes: 1 });
    const viewer = await createUser(t, { memberDays: 300 });
    await call('POST', `/api/live/${c.id}/booking`, viewer);
    t.clock.advance(2 * 60_000);
    const msg = (await call('POST', `/api/live/${c.id}/chat`, viewer, { body: '主播讲的都是错的，别听' })).json().data;
    expect((await call('POST', '/api/moderation/reports', reporter, { kind: 'chat', id: msg.id, reason: '虚假或误导信息' })).statusCode).toBe(200);
    expect((await itemOf('chat', msg.id))?.report_count).toBe(1);
  });
});

describe('hiding and restoring', () => {
  it('hides a comment with a reason: gone from the public list, the author gets a message, an audit row is written; restore brings it back', async () => {
    const author = await createUser(t);
    const id = await comment(author, '加微信领取内部资料，代开发票');
    const item = (await itemOf('comment', id))!;

    const noReason = await call('POST', `/api/admin/moderation/items/${item.id}/hide`, reviewer, { reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toBe(m.hideReasonRequired);
    expect(await publicComments()).toContain(id);

    const hidden = await call('POST', `/api/admin/moderation/items/${item.id}/hide`, reviewer, { reason: '发布广告信息' });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(await publicComments()).not.toContain(id);
    expect(await itemOf('comment', id, 'hidden')).toMatchObject({ hide_reason: '发布广告信息', handled_by: '审核员小周' });
    expect(await itemOf('comment', id, 'pending')).toBeUndefined();
    const [notice] = await inbox(author.id);
    expect(notice).toMatchObject({ title: m.hiddenMessage.title });
    expect(notice!.content).toContain('原因：发布广告信息');
    expect(notice!.content).toContain('加微信领取内部资料');
    const audits = (await auditRows('moderation.hide')).filter((r) => r.entityId === String(id));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actorId: reviewer.id, entity: 'moderation_comment', after: { state: 'hidden', hide_reason: '发布广告信息' } });
    expect((await call('POST', `/api/admin/moderation/items/${item.id}/hide`, reviewer, { reason: '重复' })).statusCode).toBe(409);

    const restored = await call('POST', `/api/admin/moderation/items/${item.id}/restore`, reviewer);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(await publicComments()).toContain(id);
    expect((await itemOf('comment', id, 'restored'))?.hide_reason).toBeNull();
    expect((await inbox(author.id))[0]!.title).toBe(m.restoredMessage.title);
    expect((await auditRows('moderation.restore')).filter((r) => r.entityId === String(id))).toHaveLength(1);
  });

  it('hides a question through the Q&A hiding and a chat message through the room removal', async () => {
    const asker = await createUser(t, { memberDays: 30 });
    const q = (await call('POST', '/api/quiz/questions', asker, question({ body: '代开发票多少钱一张？' }))).json().data;
    const qItem = (await itemOf('question', q.id))!;
    expect((await call('POST', `/api/admin/moderation/items/${qItem.id}/hide`, reviewer, { reason: '违法违规内容' })).statusCode).toBe(200);
    const hiddenFlag = async () => (await t.db.select({ h: qaQuestions.hidden }).from(qaQuestions).where(eq(qaQuestions.id, q.id)))[0]!.h;
    expect(await hiddenFlag()).toBe(true);
    expect((await inbox(asker.id))[0]!.content).toContain('违法违规内容');
    expect((await call('POST', `/api/admin/moderation/items/${qItem.id}/restore`, reviewer)).statusCode).toBe(200);
    expect(await hiddenFlag()).toBe(false);

    const admin = await createUser(t, { staff: true });
    const c = await makeClass(t, admin, { inMinutes: 1 });
    const viewer = await createUser(t, { memberDays: 300 });
    await call('POST', `/api/live/${c.id}/booking`, viewer);
    t.clock.advance(2 * 60_000);
    const msg = (await call('POST', `/api/live/${c.id}/chat`, viewer, { body: '代开发票找我' })).json().data;
    const history = async () =>
      ((await call('GET', `/api/live/${c.id}/chat`, viewer)).json().data.items as { id: number }[]).map((x) => x.id);
    expect(await history()).toContain(msg.id);
    const cItem = (await itemOf('chat', msg.id))!;
    expect((await call('POST', `/api/admin/moderation/items/${cItem.id}/hide`, reviewer, { reason: '直播间发广告' })).statusCode).toBe(200);
    expect(await history()).not.toContain(msg.id);
    const [row] = await t.db.select().from(liveChatMessages).where(eq(liveChatMessages.id, msg.id));
    expect(row!.removedAt).not.toBeNull();
  });

  it('keeps a pending item that needs no action: it moves to restored and the text stays public', async () => {
    const author = await createUser(t);
    const id = await comment(author, '请问课程里的招聘案例在哪一讲？');
    const item = await itemOf('comment', id);
    // 招聘 is in the library's advertising list; staff decide it is fine here.
    expect(item?.flagged_words).toEqual(['招聘']);
    expect((await call('POST', `/api/admin/moderation/items/${item!.id}/restore`, reviewer)).statusCode).toBe(200);
    expect(await publicComments()).toContain(id);
    expect(await itemOf('comment', id, 'restored')).toBeDefined();
    expect((await auditRows('moderation.keep')).filter((r) => r.entityId === String(id))).toHaveLength(1);
    expect(await inbox(author.id)).toHaveLength(0);
  });
});

describe('permission', () => {
  it('answers 403 to staff without the moderation permission and to learners, and writes nothing', async () => {
    const author = await createUser(t);
    const id = await comment(author, '代开发票，量大从优');
    const item = (await itemOf('comment', id))!;
    const learner = await createUser(t);
    for (const who of [editor, learner]) {
      expect((await call('GET', '/api/admin/moderation/items', who)).statusCode).toBe(403);
      expect((await call('POST', `/api/admin/moderation/items/${item.id}/hide`, who, { reason: '广告' })).statusCode).toBe(403);
      expect((await call('POST', `/api/admin/moderation/items/${item.id}/restore`, who)).statusCode).toBe(403);
      expect((await call('GET', '/api/admin/moderation/words', who)).statusCode).toBe(403);
      expect((await call('PUT', '/api/admin/moderation/words', who, { blocked: ['x'], allowed: [] })).statusCode).toBe(403);
    }
    expect(await publicComments()).toContain(id);
    expect((await itemOf('comment', id))?.state).toBe('pending');
  });
});

describe('sensitive-word settings', () => {
  it("applies staff's extra words and allowed words to new content, and audits the change", async () => {
    const learner = await createUser(t);
    const before = await comment(learner, '这个老师就是个骗子');
    expect(await itemOf('comment', before)).toBeUndefined();

    const both = await call('PUT', '/api/admin/moderation/words', reviewer, { blocked: ['骗子'], allowed: ['骗子'] });
    expect(both.statusCode).toBe(400);
    expect(both.json().message).toBe(m.wordBothLists('骗子'));

    const saved = await call('PUT', '/api/admin/moderation/words', reviewer, { blocked: ['骗子', ' 骗子 ', '割韭菜'], allowed: ['招聘', '兼职'] });
    expect(saved.statusCode, saved.body).toBe(200);
    // Listed in pinyin order: 割韭菜 (ge) before 骗子 (pian), 兼职 (jian) before 招聘 (zhao).
    expect(saved.json().data).toMatchObject({ blocked: ['割韭菜', '骗子'], allowed: ['兼职', '招聘'], library: { word_count: expect.any(Number) } });
    expect((await call('GET', '/api/admin/moderation/words', reviewer)).json().data.blocked).toEqual(['割韭菜', '骗子']);
    const audit = (await auditRows('moderation.words')).sort((a, b) => b.id - a.id)[0];
    expect(audit).toMatchObject({ actorId: reviewer.id, before: { blocked: [], allowed: [] }, after: { blocked: ['骗子', '割韭菜'], allowed: ['招聘', '兼职'] } });

    const extra = await comment(learner, '又一个割韭菜的课程，骗子');
    expect((await itemOf('comment', extra))?.flagged_words.sort()).toEqual(['割韭菜', '骗子'].sort());
    const allowed = await comment(learner, '有没有兼职会计的招聘信息？');
    expect(await itemOf('comment', allowed)).toBeUndefined();

    await call('PUT', '/api/admin/moderation/words', reviewer, { blocked: [], allowed: [] });
  });
});
