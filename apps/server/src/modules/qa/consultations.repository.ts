import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/sql';
import { qaConsultations } from './qa.table';

export type ConsultationRow = typeof qaConsultations.$inferSelect;

export interface ConsultationListRow {
  id: number;
  topic: string;
  description: string;
  preferred_time: string;
  contact_name: string;
  contact_phone: string;
  status: 'requested' | 'scheduled' | 'done' | 'cancelled';
  expert_name: string | null;
  scheduled_at: Date | null;
  channel: string | null;
  channel_note: string;
  cancel_reason: string;
  created_at: Date;
  nickname: string | null;
  company_name: string | null;
  phone: string;
  user_id: number;
  expert_user_id: number | null;
  total: number;
}

export const consultationsRepository = {
  async insert(
    db: Executor,
    v: Omit<typeof qaConsultations.$inferInsert, 'id' | 'updatedAt'> & { createdAt: Date },
  ) {
    const [row] = await db
      .insert(qaConsultations)
      .values({ ...v, updatedAt: v.createdAt })
      .returning({ id: qaConsultations.id });
    return row!.id;
  },

  async openCount(db: Executor, userId: number): Promise<number> {
    const [row] = await rowsOf<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM qa_consultations WHERE user_id = ${userId} AND status = 'requested'`,
    );
    return row?.n ?? 0;
  },

  async page(db: Executor, where: SQL, limit: number, offset: number): Promise<ConsultationListRow[]> {
    return rowsOf<ConsultationListRow>(
      db,
      sql`SELECT c.id, c.topic, c.description, c.preferred_time, c.contact_name, c.contact_phone, c.status,
            ce.name AS expert_name, c.scheduled_at, c.channel, c.channel_note, c.cancel_reason, c.created_at,
            u.nickname, u.company_name, u.phone, c.user_id, c.expert_user_id, count(*) OVER ()::int AS total
          FROM qa_consultations c JOIN users u ON u.id = c.user_id
            LEFT JOIN qa_experts qe ON qe.user_id = c.expert_user_id
            LEFT JOIN content_experts ce ON ce.id = qe.profile_id
          WHERE ${where} ORDER BY c.created_at DESC, c.id DESC LIMIT ${limit} OFFSET ${offset}`,
    );
  },

  /** Applies `set` when the row is in one of `from`; returns whether it changed (one statement, no lost update). */
  async transition(
    db: Executor,
    id: number,
    from: readonly string[],
    set: Partial<typeof qaConsultations.$inferInsert> & { updatedAt: Date },
    ownerId?: number,
  ): Promise<boolean> {
    const rows = await db
      .update(qaConsultations)
      .set(set)
      .where(
        sql`${qaConsultations.id} = ${id} AND ${qaConsultations.status} IN (${sql.join(
          from.map((f) => sql`${f}`),
          sql`, `,
        )}) ${ownerId !== undefined ? sql`AND ${qaConsultations.userId} = ${ownerId}` : sql``}`,
      )
      .returning({ id: qaConsultations.id });
    return rows.length > 0;
  },

  async get(db: Executor, id: number): Promise<ConsultationRow | null> {
    const [row] = await db
      .select()
      .from(qaConsultations)
      .where(sql`${qaConsultations.id} = ${id}`);
    return row ?? null;
  },
};
