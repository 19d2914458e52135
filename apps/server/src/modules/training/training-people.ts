import { sql } from 'drizzle-orm';
import {
  EMPLOYMENT_STATE_LABELS,
  TRAINING_INVITE_DAYS,
  maskPhone,
  trainingMessages as m,
  type EmploymentState,
  type Invitation,
  type MyCompany,
} from '@app/contracts';
import type { Db } from '../../db/client';
import { isUniqueViolation, lockKey, rowsOf, type Executor } from '../../db/sql';
import { AppError } from '../../lib/app-error';
import { chinaDay } from '../../lib/china-time';
import type { Clock } from '../../lib/clock';
import type { SmsNotices } from '../auth';
import type { MessagesService } from '../messages';
import { assignmentsOf, joinOpenAssignments } from './training-assignments';
import { releaseSeatsOf } from './training-seats';
import { iso, isoOrNull, personName, requireVerified, companyFacts } from './training-shared';
import { trainingEmployments } from './training.table';

const DAY_MS = 86_400_000;
/** Invitations one company may send in a day (a typo loop or a scraper stops here). */
const INVITES_PER_DAY = 500;

interface InvitationRow {
  id: number;
  phone: string;
  name: string;
  state: EmploymentState;
  invited_at: Date | string;
  expires_at: Date | string;
  responded_at: Date | string | null;
}

/** Pending invitations past their expiry become expired (read and write paths call this first). */
export async function expireInvitations(ex: Executor, where: { companyId?: number; userId?: number }, now: Date): Promise<void> {
  await ex.execute(
    sql`UPDATE ${trainingEmployments} SET state = 'expired'
         WHERE state = 'invited' AND expires_at <= ${now}
           ${where.companyId !== undefined ? sql`AND company_id = ${where.companyId}` : sql``}
           ${where.userId !== undefined ? sql`AND user_id = ${where.userId}` : sql``}`,
  );
}

/** The employment an endpoint names, active in this company; 404 otherwise (another company's id reads as absent). */
export async function activeEmployment(ex: Executor, companyId: number, employmentId: number, lock = false) {
  const [row] = await rowsOf<{ id: number; user_id: number; responded_at: Date | string }>(
    ex,
    sql`SELECT id, user_id, responded_at FROM ${trainingEmployments}
         WHERE id = ${employmentId} AND company_id = ${companyId} AND state = 'active' ${lock ? sql`FOR UPDATE` : sql``}`,
  );
  if (!row) throw AppError.notFound(m.employeeNotFound);
  return row;
}

const toInvitation = (r: InvitationRow): Invitation => ({
  id: r.id,
  phone: maskPhone(r.phone),
  // Nothing of a person who has not accepted: their name only once they joined.
  name: r.state === 'active' || r.state === 'left' || r.state === 'removed' ? r.name : '',
  state: r.state,
  state_label: EMPLOYMENT_STATE_LABELS[r.state],
  invited_at: iso(r.invited_at),
  expires_at: iso(r.expires_at),
  responded_at: isoOrNull(r.responded_at),
});

export function createPeople(deps: { db: Db; clock: Clock; messages: MessagesService; sms: SmsNotices; log: { warn(o: object, msg: string): void } }) {
  const { db, clock, messages, sms, log } = deps;

  async function invitationById(ex: Executor, id: number): Promise<Invitation> {
    const [row] = await rowsOf<InvitationRow>(
      ex,
      sql`SELECT e.id, u.phone, ${personName('u')} AS name, e.state, e.invited_at, e.expires_at, e.responded_at
            FROM ${trainingEmployments} e JOIN users u ON u.id = e.user_id WHERE e.id = ${id}`,
    );
    return toInvitation(row!);
  }

  /** The person's pending invitation `id`, locked; 404 when it is not theirs, 409 when answered or expired. */
  async function pendingInvitation(tx: Executor, userId: number, id: number, now: Date) {
    const [row] = await rowsOf<{ id: number; company_id: number; state: EmploymentState; expires_at: Date | string }>(
      tx,
      sql`SELECT id, company_id, state, expires_at FROM ${trainingEmployments} WHERE id = ${id} AND user_id = ${userId} FOR UPDATE`,
    );
    if (!row) throw AppError.notFound(m.invitationNotFound);
    if (row.state === 'invited' && new Date(row.expires_at) <= now) {
      await tx.execute(sql`UPDATE ${trainingEmployments} SET state = 'expired' WHERE id = ${id}`);
      return { expired: true as const, row };
    }
    if (row.state === 'expired') return { expired: true as const, row };
    if (row.state !== 'invited') throw AppError.conflict(m.invitationAnswered);
    return { expired: false as const, row };
  }

  return {
    /** The person's side: their company, seat, pending invitations and 单位指派 courses. */
    async myCompany(userId: number): Promise<MyCompany> {
      const now = clock.now();
      await expireInvitations(db, { userId }, now);
      const [employment, seat, invitations, assigned] = await Promise.all([
        rowsOf<{ id: number; company_name: string; joined_at: Date | string }>(
          db,
          sql`SELECT e.id, COALESCE(NULLIF(c.name, ''), co.company_name, '企业') AS company_name, e.responded_at AS joined_at
                FROM training_employments e JOIN users co ON co.id = e.company_id LEFT JOIN recruiting_companies c ON c.user_id = e.company_id
               WHERE e.user_id = ${userId} AND e.state = 'active'`,
        ),
        rowsOf<{ id: number; ends_at: Date | string }>(
          db,
          sql`SELECT id, ends_at FROM training_seats WHERE holder_user_id = ${userId} AND ends_at > ${now}`,
        ),
        rowsOf<{ id: number; company_name: string; invited_at: Date | string; expires_at: Date | string }>(
          db,
          sql`SELECT e.id, COALESCE(NULLIF(c.name, ''), co.company_name, '企业') AS company_name, e.invited_at, e.expires_at
                FROM training_employments e JOIN users co ON co.id = e.company_id LEFT JOIN recruiting_companies c ON c.user_id = e.company_id
               WHERE e.user_id = ${userId} AND e.state = 'invited' ORDER BY e.invited_at DESC`,
        ),
        assignmentsOf(db, userId, now),
      ]);
      const e = employment[0];
      return {
        employment: e ? { id: e.id, company_name: e.company_name, joined_at: iso(e.joined_at) } : null,
        seat: seat[0] ? { id: seat[0].id, ends_at: iso(seat[0].ends_at) } : null,
        invitations: invitations.map((i) => ({ id: i.id, company_name: i.company_name, invited_at: iso(i.invited_at), expires_at: iso(i.expires_at) })),
        assignments: assigned,
      };
    },

    async invitations(companyId: number): Promise<Invitation[]> {
      await expireInvitations(db, { companyId }, clock.now());
      const rows = await rowsOf<InvitationRow>(
        db,
        sql`SELECT e.id, u.phone, ${personName('u')} AS name, e.state, e.invited_at, e.expires_at, e.responded_at
              FROM ${trainingEmployments} e JOIN users u ON u.id = e.user_id
             WHERE e.company_id = ${companyId} AND e.state <> 'active'
             ORDER BY e.invited_at DESC, e.id DESC LIMIT 200`,
      );
      return rows.map(toInvitation);
    },

    /** Invites a registered personal account by phone: a message now, an SMS after the commit. */
    async invite(companyId: number, phone: string): Promise<Invitation> {
      const now = clock.now();
      const { name: companyName } = await requireVerified(db, companyId);
      const [person] = await rowsOf<{ id: number; role: string; disabled: boolean }>(
        db,
        sql`SELECT id, role, disabled FROM users WHERE phone = ${phone}`,
      );
      if (!person || person.disabled) throw AppError.badRequest(m.phoneNotRegistered, { phone: m.phoneNotRegistered });
      if (person.id === companyId) throw AppError.badRequest(m.inviteSelf, { phone: m.inviteSelf });
      if (person.role !== 'personal') throw AppError.badRequest(m.phoneIsCompany, { phone: m.phoneIsCompany });
      const expiresAt = new Date(now.getTime() + TRAINING_INVITE_DAYS * DAY_MS);
      let id: number;
      try {
        id = await db.transaction(async (tx) => {
          await lockKey(tx, `training-company:${companyId}`);
          await expireInvitations(tx, { companyId }, now);
          const [state] = await rowsOf<{ active: boolean; invited: boolean; today: number }>(
            tx,
            sql`SELECT EXISTS (SELECT 1 FROM ${trainingEmployments} WHERE company_id = ${companyId} AND user_id = ${person.id} AND state = 'active') AS active,
                       EXISTS (SELECT 1 FROM ${trainingEmployments} WHERE company_id = ${companyId} AND user_id = ${person.id} AND state = 'invited') AS invited,
                       (SELECT count(*) FROM ${trainingEmployments} WHERE company_id = ${companyId} AND invited_at > ${new Date(now.getTime() - DAY_MS)})::int AS today`,
          );
          if (state!.active) throw AppError.conflict(m.alreadyEmployee);
          if (state!.invited) throw AppError.conflict(m.alreadyInvited);
          if (state!.today >= INVITES_PER_DAY) throw new AppError(429, '今天发出的邀请已达上限，请明天再试');
          const [row] = await rowsOf<{ id: number }>(
            tx,
            sql`INSERT INTO ${trainingEmployments} (company_id, user_id, state, invited_at, expires_at)
                VALUES (${companyId}, ${person.id}, 'invited', ${now}, ${expiresAt}) RETURNING id`,
          );
          await messages.send(
            person.id,
            '单位培训邀请',
            `${companyName}邀请您加入单位培训。接受后，单位可以为您分配学员卡、指派课程，并查看您在单位指派课程上的学习进度和本年度继续教育学分（不包括您的人才画像、求职记录和消息）。请在${chinaDay(expiresAt)}前到个人中心“我的单位”接受或拒绝。`,
            tx,
          );
          return row!.id;
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw AppError.conflict(m.alreadyInvited);
        throw err;
      }
      // The SMS goes after the commit (a provider call never sits inside a transaction); it never fails the invitation.
      const outcome = await sms.send({ phone, kind: 'training_invitation', params: { company: companyName.slice(0, 20), deadline: chinaDay(expiresAt) } });
      if (outcome === 'failed') log.warn({ invitation: id }, 'training invitation sms failed');
      return invitationById(db, id);
    },

    async cancelInvitation(companyId: number, id: number): Promise<Invitation> {
      const now = clock.now();
      const done = await db.transaction(async (tx) => {
        await expireInvitations(tx, { companyId }, now);
        const [row] = await rowsOf<{ id: number; state: EmploymentState }>(
          tx,
          sql`SELECT id, state FROM ${trainingEmployments} WHERE id = ${id} AND company_id = ${companyId} FOR UPDATE`,
        );
        if (!row) throw AppError.notFound(m.invitationNotFound);
        if (row.state !== 'invited') throw AppError.conflict(m.invitationAnswered);
        await tx.execute(sql`UPDATE ${trainingEmployments} SET state = 'cancelled', responded_at = ${now} WHERE id = ${id}`);
        return row.id;
      });
      return invitationById(db, done);
    },

    /** Accepts: one company at a time (409 while active elsewhere), then joins the company's assignments for everyone. */
    async accept(userId: number, id: number): Promise<void> {
      const now = clock.now();
      const expired = await db.transaction(async (tx) => {
        await lockKey(tx, `training-person:${userId}`);
        const found = await pendingInvitation(tx, userId, id, now);
        if (found.expired) return true;
        const [elsewhere] = await rowsOf<{ id: number }>(
          tx,
          sql`SELECT id FROM ${trainingEmployments} WHERE user_id = ${userId} AND state = 'active'`,
        );
        if (elsewhere) throw AppError.conflict(m.employedElsewhere);
        await tx.execute(sql`UPDATE ${trainingEmployments} SET state = 'active', responded_at = ${now} WHERE id = ${id}`);
        await joinOpenAssignments(tx, { companyId: found.row.company_id, employmentId: id, userId, now });
        const [u] = await rowsOf<{ name: string }>(tx, sql`SELECT ${personName('u')} AS name FROM users u WHERE u.id = ${userId}`);
        await messages.send(found.row.company_id, '员工已加入', `${u!.name}已接受邀请，成为本单位员工。您可以在“学员卡”中为其分配学员卡。`, tx);
        return false;
      });
      if (expired) throw AppError.conflict(m.invitationExpired);
    },

    async decline(userId: number, id: number): Promise<void> {
      const now = clock.now();
      const expired = await db.transaction(async (tx) => {
        const found = await pendingInvitation(tx, userId, id, now);
        if (found.expired) return true;
        await tx.execute(sql`UPDATE ${trainingEmployments} SET state = 'declined', responded_at = ${now} WHERE id = ${id}`);
        await messages.send(found.row.company_id, '邀请未被接受', `您邀请的员工（${maskPhone((await rowsOf<{ phone: string }>(tx, sql`SELECT phone FROM users WHERE id = ${userId}`))[0]!.phone)}）拒绝了邀请。`, tx);
        return false;
      });
      if (expired) throw AppError.conflict(m.invitationExpired);
    },

    /** The person leaves their company: its seat goes back to the company, its assignments stop showing. */
    async leave(userId: number): Promise<void> {
      const now = clock.now();
      await db.transaction(async (tx) => {
        await lockKey(tx, `training-person:${userId}`);
        const [row] = await rowsOf<{ id: number; company_id: number }>(
          tx,
          sql`SELECT id, company_id FROM ${trainingEmployments} WHERE user_id = ${userId} AND state = 'active' FOR UPDATE`,
        );
        if (!row) throw AppError.notFound(m.notEmployed);
        await tx.execute(sql`UPDATE ${trainingEmployments} SET state = 'left', ended_at = ${now} WHERE id = ${row.id}`);
        await releaseSeatsOf(tx, { employmentId: row.id, companyId: row.company_id, actorId: userId, now });
        const [u] = await rowsOf<{ name: string }>(tx, sql`SELECT ${personName('u')} AS name FROM users u WHERE u.id = ${userId}`);
        await messages.send(row.company_id, '员工已退出单位', `${u!.name}已退出本单位，其学员卡已收回，可分配给其他员工。`, tx);
      });
    },

    /** The company removes an employee: the seat comes back, the person is told. */
    async remove(companyId: number, employmentId: number): Promise<void> {
      const now = clock.now();
      await db.transaction(async (tx) => {
        const row = await activeEmployment(tx, companyId, employmentId, true);
        await tx.execute(sql`UPDATE ${trainingEmployments} SET state = 'removed', ended_at = ${now} WHERE id = ${employmentId}`);
        await releaseSeatsOf(tx, { employmentId, companyId, actorId: companyId, now });
        const { name } = await companyFacts(tx, companyId);
        await messages.send(row.user_id, '已被移出单位', `${name}已将您移出单位，单位发放的学员卡已收回，单位指派的课程不再显示。您的学习记录和学分不受影响。`, tx);
      });
    },
  };
}
export type People = ReturnType<typeof createPeople>;
