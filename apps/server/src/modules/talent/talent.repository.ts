import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { RcpjStatus } from '@app/contracts';
import type { DbOrTx } from '../../db/client';
import { preparedStatement } from '../../db/sql';
import { personalAchieve, users } from '../users';
import {
  talentApplyJobs,
  talentAttachments,
  talentCredentials,
  talentEdus,
  talentJobProfits,
  talentJobs,
  talentPapers,
  talentRcpjs,
  talentUserInfos,
  type RcpjFiguresRow,
  type RcpjMaterialRef,
} from './talent.table';

export type ApplyJobRow = typeof talentApplyJobs.$inferSelect;
export type ApplyJobValues = Omit<
  typeof talentApplyJobs.$inferInsert,
  'id' | 'userId' | 'createdAt' | 'updatedAt'
>;
export type UserInfoRow = typeof talentUserInfos.$inferSelect;
export type AttachmentRow = typeof talentAttachments.$inferSelect;
export type RcpjRow = typeof talentRcpjs.$inferSelect;

/** The five talent record kinds, by their URL name (SPEC §7). */
export const RECORD_TABLES = {
  customer_edus: talentEdus,
  customer_jobs: talentJobs,
  credentials: talentCredentials,
  job_profits: talentJobProfits,
  papers: talentPapers,
} as const;
export type RecordKind = keyof typeof RECORD_TABLES;
export type RecordRow<K extends RecordKind> = (typeof RECORD_TABLES)[K]['$inferSelect'];
export type RecordValues<K extends RecordKind> = Omit<
  (typeof RECORD_TABLES)[K]['$inferInsert'],
  'id' | 'userId' | 'createdAt'
>;

// The record tables share id, user_id and created_at; drizzle cannot type a query over a union of tables, so the
// generic helpers address them through one of them (same column names, so the SQL is right for every kind).
type AnyRecordTable = typeof talentPapers;
const tableOf = (kind: RecordKind) => RECORD_TABLES[kind] as unknown as AnyRecordTable;

/** The account and study-achievement fields the portrait shows. */
export interface PersonRow {
  id: number;
  phone: string;
  role: 'personal' | 'company';
  nickname: string | null;
  avatar: string | null;
  realName: string | null;
  idNumber: string | null;
  gender: number | null;
  politicalStatus: number | null;
  memberEndAt: Date | null;
  isStaff: boolean;
  starId: number | null;
  totalLearnTime: number | null;
  finishCourseNum: number | null;
}

export const talentRepository = {
  // ---- people -------------------------------------------------------------------------------------------------

  async person(db: DbOrTx, userId: number): Promise<PersonRow | undefined> {
    const [row] = await db
      .select({
        id: users.id,
        phone: users.phone,
        role: users.role,
        nickname: users.nickname,
        avatar: users.avatar,
        realName: users.realName,
        idNumber: users.idNumber,
        gender: users.gender,
        politicalStatus: users.politicalStatus,
        memberEndAt: users.memberEndAt,
        isStaff: users.isStaff,
        starId: personalAchieve.starId,
        totalLearnTime: personalAchieve.totalLearnTime,
        finishCourseNum: personalAchieve.finishCourseNum,
      })
      .from(users)
      .leftJoin(personalAchieve, eq(personalAchieve.userId, users.id))
      .where(eq(users.id, userId));
    return row;
  },

  async userInfo(db: DbOrTx, userId: number): Promise<UserInfoRow | undefined> {
    const [row] = await db.select().from(talentUserInfos).where(eq(talentUserInfos.userId, userId));
    return row;
  },

  async upsertUserInfo(
    db: DbOrTx,
    userId: number,
    changes: Partial<Omit<UserInfoRow, 'userId' | 'updatedAt'>>,
    now: Date,
  ): Promise<void> {
    await db
      .insert(talentUserInfos)
      .values({ userId, ...changes, updatedAt: now })
      .onConflictDoUpdate({ target: talentUserInfos.userId, set: { ...changes, updatedAt: now } });
  },

  // ---- job intention ------------------------------------------------------------------------------------------

  async applyJobOf(db: DbOrTx, userId: number): Promise<ApplyJobRow | undefined> {
    const [row] = await db.select().from(talentApplyJobs).where(eq(talentApplyJobs.userId, userId));
    return row;
  },

  async applyJobById(db: DbOrTx, id: number): Promise<ApplyJobRow | undefined> {
    const [row] = await db.select().from(talentApplyJobs).where(eq(talentApplyJobs.id, id));
    return row;
  },

  /** Creates or replaces the user's one job intention (atomic on the unique user_id). */
  async upsertApplyJob(db: DbOrTx, userId: number, v: ApplyJobValues, now: Date): Promise<ApplyJobRow> {
    const [row] = await db
      .insert(talentApplyJobs)
      .values({ ...v, userId, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({ target: talentApplyJobs.userId, set: { ...v, updatedAt: now } })
      .returning();
    return row!;
  },

  async updateApplyJob(
    db: DbOrTx,
    id: number,
    userId: number,
    v: ApplyJobValues,
    now: Date,
  ): Promise<ApplyJobRow | undefined> {
    const [row] = await db
      .update(talentApplyJobs)
      .set({ ...v, updatedAt: now })
      .where(and(eq(talentApplyJobs.id, id), eq(talentApplyJobs.userId, userId)))
      .returning();
    return row;
  },

  // ---- talent records -----------------------------------------------------------------------------------------

  async listRecords<K extends RecordKind>(db: DbOrTx, kind: K, userId: number): Promise<RecordRow<K>[]> {
    const t = tableOf(kind);
    const rows = await db.select().from(t).where(eq(t.userId, userId)).orderBy(asc(t.createdAt), asc(t.id));
    return rows as unknown as RecordRow<K>[];
  },

  async countRecords(db: DbOrTx, kind: RecordKind, userId: number): Promise<number> {
    const t = tableOf(kind);
    const [row] = await db.select({ n: count() }).from(t).where(eq(t.userId, userId));
    return row?.n ?? 0;
  },

  async insertRecord<K extends RecordKind>(
    db: DbOrTx,
    kind: K,
    userId: number,
    v: RecordValues<K>,
    now: Date,
  ): Promise<RecordRow<K>> {
    const t = tableOf(kind);
    const values = { ...v, userId, createdAt: now } as unknown as AnyRecordTable['$inferInsert'];
    const [row] = await db.insert(t).values(values).returning();
    return row as unknown as RecordRow<K>;
  },

  async updateRecord<K extends RecordKind>(
    db: DbOrTx,
    kind: K,
    id: number,
    userId: number,
    v: RecordValues<K>,
  ): Promise<RecordRow<K> | undefined> {
    const t = tableOf(kind);
    const [row] = await db
      .update(t)
      .set(v as unknown as Partial<AnyRecordTable['$inferInsert']>)
      .where(and(eq(t.id, id), eq(t.userId, userId)))
      .returning();
    return row as unknown as RecordRow<K> | undefined;
  },

  async deleteRecord(db: DbOrTx, kind: RecordKind, id: number, userId: number): Promise<boolean> {
    const t = tableOf(kind);
    const rows = await db
      .delete(t)
      .where(and(eq(t.id, id), eq(t.userId, userId)))
      .returning({ id: t.id });
    return rows.length > 0;
  },

  async credentialsByIds(db: DbOrTx, userId: number, ids: number[]) {
    if (ids.length === 0) return [];
    return db
      .select()
      .from(talentCredentials)
      .where(and(eq(talentCredentials.userId, userId), inArray(talentCredentials.id, ids)));
  },

  // ---- attachments --------------------------------------------------------------------------------------------

  async insertAttachment(
    db: DbOrTx,
    v: Omit<typeof talentAttachments.$inferInsert, 'id'>,
  ): Promise<AttachmentRow> {
    const [row] = await db.insert(talentAttachments).values(v).returning();
    return row!;
  },

  async countAttachments(db: DbOrTx, userId: number): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(talentAttachments)
      .where(eq(talentAttachments.userId, userId));
    return row?.n ?? 0;
  },

  async attachment(db: DbOrTx, id: number): Promise<AttachmentRow | undefined> {
    const [row] = await db.select().from(talentAttachments).where(eq(talentAttachments.id, id));
    return row;
  },

  async attachmentsByIds(db: DbOrTx, ids: number[]): Promise<AttachmentRow[]> {
    if (ids.length === 0) return [];
    return db.select().from(talentAttachments).where(inArray(talentAttachments.id, ids));
  },

  // ---- star applications --------------------------------------------------------------------------------------

  /** Inserts a draft; null when the user already has an open application (partial unique index). */
  async insertRcpj(
    db: DbOrTx,
    v: { userId: number; starId: number; figures: RcpjFiguresRow; now: Date },
  ): Promise<RcpjRow | null> {
    const rows = await db
      .insert(talentRcpjs)
      .values({ userId: v.userId, starId: v.starId, status: 'draft', figures: v.figures, createdAt: v.now })
      .onConflictDoNothing()
      .returning();
    return rows[0] ?? null;
  },

  async rcpj(db: DbOrTx, id: number): Promise<RcpjRow | undefined> {
    const [row] = await db.select().from(talentRcpjs).where(eq(talentRcpjs.id, id));
    return row;
  },

  async rcpjsOf(db: DbOrTx, userId: number): Promise<RcpjRow[]> {
    return db
      .select()
      .from(talentRcpjs)
      .where(eq(talentRcpjs.userId, userId))
      .orderBy(desc(talentRcpjs.createdAt), desc(talentRcpjs.id));
  },

  /**
   * Moves an application from one of `from` to a new state in ONE conditional statement; returns the updated row,
   * or undefined when it was not (or no longer) in such a state, so concurrent callers change it once.
   */
  async transitionRcpj(
    db: DbOrTx,
    id: number,
    from: RcpjStatus[],
    set: Partial<Omit<RcpjRow, 'id' | 'userId' | 'createdAt'>>,
    userId?: number,
  ): Promise<RcpjRow | undefined> {
    const conds = [eq(talentRcpjs.id, id), inArray(talentRcpjs.status, from)];
    if (userId !== undefined) conds.push(eq(talentRcpjs.userId, userId));
    const [row] = await db
      .update(talentRcpjs)
      .set(set)
      .where(and(...conds))
      .returning();
    return row;
  },

  async acknowledgeRcpj(db: DbOrTx, id: number, userId: number, now: Date): Promise<RcpjRow | undefined> {
    const [row] = await db
      .update(talentRcpjs)
      .set({
        acknowledgedAt: sql`coalesce(${talentRcpjs.acknowledgedAt}, ${now.toISOString()}::timestamptz)`,
      })
      .where(
        and(
          eq(talentRcpjs.id, id),
          eq(talentRcpjs.userId, userId),
          inArray(talentRcpjs.status, ['approved', 'rejected']),
        ),
      )
      .returning();
    return row;
  },

  /** Staff list: submitted first (oldest first), then the rest newest first. */
  async rcpjPage(db: DbOrTx, status: RcpjStatus | undefined, limit: number, offset: number) {
    const where = status ? eq(talentRcpjs.status, status) : undefined;
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(talentRcpjs)
        .where(where)
        .orderBy(
          sql`case when ${talentRcpjs.status} = 'submitted' then 0 else 1 end`,
          sql`case when ${talentRcpjs.status} = 'submitted' then ${talentRcpjs.submittedAt} end asc`,
          desc(talentRcpjs.createdAt),
          desc(talentRcpjs.id),
        )
        .limit(limit)
        .offset(offset),
      db.select({ n: count() }).from(talentRcpjs).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  },

  async peopleByIds(db: DbOrTx, ids: number[]) {
    if (ids.length === 0) return [];
    return db
      .select({
        id: users.id,
        phone: users.phone,
        realName: users.realName,
        nickname: users.nickname,
        starId: personalAchieve.starId,
      })
      .from(users)
      .leftJoin(personalAchieve, eq(personalAchieve.userId, users.id))
      .where(inArray(users.id, ids));
  },

  // ---- credit archive ------------------------------------------------------------------------------------------

  /** The archive's person, credentials (by date issued) and granted star levels (by date), in one statement. */
  async archiveFacts(db: DbOrTx, userId: number): Promise<ArchiveFactsRow | undefined> {
    const [row] = await archiveFacts(db)(userId);
    return row;
  },
};

/** See talentRepository.archiveFacts ($1 the user). */
const ARCHIVE_FACTS = `SELECT u.real_name, u.nickname, u.phone, coalesce(a.star_id, 0) AS star_id,
    (SELECT json_agg(json_build_object('id', c.id, 'name', c.name, 'issuer', c.issuer, 'issued_on', c.issued_on)
                     ORDER BY c.issued_on, c.created_at, c.id)
       FROM talent_credentials c WHERE c.user_id = u.id) AS credentials,
    (SELECT json_agg(json_build_object('level', r.result_level, 'reviewed_at', r.reviewed_at)
                     ORDER BY r.reviewed_at, r.id)
       FROM talent_rcpjs r
      WHERE r.user_id = u.id AND r.status = 'approved' AND r.reviewed_at IS NOT NULL AND r.result_level IS NOT NULL)
      AS stars
  FROM users u LEFT JOIN users_personal_achieve a ON a.user_id = u.id WHERE u.id = $1`;

export interface ArchiveFactsRow {
  real_name: string | null;
  nickname: string | null;
  phone: string;
  star_id: number;
  credentials: { id: number; name: string; issuer: string; issued_on: string }[] | null;
  stars: { level: number; reviewed_at: string }[] | null;
}
const archiveFacts = preparedStatement<ArchiveFactsRow, [number]>('talent_archive_facts', ARCHIVE_FACTS);

export type { RcpjMaterialRef };
