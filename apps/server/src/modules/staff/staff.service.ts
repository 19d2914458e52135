import {
  staffMessages as m,
  type SetStaffRolesBody,
  type StaffMember,
  type StaffRole,
  STAFF_ROLES,
} from '@app/contracts';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { AuditActor, AuditTrail } from '../audit';
import { staffAccounts, userAccountLookup } from '../users';

/** Staff roles: who holds which (管理员 only). Every change is audited in its own transaction. */
export function createStaffService(deps: { db: Db; clock: Clock; audit: AuditTrail }) {
  const { db, clock, audit } = deps;
  return {
    async list(): Promise<StaffMember[]> {
      const rows = await staffAccounts.staffMembers(db);
      return rows.map((r) => ({ user_id: r.id, phone: r.phone, nickname: r.nickname, roles: r.roles }));
    },

    async setRoles(actor: AuditActor, body: SetStaffRolesBody): Promise<StaffMember> {
      // Stored in the order of STAFF_ROLES, without repeats.
      const roles: StaffRole[] = STAFF_ROLES.filter((r) => body.roles.includes(r));
      return db.transaction(async (tx) => {
        const account = await userAccountLookup.byPhone(tx, body.phone);
        if (!account) throw AppError.notFound(m.userNotFound);
        const changed = await staffAccounts.setStaffRoles(tx, {
          userId: account.id,
          roles,
          now: clock.now(),
        });
        if (!changed) throw AppError.notFound(m.userNotFound);
        await audit.record(tx, actor, {
          action: 'staff.set_roles',
          entity: 'user',
          entityId: account.id,
          before: { roles: changed.before },
          after: { roles: changed.after },
        });
        // Checked after the write, inside the transaction: a refusal rolls back the change and its audit row.
        if ((await staffAccounts.countWithRole(tx, 'admin')) === 0) throw AppError.badRequest(m.lastAdmin);
        return { user_id: account.id, phone: account.phone, nickname: account.nickname, roles };
      });
    },
  };
}
