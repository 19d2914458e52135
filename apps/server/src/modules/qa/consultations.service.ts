import { sql } from 'drizzle-orm';
import {
  CONSULT_OPEN_MAX,
  consultMessages as cm,
  consultNoticeTitles as titles,
  qaMessages as m,
  type Consultation,
  type ConsultationsPage,
  type ConsultationsQuery,
} from '@app/contracts';
import type { Db } from '../../db/client';
import type { SQL } from 'drizzle-orm';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { AuditTrail, StaffActor } from '../audit';
import type { MessagesService } from '../messages';
import { consultationsRepository as repo, type ConsultationListRow } from './consultations.repository';
import { qaRepository } from './qa.repository';
import { formatChinaTime } from './qa.service';

const toConsultation = (r: ConsultationListRow): Consultation => ({
  id: r.id,
  topic: r.topic,
  description: r.description,
  preferred_time: r.preferred_time,
  contact_name: r.contact_name,
  contact_phone: r.contact_phone,
  state: r.status,
  expert: r.expert_name,
  scheduled_at: r.scheduled_at ? new Date(r.scheduled_at).toISOString() : null,
  channel: r.channel,
  channel_note: r.channel_note,
  cancel_reason: r.cancel_reason,
  created_at: new Date(r.created_at).toISOString(),
  requester: r.company_name?.trim() || r.nickname?.trim() || r.phone,
});

/**
 * Finance consulting: a person or company requests a longer consultation; staff schedule an expert, a time and a
 * channel; both sides get messages at each step. A company account sees every request made under it.
 */
export function createConsultationsService({
  db,
  clock,
  messages,
  audit,
}: {
  db: Db;
  clock: Clock;
  messages: MessagesService;
  audit: AuditTrail;
}) {
  async function page(where: SQL, q: ConsultationsQuery): Promise<ConsultationsPage> {
    const conds = [where];
    if (q.state) conds.push(sql`c.status = ${q.state}`);
    const rows = await repo.page(db, sql.join(conds, sql` AND `), q.per, (q.page - 1) * q.per);
    return { list: rows.map(toConsultation), total: rows[0]?.total ?? 0, page: q.page, per: q.per };
  }

  async function one(id: number): Promise<Consultation> {
    const [row] = await repo.page(db, sql`c.id = ${id}`, 1, 0);
    if (!row) throw AppError.notFound(cm.notFound);
    return toConsultation(row);
  }

  return {
    mine: (userId: number, q: ConsultationsQuery) => page(sql`c.user_id = ${userId}`, q),
    forExpert: (userId: number, q: ConsultationsQuery) => page(sql`c.expert_user_id = ${userId}`, q),
    all: (q: ConsultationsQuery) => page(sql`TRUE`, q),

    async request(
      userId: number,
      body: {
        topic: string;
        description: string;
        preferred_time: string;
        contact_name: string;
        contact_phone: string;
      },
    ): Promise<Consultation> {
      const now = clock.now();
      const id = await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`qa-consult:${userId}`}, 0))`);
        if ((await repo.openCount(tx, userId)) >= CONSULT_OPEN_MAX) throw AppError.conflict(cm.tooManyOpen);
        return repo.insert(tx, {
          userId,
          topic: body.topic,
          description: body.description,
          preferredTime: body.preferred_time,
          contactName: body.contact_name,
          contactPhone: body.contact_phone,
          createdAt: now,
        });
      });
      return one(id);
    },

    async cancelMine(userId: number, id: number, reason: string): Promise<Consultation> {
      const row = await repo.get(db, id);
      if (!row || row.userId !== userId) throw AppError.notFound(cm.notFound);
      await db.transaction(async (tx) => {
        const changed = await repo.transition(
          tx,
          id,
          ['requested', 'scheduled'],
          { status: 'cancelled', cancelReason: reason || '申请人取消', updatedAt: clock.now() },
          userId,
        );
        if (!changed) throw AppError.conflict(cm.notCancellable);
        if (row.expertUserId && row.status === 'scheduled')
          await messages.send(row.expertUserId, titles.cancelled, `申请人取消了财税咨询“${row.topic}”。`, tx);
      });
      return one(id);
    },

    async schedule(
      staff: StaffActor,
      id: number,
      body: { expert_id: number; scheduled_at: string; channel: string; channel_note: string },
    ): Promise<Consultation> {
      const now = clock.now();
      const at = new Date(body.scheduled_at);
      if (at <= now) throw AppError.badRequest(cm.scheduleTimePast, { scheduled_at: cm.scheduleTimePast });
      const expert = await qaRepository.expertOfProfile(db, body.expert_id);
      if (!expert) throw AppError.badRequest(m.notExpertAccount);
      const row = await repo.get(db, id);
      if (!row) throw AppError.notFound(cm.notFound);
      await db.transaction(async (tx) => {
        const changed = await repo.transition(tx, id, ['requested', 'scheduled'], {
          status: 'scheduled',
          expertUserId: expert.userId,
          scheduledAt: at,
          channel: body.channel,
          channelNote: body.channel_note,
          updatedAt: now,
        });
        if (!changed) throw AppError.conflict(cm.notRequestedOrScheduled);
        await audit.record(tx, staff, {
          action: 'consultation.schedule',
          entity: 'consultation',
          entityId: id,
          before: { status: row.status, expert_user_id: row.expertUserId, scheduled_at: row.scheduledAt },
          after: { status: 'scheduled', expert_user_id: expert.userId, scheduled_at: at, channel: body.channel },
        });
        const when = formatChinaTime(at);
        const note = body.channel_note ? `（${body.channel_note}）` : '';
        await messages.send(
          row.userId,
          titles.scheduled,
          `您申请的财税咨询“${row.topic}”已安排在 ${when}，方式：${body.channel}${note}。`,
          tx,
        );
        await messages.send(
          expert.userId,
          titles.expertScheduled,
          `财税咨询“${row.topic}”安排在 ${when}，方式：${body.channel}${note}；联系人 ${row.contactName}，电话 ${row.contactPhone}。`,
          tx,
        );
        if (row.expertUserId && row.expertUserId !== expert.userId && row.status === 'scheduled')
          await messages.send(
            row.expertUserId,
            titles.cancelled,
            `财税咨询“${row.topic}”已改由其他专家负责。`,
            tx,
          );
      });
      return one(id);
    },

    async finish(staff: StaffActor, id: number): Promise<Consultation> {
      const row = await repo.get(db, id);
      if (!row) throw AppError.notFound(cm.notFound);
      await db.transaction(async (tx) => {
        if (!(await repo.transition(tx, id, ['scheduled'], { status: 'done', updatedAt: clock.now() })))
          throw AppError.conflict(cm.notScheduled);
        await audit.record(tx, staff, {
          action: 'consultation.finish',
          entity: 'consultation',
          entityId: id,
          before: { status: row.status },
          after: { status: 'done' },
        });
        await messages.send(row.userId, titles.done, `您的财税咨询“${row.topic}”已完成，感谢您的信任。`, tx);
      });
      return one(id);
    },

    async cancel(staff: StaffActor, id: number, reason: string): Promise<Consultation> {
      const row = await repo.get(db, id);
      if (!row) throw AppError.notFound(cm.notFound);
      await db.transaction(async (tx) => {
        const changed = await repo.transition(tx, id, ['requested', 'scheduled'], {
          status: 'cancelled',
          cancelReason: reason || '工作人员取消',
          updatedAt: clock.now(),
        });
        if (!changed) throw AppError.conflict(cm.notCancellable);
        await audit.record(tx, staff, {
          action: 'consultation.cancel',
          entity: 'consultation',
          entityId: id,
          before: { status: row.status },
          after: { status: 'cancelled', reason: reason || '工作人员取消' },
        });
        const why = reason ? `，原因：${reason}` : '';
        await messages.send(row.userId, titles.cancelled, `您申请的财税咨询“${row.topic}”已取消${why}。`, tx);
        if (row.expertUserId && row.status === 'scheduled')
          await messages.send(row.expertUserId, titles.cancelled, `财税咨询“${row.topic}”已取消${why}。`, tx);
      });
      return one(id);
    },
  };
}
