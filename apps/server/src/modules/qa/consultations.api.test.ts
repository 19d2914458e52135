import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { consultMessages as cm, consultNoticeTitles } from '@app/contracts';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createUser, type TestUser } from '../../testing/test-users';
import { messages } from '../messages/messages.table';
import { api, createExpert } from './qa.test-support';

let t: TestApp;
let staff: TestUser;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  t.clock.set('2025-11-17T10:00:00+08:00');
  staff = await createUser(t, { staff: true });
});

const REQUEST = {
  topic: '集团内部资金拆借的税务处理',
  description: '集团内子公司之间无息借款，想了解增值税和企业所得税上的风险及整改方案。',
  preferred_time: '工作日下午',
  contact_name: '李经理',
  contact_phone: '13912345678',
};

async function inbox(user: TestUser, title: string) {
  return t.db
    .select()
    .from(messages)
    .where(and(eq(messages.userId, user.id), eq(messages.title, title)));
}

describe('finance consulting', () => {
  it('goes requested -> scheduled -> done, with messages to the requester and the expert', async () => {
    const company = await createUser(t, { role: 'company' });
    const created = await api(t, 'POST', '/api/quiz/consultations', company, REQUEST);
    expect(created.code, created.message).toBe(200);
    expect(created.data.state).toBe('requested');
    const expert = await createExpert(t, staff, ['企业所得税']);
    const scheduled = await api(
      t,
      'POST',
      `/api/admin/quiz/consultations/${created.data.id}/schedule`,
      staff,
      {
        expert_id: expert.profileId,
        scheduled_at: '2025-11-19T14:00:00+08:00',
        channel: '视频会议',
        channel_note: '腾讯会议 123-456-789',
      },
    );
    expect(scheduled.code, scheduled.message).toBe(200);
    expect(scheduled.data).toMatchObject({ state: 'scheduled', expert: expert.name, channel: '视频会议' });
    expect(await inbox(company, consultNoticeTitles.scheduled)).toHaveLength(1);
    const [toExpert] = await inbox(expert, consultNoticeTitles.expertScheduled);
    expect(toExpert!.content).toContain('13912345678');
    expect((await api(t, 'GET', '/api/quiz/expert/consultations', expert)).data.total).toBe(1);
    expect(
      (await api(t, 'POST', `/api/admin/quiz/consultations/${created.data.id}/done`, staff)).data.state,
    ).toBe('done');
    expect(await inbox(company, consultNoticeTitles.done)).toHaveLength(1);
    const mine = await api(t, 'GET', '/api/quiz/consultations', company);
    expect(mine.data.list.map((c: { state: string }) => c.state)).toEqual(['done']);
    expect(
      await api(t, 'POST', `/api/quiz/consultations/${created.data.id}/cancel`, company, {}),
    ).toMatchObject({
      code: 409,
      message: cm.notCancellable,
    });
  });

  it('refuses bad input, a 4th open request, and another user’s request', async () => {
    const me = await createUser(t);
    expect(
      await api(t, 'POST', '/api/quiz/consultations', me, { ...REQUEST, contact_phone: '12345' }),
    ).toMatchObject({
      code: 400,
      message: cm.contactPhoneInvalid,
    });
    expect(await api(t, 'POST', '/api/quiz/consultations', me, { ...REQUEST, topic: ' ' })).toMatchObject({
      code: 400,
      message: cm.topicRequired,
    });
    const ids: number[] = [];
    for (let i = 0; i < 3; i++)
      ids.push((await api(t, 'POST', '/api/quiz/consultations', me, REQUEST)).data.id);
    expect(await api(t, 'POST', '/api/quiz/consultations', me, REQUEST)).toMatchObject({
      code: 409,
      message: cm.tooManyOpen,
    });
    const other = await createUser(t);
    expect((await api(t, 'POST', `/api/quiz/consultations/${ids[0]}/cancel`, other, {})).code).toBe(404);
    expect((await api(t, 'GET', '/api/quiz/consultations', other)).data.total).toBe(0);
    expect((await api(t, 'POST', `/api/quiz/consultations/${ids[0]}/cancel`, me, {})).data.state).toBe(
      'cancelled',
    );
    expect((await api(t, 'GET', '/api/admin/quiz/consultations', me)).code).toBe(403);
    const past = await api(t, 'POST', `/api/admin/quiz/consultations/${ids[1]}/schedule`, staff, {
      expert_id: (await createExpert(t, staff)).profileId,
      scheduled_at: '2025-11-16T14:00:00+08:00',
      channel: '电话',
    });
    expect(past).toMatchObject({ code: 400, message: cm.scheduleTimePast });
  });
});
