import { sql } from 'drizzle-orm';
import { staffMessages } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createUser, type TestUser } from '../../testing/test-users';

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, { staff: ['admin'], nickname: '系统管理员' });
});
afterAll(() => t.close());

const setRoles = (by: TestUser, phone: string, roles: string[]) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/staff/roles',
    headers: { ...by.headers, 'x-forwarded-for': '198.51.100.7' },
    payload: { phone, roles },
  });

const auditRows = async (entityId: number) =>
  (
    await t.app.inject({
      method: 'GET',
      url: `/api/admin/audit?entity=user&entity_id=${entityId}`,
      headers: admin.headers,
    })
  ).json() as {
    data: {
      total: number;
      list: { action: string; before: unknown; after: unknown; actor_phone: string; actor_roles: string[] }[];
    };
  };

const me = async (u: TestUser) =>
  (
    (
      await t.app.inject({ method: 'POST', url: '/api/users/get_current_user', headers: u.headers })
    ).json() as {
      data: { is_staff: boolean; staff_roles: string[]; permissions: string[] };
    }
  ).data;

describe('staff roles', () => {
  it('an administrator gives an account two roles: its session gains their permissions at once, and the change is audited', async () => {
    const clerk = await createUser(t);
    expect(await me(clerk)).toMatchObject({ is_staff: false, staff_roles: [], permissions: [] });

    const res = await setRoles(admin, clerk.phone, ['grader', 'finance']);
    expect(res.json()).toMatchObject({
      code: 200,
      message: staffMessages.rolesSaved,
      data: { roles: ['finance', 'grader'] },
    });

    const after = await me(clerk);
    expect(after.staff_roles).toEqual(['finance', 'grader']);
    expect(after.permissions).toEqual([
      'orders',
      'invoices',
      'refunds',
      'risk_checks',
      'exams',
      'grading',
      'reports',
      'dashboard',
      'training',
    ]);
    const invoices = await t.app.inject({
      method: 'GET',
      url: '/api/admin/invoices',
      headers: clerk.headers,
    });
    expect(invoices.statusCode).toBe(200);

    const log = await auditRows(clerk.id);
    expect(log.data.total).toBe(1);
    expect(log.data.list[0]).toMatchObject({
      action: 'staff.set_roles',
      before: { roles: [] },
      after: { roles: ['finance', 'grader'] },
      actor_phone: admin.phone,
      actor_roles: ['admin'],
    });
  });

  it('an empty role list makes the account ordinary again: staff endpoints answer 403', async () => {
    const reviewer = await createUser(t, { staff: ['reviewer'] });
    await setRoles(admin, reviewer.phone, []);
    expect(await me(reviewer)).toMatchObject({ is_staff: false, staff_roles: [] });
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/companies', headers: reviewer.headers });
    expect(res.statusCode).toBe(403);
  });

  it('lists the staff accounts with their roles', async () => {
    const editor = await createUser(t, { staff: ['editor'], nickname: '内容编辑小王' });
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/staff', headers: admin.headers });
    const list = (res.json() as { data: { phone: string; roles: string[] }[] }).data;
    expect(list.find((s) => s.phone === editor.phone)?.roles).toEqual(['editor']);
    expect(list.find((s) => s.phone === admin.phone)?.roles).toEqual(['admin']);
  });

  it('an unknown phone answers 404 用户不存在; an unknown role answers 400 with the field message', async () => {
    const unknown = await setRoles(admin, '13999999999', ['finance']);
    expect(unknown.json()).toMatchObject({ code: 404, message: staffMessages.userNotFound });
    const other = await createUser(t);
    const bad = await setRoles(admin, other.phone, ['boss']);
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain(staffMessages.roleInvalid);
  });

  it('a non-administrator cannot change roles (403 naming the permission), not even their own', async () => {
    const finance = await createUser(t, { staff: ['finance'] });
    const res = await setRoles(finance, finance.phone, ['admin']);
    expect(res.json()).toMatchObject({ code: 403, message: staffMessages.permissionDenied('staff_roles') });
    expect((await me(finance)).staff_roles).toEqual(['finance']);
  });

  it('an administrator may drop their own 管理员 role while another administrator remains', async () => {
    const leaving = await createUser(t, { staff: ['admin'] });
    const res = await setRoles(leaving, leaving.phone, ['finance']);
    expect(res.json()).toMatchObject({ code: 200, data: { roles: ['finance'] } });
    expect((await me(leaving)).permissions).not.toContain('staff_roles');
  });
});

describe('audit log', () => {
  let t2: TestApp;
  let only: TestUser;
  let target: TestUser;
  const count = async (table: 'audit_log') =>
    (
      (await t2.db.execute(sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}`)) as unknown as {
        rows: { n: number }[];
      }
    ).rows[0]!.n;
  const rolesOf = async (id: number) =>
    (
      (await t2.db.execute(sql`SELECT staff_roles FROM users WHERE id = ${id}`)) as unknown as {
        rows: { staff_roles: string[] }[];
      }
    ).rows[0]!.staff_roles;

  beforeAll(async () => {
    // A private database whose only administrator is `only`.
    t2 = await createTestApp();
    await t2.db.execute(sql`UPDATE users SET staff_roles = '{}', is_staff = false`);
    only = await createUser(t2, { staff: ['admin'] });
    target = await createUser(t2);
  });
  afterAll(() => t2.close());

  it('a write refused after it ran (the last administrator dropping the role) leaves neither the change nor an audit row', async () => {
    const before = await count('audit_log');
    const res = await t2.app.inject({
      method: 'POST',
      url: '/api/admin/staff/roles',
      headers: only.headers,
      payload: { phone: only.phone, roles: ['finance'] },
    });
    expect(res.json()).toMatchObject({ code: 400, message: staffMessages.lastAdmin });
    expect(await rolesOf(only.id)).toEqual(['admin']);
    expect(await count('audit_log')).toBe(before);
  });

  it('an audit row that cannot be written undoes the write it records', async () => {
    await t2.db.execute(sql`CREATE FUNCTION refuse_audit() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'audit unavailable'; END; $$`);
    await t2.db.execute(
      sql`CREATE TRIGGER refuse_audit BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION refuse_audit()`,
    );
    try {
      const res = await t2.app.inject({
        method: 'POST',
        url: '/api/admin/staff/roles',
        headers: only.headers,
        payload: { phone: target.phone, roles: ['editor'] },
      });
      expect(res.statusCode).toBe(500);
      expect(await rolesOf(target.id)).toEqual([]);
    } finally {
      await t2.db.execute(sql`DROP TRIGGER refuse_audit ON audit_log`);
    }
  });

  it('is append-only: the database refuses to change or delete a row', async () => {
    await t2.app.inject({
      method: 'POST',
      url: '/api/admin/staff/roles',
      headers: only.headers,
      payload: { phone: target.phone, roles: ['editor'] },
    });
    expect(await count('audit_log')).toBeGreaterThan(0);
    const reason = (q: Promise<unknown>) =>
      q.then(
        () => 'accepted',
        (e: Error & { cause?: Error }) => e.cause?.message ?? e.message,
      );
    expect(await reason(t2.db.execute(sql`UPDATE audit_log SET action = 'x'`))).toContain('append-only');
    expect(await reason(t2.db.execute(sql`DELETE FROM audit_log`))).toContain('append-only');
  });

  it('is searched by actor phone, entity and day, newest first, and only by 管理员', async () => {
    const res = await t2.app.inject({
      method: 'GET',
      url: `/api/admin/audit?actor=${only.phone.slice(-6)}&entity=user&entity_id=${target.id}`,
      headers: only.headers,
    });
    const page = (res.json() as { data: { total: number; list: { ip: string; after: unknown }[] } }).data;
    expect(page.total).toBe(1);
    expect(page.list[0]!.after).toEqual({ roles: ['editor'] });
    const day = t2.clock.now().toISOString().slice(0, 10);
    const none = await t2.app.inject({
      method: 'GET',
      url: `/api/admin/audit?to=2000-01-01`,
      headers: only.headers,
    });
    expect((none.json() as { data: { total: number } }).data.total).toBe(0);
    const today = await t2.app.inject({
      method: 'GET',
      url: `/api/admin/audit?from=${day}`,
      headers: only.headers,
    });
    expect((today.json() as { data: { total: number } }).data.total).toBeGreaterThan(0);
    const editor = await createUser(t2, { staff: ['editor', 'finance', 'reviewer'] });
    const refused = await t2.app.inject({ method: 'GET', url: '/api/admin/audit', headers: editor.headers });
    expect(refused.json()).toMatchObject({ code: 403, message: staffMessages.permissionDenied('audit') });
  });
});

describe('audit rows of other areas’ staff writes', () => {
  it('a work-calendar change by a 审核员 is recorded with the actor, roles, before and after, and a refused one is not', async () => {
    const reviewer = await createUser(t, { staff: ['reviewer'] });
    const save = await t.app.inject({
      method: 'POST',
      url: '/api/admin/quiz/calendar',
      headers: { ...reviewer.headers, 'x-forwarded-for': '198.51.100.20' },
      payload: { date: '2031-10-08', kind: 'holiday', name: '国庆节' },
    });
    expect(save.json()).toMatchObject({ code: 200 });
    const removed = await t.app.inject({
      method: 'DELETE',
      url: '/api/admin/quiz/calendar/2031-10-08',
      headers: reviewer.headers,
    });
    expect(removed.json()).toMatchObject({ code: 200 });
    const missing = await t.app.inject({
      method: 'DELETE',
      url: '/api/admin/quiz/calendar/2031-10-09',
      headers: reviewer.headers,
    });
    expect(missing.statusCode).toBe(404);

    const res = await t.app.inject({
      method: 'GET',
      url: `/api/admin/audit?entity=work_calendar&actor=${reviewer.phone}`,
      headers: admin.headers,
    });
    const list = (res.json() as { data: { list: Record<string, unknown>[] } }).data.list;
    expect(list.map((e) => [e.action, e.entity_id])).toEqual([
      ['work_calendar.delete', '2031-10-08'],
      ['work_calendar.save', '2031-10-08'],
    ]);
    expect(list[1]).toMatchObject({
      actor_roles: ['reviewer'],
      before: null,
      after: { date: '2031-10-08', kind: 'holiday', name: '国庆节' },
    });
  });
});
