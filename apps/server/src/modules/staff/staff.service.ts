import {
  chinaDate,
  staffMessages as m,
  type AdminUserDetail,
  type AdminUsersPage,
  type AdminUsersQuery,
  type GrantMembershipBody,
  type SetUserDisabledBody,
  type SetStaffRolesBody,
  type StaffMember,
  type StaffRole,
  STAFF_ROLES,
} from '@app/contracts';
import type { Db } from '../../db/client';
import type { Executor } from '../../db/sql';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { AuditActor, AuditTrail, StaffActor } from '../audit';
import { accountSessions, type PasswordResetCodes } from '../auth';
import type { MessagesService } from '../messages';
import { accountChanges, staffAccounts, userAccountLookup } from '../users';

/** Staff roles: who holds which (管理员 only). Every change is audited in its own transaction. */
export function createStaffService(deps: {
  db: Db;
  clock: Clock;
  audit: AuditTrail;
  messages: MessagesService;
  resetCodes: PasswordResetCodes;
}) {
  const { db, clock, audit, messages, resetCodes } = deps;

  async function detail(id: number, ex: Executor = db): Promise<AdminUserDetail> {
    const now = clock.now();
    const u = await userAccountLookup.adminDetail(ex, id, now);
    if (!u) throw AppError.notFound(m.userNotFound);
    return { ...u, active_sessions: await accountSessions.countLive(ex, id, now) };
  }

  return {
    // ---- users screen ----------------------------------------------------------------------------------------
    users: (q: AdminUsersQuery): Promise<AdminUsersPage> => userAccountLookup.adminSearch(db, q, clock.now()),
    user: (id: number) => detail(id),

    /** Disabling ends every session of the account in the same transaction: its next request answers 406. */
    async setDisabled(actor: StaffActor, id: number, body: SetUserDisabledBody): Promise<AdminUserDetail> {
      if (id === actor.id && body.disabled) throw AppError.badRequest(m.cannotDisableSelf);
      return db.transaction(async (tx) => {
        const before = await detail(id, tx);
        const now = clock.now();
        await staffAccounts.setDisabled(tx, { userId: id, disabled: body.disabled, now });
        if (body.disabled) {
          await accountSessions.endAll(tx, id);
          await messages.send(id, m.disabledMessage.title, m.disabledMessage.content(body.reason), tx);
        }
        await audit.record(tx, actor, {
          action: body.disabled ? 'user.disable' : 'user.enable',
          entity: 'user',
          entityId: id,
          before: { disabled: before.disabled, active_sessions: before.active_sessions },
          after: { disabled: body.disabled, reason: body.reason },
        });
        return detail(id, tx);
      });
    },

    /**
     * Password reset by staff: the phone gets a 找回密码 code first (nothing changes when the SMS limits refuse it),
     * then the old password stops working and every session ends, in one transaction with its audit row.
     */
    async resetPassword(actor: StaffActor, id: number): Promise<AdminUserDetail> {
      const before = await detail(id);
      await resetCodes.send(before.phone, actor.ip ?? '0.0.0.0');
      return db.transaction(async (tx) => {
        await staffAccounts.clearPassword(tx, { userId: id, now: clock.now() });
        await accountSessions.endAll(tx, id);
        await audit.record(tx, actor, {
          action: 'user.reset_password',
          entity: 'user',
          entityId: id,
          before: { active_sessions: before.active_sessions },
          after: { password: '已清除，验证码短信已发送', active_sessions: 0 },
        });
        return detail(id, tx);
      });
    },

    /** Membership by hand (a company's employees, a prize ...): the reason is kept in the audit log. */
    async grantMembership(
      actor: StaffActor,
      id: number,
      body: GrantMembershipBody,
    ): Promise<AdminUserDetail> {
      return db.transaction(async (tx) => {
        const before = await detail(id, tx);
        const now = clock.now();
        const end = await accountChanges.extendMembership(tx, { userId: id, days: body.days, now });
        await messages.send(
          id,
          m.membershipMessage.title,
          m.membershipMessage.content(body.days, chinaDate(end)),
          tx,
        );
        await audit.record(tx, actor, {
          action: 'user.grant_membership',
          entity: 'user',
          entityId: id,
          before: { member_end_at: before.member_end_at },
          after: { member_end_at: end.toISOString(), days: body.days, reason: body.reason },
        });
        return detail(id, tx);
      });
    },

    // ---- roles -----------------------------------------------------------------------------------------------
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
