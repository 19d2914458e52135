import { staffMessages } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createUser, type TestUser } from '../../testing/test-users';

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, { staff: ['admin'] });
});
afterAll(() => t.close());

type Detail = {
  id: number;
  disabled: boolean;
  is_member: boolean;
  member_end_at: string | null;
  active_sessions: number;
};
const call = (method: 'GET' | 'POST', url: string, payload?: object, by: TestUser = admin) =>
  t.app.inject({ method, url, headers: by.headers, ...(payload ? { payload } : {}) });

describe('staff users screen', () => {
  it('finds accounts by part of the phone, the nickname or the company name, and by member state', async () => {
    const zhang = await createUser(t, { nickname: '张晓会计' });
    const firm = await createUser(t, { role: 'company' });
    const member = await createUser(t, { nickname: '会员王', memberDays: 30 });

    const byNick = (await call('GET', '/api/admin/users?keyword=晓会')).json() as {
      data: { list: { id: number }[] };
    };
    expect(byNick.data.list.map((u) => u.id)).toEqual([zhang.id]);
    const byPhone = (await call('GET', `/api/admin/users?keyword=${zhang.phone.slice(-5)}`)).json() as {
      data: { list: { id: number }[] };
    };
    expect(byPhone.data.list.map((u) => u.id)).toContain(zhang.id);
    const byCompany = (await call('GET', '/api/admin/users?keyword=测试财务咨询&role=company')).json() as {
      data: { list: { id: number }[] };
    };
    expect(byCompany.data.list.map((u) => u.id)).toContain(firm.id);
    const members = (await call('GET', '/api/admin/users?member=member&per=50')).json() as {
      data: { list: { id: number; is_member: boolean }[] };
    };
    expect(members.data.list.map((u) => u.id)).toContain(member.id);
    expect(members.data.list.every((u) => u.is_member)).toBe(true);
  });

  it('disabling an account ends its session at once (its next call answers 406), and enabling lets it log in again', async () => {
    const learner = await createUser(t);
    const page = (await call('GET', `/api/admin/users/${learner.id}`)).json() as { data: Detail };
    expect(page.data).toMatchObject({ disabled: false, active_sessions: 1 });

    const off = await call('POST', `/api/admin/users/${learner.id}/disabled`, {
      disabled: true,
      reason: '冒用他人身份',
    });
    expect(off.json()).toMatchObject({
      code: 200,
      message: staffMessages.userDisabled,
      data: { disabled: true, active_sessions: 0 },
    });
    const me = await t.app.inject({
      method: 'POST',
      url: '/api/users/get_current_user',
      headers: learner.headers,
    });
    expect(me.statusCode).toBe(406);

    const on = await call('POST', `/api/admin/users/${learner.id}/disabled`, {
      disabled: false,
      reason: '核实后恢复',
    });
    expect(on.json()).toMatchObject({
      code: 200,
      message: staffMessages.userEnabled,
      data: { disabled: false },
    });

    const log = (await call('GET', `/api/admin/audit?entity=user&entity_id=${learner.id}`)).json() as {
      data: { list: { action: string; after: { reason: string } }[] };
    };
    expect(log.data.list.map((e) => [e.action, e.after.reason])).toEqual([
      ['user.enable', '核实后恢复'],
      ['user.disable', '冒用他人身份'],
    ]);
  });

  it('a reason is required to disable; an administrator cannot disable their own account', async () => {
    const learner = await createUser(t);
    const noReason = await call('POST', `/api/admin/users/${learner.id}/disabled`, {
      disabled: true,
      reason: ' ',
    });
    expect(noReason.statusCode).toBe(400);
    expect(JSON.stringify(noReason.json())).toContain(staffMessages.reasonRequired);
    const self = await call('POST', `/api/admin/users/${admin.id}/disabled`, {
      disabled: true,
      reason: '测试',
    });
    expect(self.json()).toMatchObject({ code: 400, message: staffMessages.cannotDisableSelf });
  });

  it('grants membership by hand with a reason: the account becomes a member, hears of it, and the grant is audited', async () => {
    const employee = await createUser(t);
    const res = await call('POST', `/api/admin/users/${employee.id}/membership`, {
      days: 365,
      reason: '合作企业员工批量开通',
    });
    const data = (res.json() as { data: Detail }).data;
    expect(data.is_member).toBe(true);
    expect(new Date(data.member_end_at!).getTime() - t.clock.now().getTime()).toBe(365 * 86_400_000);
    const me = (
      (
        await t.app.inject({ method: 'POST', url: '/api/users/get_current_user', headers: employee.headers })
      ).json() as {
        data: { is_member: boolean; message_num: number };
      }
    ).data;
    expect(me).toMatchObject({ is_member: true });
    expect(me.message_num).toBeGreaterThan(0);
    const log = (await call('GET', `/api/admin/audit?entity=user&entity_id=${employee.id}`)).json() as {
      data: { list: { action: string; after: { days: number; reason: string } }[] };
    };
    expect(log.data.list[0]).toMatchObject({
      action: 'user.grant_membership',
      after: { days: 365, reason: '合作企业员工批量开通' },
    });
  });

  it('refuses 0 days and an unknown account with Chinese messages', async () => {
    const learner = await createUser(t);
    const zero = await call('POST', `/api/admin/users/${learner.id}/membership`, { days: 0, reason: '测试' });
    expect(JSON.stringify(zero.json())).toContain(staffMessages.daysInvalid);
    const unknown = await call('GET', '/api/admin/users/99999999');
    expect(unknown.json()).toMatchObject({ code: 404, message: staffMessages.userNotFound });
  });

  it('resetting a password ends the sessions, voids the old password and texts a 找回密码 code the owner uses to set a new one', async () => {
    const learner = await createUser(t);
    const res = await call('POST', `/api/admin/users/${learner.id}/reset_password`);
    expect(res.json()).toMatchObject({
      code: 200,
      message: staffMessages.passwordResetSent,
      data: { active_sessions: 0 },
    });
    const me = await t.app.inject({
      method: 'POST',
      url: '/api/users/get_current_user',
      headers: learner.headers,
    });
    expect(me.statusCode).toBe(406);

    const outbox = (
      (await t.app.inject({ method: 'GET', url: `/api/dev/sms_outbox?phone=${learner.phone}` })).json() as {
        data: { content: string }[];
      }
    ).data;
    const text = outbox.at(-1)!.content;
    expect(text).toContain('找回密码');
    const code = /\d{6}/.exec(text)![0];
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/users/forget_passwrod',
      payload: { phone: learner.phone, code, password: 'Brand_new_1' },
    });
    expect(reset.json()).toMatchObject({ code: 200 });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/users/account_login',
      payload: { phone: learner.phone, password: 'Brand_new_1' },
    });
    expect(login.json()).toMatchObject({ code: 200 });
    const log = (await call('GET', `/api/admin/audit?entity=user&entity_id=${learner.id}`)).json() as {
      data: { list: { action: string }[] };
    };
    expect(log.data.list.map((e) => e.action)).toEqual(['user.reset_password']);
  });
});
