import { passwordSchema, phoneSchema, STAFF_ROLES, staffMessages as m } from '@app/contracts';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { createAuditTrail } from '../audit';
import { accountSessions, createPasswordHasher } from '../auth';
import { staffAccounts, userAccountLookup, userAccounts } from '../users';

/** A refusal of the admin:create command, with the Chinese reason to print. */
export class FirstAdminError extends Error {}

/**
 * `npm run admin:create`: makes the account with this phone a 管理员 with this password, creating the account when
 * the phone is not registered. Works on an empty production database (SEED_DEMO off). A promoted account keeps its
 * other roles, is enabled, and its sessions end (its password changed). Audited like a staff write, with no actor.
 */
export async function createFirstAdministrator(
  deps: { db: Db; clock: Clock },
  input: { phone: string; password: string },
): Promise<{ created: boolean; userId: number; message: string }> {
  const phone = phoneSchema.safeParse(input.phone);
  if (!phone.success) throw new FirstAdminError(phone.error.issues[0]!.message);
  const password = passwordSchema.safeParse(input.password);
  if (!password.success) throw new FirstAdminError(password.error.issues[0]!.message);
  const passwordHash = await createPasswordHasher().hash(password.data);
  const audit = createAuditTrail(deps);
  const actor = { id: null, phone: null, roles: [], ip: null };

  return deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const existing = await userAccountLookup.byPhone(tx, phone.data);
    if (!existing) {
      const userId = await userAccounts.create(tx, {
        phone: phone.data,
        passwordHash,
        role: 'personal',
        nickname: '管理员',
        staffRoles: ['admin'],
        now,
      });
      if (userId === null) throw new FirstAdminError(m.userNotFound);
      await audit.record(tx, actor, {
        action: 'staff.admin_create',
        entity: 'user',
        entityId: userId,
        before: null,
        after: { roles: ['admin'] },
      });
      return { created: true, userId, message: m.adminCreated(phone.data) };
    }
    const roles = STAFF_ROLES.filter((r) => r === 'admin' || existing.roles.includes(r));
    await staffAccounts.setStaffRoles(tx, { userId: existing.id, roles, now });
    await userAccounts.setPasswordHash(tx, existing.id, passwordHash, now);
    if (existing.disabled) await staffAccounts.setDisabled(tx, { userId: existing.id, disabled: false, now });
    await accountSessions.endAll(tx, existing.id);
    await audit.record(tx, actor, {
      action: 'staff.admin_create',
      entity: 'user',
      entityId: existing.id,
      before: { roles: existing.roles, disabled: existing.disabled },
      after: { roles, disabled: false, password: '已重设' },
    });
    return { created: false, userId: existing.id, message: m.adminPromoted(phone.data) };
  });
}
