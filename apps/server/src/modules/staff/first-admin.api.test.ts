import { staffMessages } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createUser } from '../../testing/test-users';
import { createFirstAdministrator, FirstAdminError } from './index';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('admin:create on a database that has accounts', () => {
  it('promotes an existing account: keeps its other roles, sets the new password and ends its sessions', async () => {
    const clerk = await createUser(t, { staff: ['finance'] });
    const result = await createFirstAdministrator(t, { phone: clerk.phone, password: 'New_admin_2026' });
    expect(result).toMatchObject({
      created: false,
      userId: clerk.id,
      message: staffMessages.adminPromoted(clerk.phone),
    });

    const old = await t.app.inject({
      method: 'POST',
      url: '/api/users/get_current_user',
      headers: clerk.headers,
    });
    expect(old.statusCode).toBe(406);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/users/account_login',
      payload: { phone: clerk.phone, password: 'New_admin_2026' },
    });
    expect((login.json() as { data: { user: { staff_roles: string[] } } }).data.user.staff_roles).toEqual([
      'admin',
      'finance',
    ]);
  });

  it('refuses a malformed phone with the Chinese message and changes nothing', async () => {
    await expect(createFirstAdministrator(t, { phone: '12345', password: 'New_admin_2026' })).rejects.toThrow(
      FirstAdminError,
    );
    await expect(createFirstAdministrator(t, { phone: '12345', password: 'New_admin_2026' })).rejects.toThrow(
      '手机号格式不正确',
    );
  });
});
