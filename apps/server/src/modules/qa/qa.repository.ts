import { and, asc, eq, gte, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { QaState } from '@app/contracts';
import { pgArray } from '../../db/pg-array';
import { containsPattern, rowsOf, type Executor } from '../../db/sql';
import { users } from '../users';
import {
  qaExperts,
  qaFollowUps,
  qaHolidays,
  qaImages,
  qaQuestions,
  qaVotes,
  type StoredReference,
} from './qa.table';

export type QuestionRow = typeof qaQuestions.$inferSelect;
export type FollowUpRow = typeof qaFollowUps.$inferSelect;
export type ExpertRow = typeof qaExperts.$inferSelect;

/** Asker name as others see it: first character of the nickname and stars, or the masked phone. */
export function maskAsker(nickname: string | null, phone: string): string {
  const nick = nickname?.trim();
  if (nick) return `${[...nick][0]}**`;
  return `${phone.slice(0, 3)}****${phone.slice(-4)}`;
}

/** SQL of the derived state (waiting with a live claim is "answering"). */
export const stateSql = (now: Date): SQL => sql`CASE
  WHEN q.status = 'waiting' AND q.claimed_by IS NOT NULL
       AND (q.claim_expires_at IS NULL OR q.claim_expires_at > ${now}::timestamptz) THEN 'answering'
  ELSE q.status END`;

/** Public questions: the asker allowed it, staff did not hide it, and it has an answer. */
const PUBLIC = sql`q.is_public AND NOT q.hidden AND q.answer_html IS NOT NULL AND q.status <> 'waiting'`;

export interface CardRow {
  id: number;
  title: string;
  category: string;
  tags: string[];
  body: string;
  nickname: string | null;
  phone: string;
  expert_name: string | null;
  useful_count: number;
  asked_at: Date;
  answered_at: Date | null;
}

const cardColumns = sql`q.id, q.title, q.category, q.tags, left(q.body, 200) AS body, u.nickname, u.phone,
  ce.name AS expert_name, q.useful_count, q.asked_at, q.answered_at`;
const cardJoins = sql`JOIN users u ON u.id = q.user_id
  LEFT JOIN qa_experts qe ON qe.user_id = q.answered_by
  LEFT JOIN content_experts ce ON ce.id = qe.profile_id`;

export interface QueueRow {
  id: number;
  title: string;
  category: string;
  state: QaState;
  nickname: string | null;
  phone: string;
  is_member: boolean;
  hidden: boolean;
  asked_at: Date;
  due_at: Date;
  claimed_by: number | null;
  claimer_name: string | null;
  claim_expires_at: Date | null;
  open_follow_ups: number;
  total: number;
}

/** Search terms for similar questions: 3-character windows of the Chinese runs and Latin/digit words of 3+. */
export function similarTerms(text: string, max = 24): string[] {
  const terms = new Set<string>();
  for (const run of text.match(/[\p{Script=Han}]+/gu) ?? []) {
    const chars = [...run];
    if (chars.length < 3) continue;
    for (let i = 0; i + 3 <= chars.length; i++) terms.add(chars.slice(i, i + 3).join(''));
  }
  for (const word of text.match(/[A-Za-z0-9]{3,}/g) ?? []) terms.add(word);
  return [...terms].slice(0, max);
}

export const qaRepository = {
  // ---- accounts -----------------------------------------------------------------------------------------------
  async account(db: Executor, userId: number) {
    const [u] = await db
      .select({ nickname: users.nickname, phone: users.phone, memberEndAt: users.memberEndAt })
      .from(users)
      .where(eq(users.id, userId));
    return u ?? null;
  },
  async userIdByPhone(db: Executor, phone: string): Promise<number | null> {
    const [u] = await db.select({ id: users.id }).from(users).where(eq(users.phone, phone));
    return u?.id ?? null;
  },
  async staffIds(db: Executor): Promise<number[]> {
    const rows = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.isStaff, true), eq(users.disabled, false)));
    return rows.map((r) => r.id);
  },

  // ---- experts ------------------------------------------------------------------------------------------------
  async expertOfUser(db: Executor, userId: number): Promise<ExpertRow | null> {
    const [row] = await db.select().from(qaExperts).where(eq(qaExperts.userId, userId));
    return row ?? null;
  },
  async expertOfProfile(db: Executor, profileId: number): Promise<ExpertRow | null> {
    const [row] = await db.select().from(qaExperts).where(eq(qaExperts.profileId, profileId));
    return row ?? null;
  },
  async expertsByUsers(db: Executor, userIds: number[]): Promise<Map<number, ExpertRow>> {
    if (userIds.length === 0) return new Map();
    const rows = await db
      .select()
      .from(qaExperts)
      .where(inArray(qaExperts.userId, [...new Set(userIds)]));
    return new Map(rows.map((r) => [r.userId, r]));
  },
  async linkedExperts(db: Executor) {
    return rowsOf<{
      profile_id: number;
      user_id: number;
      phone: string;
      categories: string[];
      open_claims: number;
      answered: number;
    }>(
      db,
      sql`SELECT qe.profile_id, qe.user_id, u.phone, qe.categories,
            (SELECT count(*)::int FROM qa_questions q WHERE q.claimed_by = qe.user_id AND q.status = 'waiting') AS open_claims,
            (SELECT count(*)::int FROM qa_questions q WHERE q.answered_by = qe.user_id) AS answered
          FROM qa_experts qe JOIN users u ON u.id = qe.user_id`,
    );
  },
  async link(db: Executor, v: { profileId: number; userId: number; categories: string[]; now: Date }) {
    await db
      .insert(qaExperts)
      .values({ profileId: v.profileId, userId: v.userId, categories: v.categories, createdAt: v.now })
      .onConflictDoUpdate({
        target: qaExperts.profileId,
        set: { userId: v.userId, categories: v.categories },
      });
  },
  async unlink(db: Executor, profileId: number) {
    await db.delete(qaExperts).where(eq(qaExperts.profileId, profileId));
  },

  // ---- asking -------------------------------------------------------------------------------------------------
  async askedSince(db: Executor, userId: number, since: Date): Promise<number> {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(qaQuestions)
      .where(and(eq(qaQuestions.userId, userId), gte(qaQuestions.askedAt, since)));
    return row?.n ?? 0;
  },
  async insertImage(db: Executor, v: { userId: number; fileName: string; now: Date }) {
    const [row] = await db
      .insert(qaImages)
      .values({ userId: v.userId, fileName: v.fileName, createdAt: v.now })
      .returning({ id: qaImages.id });
    return row!.id;
  },
  /** Attaches the user's unused images to a question; returns their file names in the given order. */
  async attachImages(
    db: Executor,
    userId: number,
    ids: number[],
    questionId: number,
  ): Promise<string[] | null> {
    if (ids.length === 0) return [];
    const rows = await db
      .update(qaImages)
      .set({ questionId })
      .where(and(inArray(qaImages.id, ids), eq(qaImages.userId, userId), isNull(qaImages.questionId)))
      .returning({ id: qaImages.id, fileName: qaImages.fileName });
    if (rows.length !== ids.length) return null;
    const byId = new Map(rows.map((r) => [r.id, r.fileName]));
    return ids.map((id) => byId.get(id)!);
  },
  async insertQuestion(
    db: Executor,
    v: Omit<typeof qaQuestions.$inferInsert, 'id' | 'updatedAt'> & { askedAt: Date },
  ): Promise<number> {
    const [row] = await db
      .insert(qaQuestions)
      .values({ ...v, updatedAt: v.askedAt })
      .returning({ id: qaQuestions.id });
    return row!.id;
  },
  async setImages(db: Executor, id: number, images: string[]) {
    await db.update(qaQuestions).set({ images }).where(eq(qaQuestions.id, id));
  },

  // ---- reading ------------------------------------------------------------------------------------------------
  async question(db: Executor, id: number): Promise<QuestionRow | null> {
    const [row] = await db.select().from(qaQuestions).where(eq(qaQuestions.id, id));
    return row ?? null;
  },
  followUps(db: Executor, questionId: number): Promise<FollowUpRow[]> {
    return db
      .select()
      .from(qaFollowUps)
      .where(eq(qaFollowUps.questionId, questionId))
      .orderBy(asc(qaFollowUps.id));
  },
  async followUp(db: Executor, id: number): Promise<FollowUpRow | null> {
    const [row] = await db.select().from(qaFollowUps).where(eq(qaFollowUps.id, id));
    return row ?? null;
  },
  async hasVoted(db: Executor, questionId: number, userId: number): Promise<boolean> {
    const [row] = await db
      .select({ q: qaVotes.questionId })
      .from(qaVotes)
      .where(and(eq(qaVotes.questionId, questionId), eq(qaVotes.userId, userId)));
    return !!row;
  },

  async publicPage(
    db: Executor,
    f: {
      category?: string;
      tag?: string;
      keyword?: string;
      sort: 'newest' | 'useful';
      limit: number;
      offset: number;
    },
  ): Promise<{ list: CardRow[]; total: number }> {
    const conds: SQL[] = [PUBLIC];
    if (f.category) conds.push(sql`q.category = ${f.category}`);
    if (f.tag) conds.push(sql`${f.tag} = ANY(q.tags)`);
    if (f.keyword) {
      const p = containsPattern(f.keyword);
      conds.push(sql`(q.title ILIKE ${p} OR q.body ILIKE ${p} OR q.answer_html ILIKE ${p})`);
    }
    const order =
      f.sort === 'useful'
        ? sql`q.useful_count DESC, q.answered_at DESC, q.id DESC`
        : sql`q.answered_at DESC, q.id DESC`;
    const rows = await rowsOf<CardRow & { total: number }>(
      db,
      sql`SELECT ${cardColumns}, count(*) OVER ()::int AS total FROM qa_questions q ${cardJoins}
          WHERE ${sql.join(conds, sql` AND `)} ORDER BY ${order} LIMIT ${f.limit} OFFSET ${f.offset}`,
    );
    return { list: rows, total: rows[0]?.total ?? 0 };
  },

  async publicTags(db: Executor, limit: number) {
    return rowsOf<{ name: string; count: number }>(
      db,
      sql`SELECT tag AS name, count(*)::int AS count FROM qa_questions q, unnest(q.tags) AS tag
          WHERE ${PUBLIC} GROUP BY tag ORDER BY count(*) DESC, tag LIMIT ${limit}`,
    );
  },

  publicSitemap(db: Executor) {
    return rowsOf<{ id: number; updated_at: Date }>(
      db,
      sql`SELECT q.id, q.updated_at FROM qa_questions q WHERE ${PUBLIC} ORDER BY q.id`,
    );
  },

  /** Public questions answered by the expert account linked to a think-tank profile, newest first. */
  async publicAnsweredByProfile(db: Executor, profileId: number, limit: number) {
    return rowsOf<{ id: number; title: string; answered_at: string }>(
      db,
      sql`SELECT q.id, q.title, q.answered_at FROM qa_questions q
            JOIN qa_experts e ON e.user_id = q.answered_by
          WHERE e.profile_id = ${profileId} AND ${PUBLIC}
          ORDER BY q.answered_at DESC, q.id DESC LIMIT ${limit}`,
    );
  },

  async isPublic(db: Executor, id: number): Promise<boolean> {
    const rows = await rowsOf<{ id: number }>(
      db,
      sql`SELECT q.id FROM qa_questions q WHERE q.id = ${id} AND ${PUBLIC}`,
    );
    return rows.length > 0;
  },

  /** Public questions ranked by how many of the terms their title (twice) and body contain. */
  async similar(db: Executor, terms: string[], limit: number, excludeId?: number): Promise<CardRow[]> {
    if (terms.length === 0) return [];
    const score = sql.join(
      terms.map((t) => {
        const p = containsPattern(t);
        return sql`(q.title ILIKE ${p})::int * 2 + (q.body ILIKE ${p})::int`;
      }),
      sql` + `,
    );
    const anyMatch = sql.join(
      terms.map((t) => {
        const p = containsPattern(t);
        return sql`q.title ILIKE ${p} OR q.body ILIKE ${p}`;
      }),
      sql` OR `,
    );
    const minScore = Math.min(3, terms.length);
    return rowsOf<CardRow>(
      db,
      sql`SELECT * FROM (
            SELECT ${cardColumns}, (${score}) AS score FROM qa_questions q ${cardJoins}
            WHERE ${PUBLIC} AND (${anyMatch}) ${excludeId ? sql`AND q.id <> ${excludeId}` : sql``}
          ) s WHERE s.score >= ${minScore} ORDER BY s.score DESC, s.useful_count DESC, s.id DESC LIMIT ${limit}`,
    );
  },

  async latestInCategory(
    db: Executor,
    category: string,
    excludeIds: number[],
    limit: number,
  ): Promise<CardRow[]> {
    const exclude = excludeIds.length
      ? sql`AND q.id NOT IN (${sql.join(
          excludeIds.map((i) => sql`${i}`),
          sql`, `,
        )})`
      : sql``;
    return rowsOf<CardRow>(
      db,
      sql`SELECT ${cardColumns} FROM qa_questions q ${cardJoins}
          WHERE ${PUBLIC} AND q.category = ${category} ${exclude}
          ORDER BY q.useful_count DESC, q.answered_at DESC LIMIT ${limit}`,
    );
  },

  async myPage(
    db: Executor,
    userId: number,
    state: QaState | undefined,
    now: Date,
    limit: number,
    offset: number,
  ) {
    const conds: SQL[] = [sql`q.user_id = ${userId}`];
    if (state) conds.push(sql`${stateSql(now)} = ${state}`);
    return rowsOf<QuestionRow & { state: QaState; open_follow_ups: number; total: number }>(
      db,
      sql`SELECT q.id, q.title, q.category, q.is_public AS "isPublic", q.hidden, q.asked_at AS "askedAt",
            q.due_at AS "dueAt", q.answered_at AS "answeredAt", q.rating, ${stateSql(now)} AS state,
            (SELECT count(*)::int FROM qa_follow_ups f WHERE f.question_id = q.id AND f.answer IS NULL) AS open_follow_ups,
            count(*) OVER ()::int AS total
          FROM qa_questions q WHERE ${sql.join(conds, sql` AND `)}
          ORDER BY q.asked_at DESC, q.id DESC LIMIT ${limit} OFFSET ${offset}`,
    );
  },

  async stateOf(
    db: Executor,
    id: number,
    now: Date,
  ): Promise<{ state: QaState; open_follow_ups: number } | null> {
    const [row] = await rowsOf<{ state: QaState; open_follow_ups: number }>(
      db,
      sql`SELECT ${stateSql(now)} AS state,
            (SELECT count(*)::int FROM qa_follow_ups f WHERE f.question_id = q.id AND f.answer IS NULL) AS open_follow_ups
          FROM qa_questions q WHERE q.id = ${id}`,
    );
    return row ?? null;
  },

  /** Queue rows; `where` filters `q`. */
  async queue(
    db: Executor,
    where: SQL,
    order: SQL,
    now: Date,
    limit: number,
    offset: number,
  ): Promise<QueueRow[]> {
    return rowsOf<QueueRow>(
      db,
      sql`SELECT q.id, q.title, q.category, ${stateSql(now)} AS state, u.nickname, u.phone, q.is_member, q.hidden,
            q.asked_at, q.due_at, q.claimed_by, q.claim_expires_at, ce.name AS claimer_name,
            (SELECT count(*)::int FROM qa_follow_ups f WHERE f.question_id = q.id AND f.answer IS NULL) AS open_follow_ups,
            count(*) OVER ()::int AS total
          FROM qa_questions q JOIN users u ON u.id = q.user_id
            LEFT JOIN qa_experts qe ON qe.user_id = q.claimed_by
            LEFT JOIN content_experts ce ON ce.id = qe.profile_id
          WHERE ${where} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`,
    );
  },

  // ---- claims and answers -------------------------------------------------------------------------------------
  /** One statement: of many experts claiming at once, exactly one row update wins. */
  async claim(
    db: Executor,
    v: { id: number; userId: number; categories: string[]; now: Date; expiresAt: Date },
  ) {
    const rows = await rowsOf<{ claim_expires_at: Date | null }>(
      db,
      sql`UPDATE qa_questions q SET
            claim_expires_at = CASE WHEN q.claimed_by = ${v.userId} AND q.claim_expires_at IS NULL THEN NULL
                                    ELSE ${v.expiresAt}::timestamptz END,
            claimed_by = ${v.userId}, updated_at = ${v.now}::timestamptz
          WHERE q.id = ${v.id} AND q.status = 'waiting' AND NOT q.hidden
            AND (q.category = ANY(${pgArray(v.categories)}::text[]) OR q.claimed_by = ${v.userId})
            AND (q.claimed_by IS NULL OR q.claimed_by = ${v.userId}
                 OR (q.claim_expires_at IS NOT NULL AND q.claim_expires_at <= ${v.now}::timestamptz))
          RETURNING q.claim_expires_at`,
    );
    return rows[0] ?? null;
  },
  async release(db: Executor, id: number, userId: number, now: Date): Promise<boolean> {
    const rows = await db
      .update(qaQuestions)
      .set({ claimedBy: null, claimExpiresAt: null, updatedAt: now })
      .where(
        and(eq(qaQuestions.id, id), eq(qaQuestions.claimedBy, userId), eq(qaQuestions.status, 'waiting')),
      )
      .returning({ id: qaQuestions.id });
    return rows.length > 0;
  },
  async answer(
    db: Executor,
    v: { id: number; userId: number; now: Date; html: string; references: StoredReference[]; tags: string[] },
  ): Promise<boolean> {
    const rows = await rowsOf<{ id: number }>(
      db,
      sql`UPDATE qa_questions q SET status = 'answered', answered_by = ${v.userId}, answered_at = ${v.now}::timestamptz,
            answer_html = ${v.html}, "references" = ${JSON.stringify(v.references)}::jsonb,
            tags = ${pgArray(v.tags)}::text[], claim_expires_at = NULL, updated_at = ${v.now}::timestamptz
          WHERE q.id = ${v.id} AND q.status = 'waiting' AND NOT q.hidden AND q.claimed_by = ${v.userId}
            AND (q.claim_expires_at IS NULL OR q.claim_expires_at > ${v.now}::timestamptz)
          RETURNING q.id`,
    );
    return rows.length > 0;
  },
  async assign(db: Executor, id: number, expertUserId: number, now: Date): Promise<boolean> {
    const rows = await db
      .update(qaQuestions)
      .set({ claimedBy: expertUserId, claimExpiresAt: null, updatedAt: now })
      .where(and(eq(qaQuestions.id, id), eq(qaQuestions.status, 'waiting')))
      .returning({ id: qaQuestions.id });
    return rows.length > 0;
  },
  async setHidden(db: Executor, id: number, hidden: boolean, now: Date): Promise<boolean> {
    const rows = await db
      .update(qaQuestions)
      .set({ hidden, updatedAt: now })
      .where(eq(qaQuestions.id, id))
      .returning({ id: qaQuestions.id });
    return rows.length > 0;
  },

  // ---- follow-ups, closing, rating, votes ---------------------------------------------------------------------
  async insertFollowUp(db: Executor, questionId: number, content: string, now: Date) {
    await db.insert(qaFollowUps).values({ questionId, content, askedAt: now });
  },
  async answerFollowUp(
    db: Executor,
    id: number,
    userId: number,
    answer: string,
    now: Date,
  ): Promise<boolean> {
    const rows = await db
      .update(qaFollowUps)
      .set({ answer, answeredAt: now, answeredBy: userId })
      .where(and(eq(qaFollowUps.id, id), isNull(qaFollowUps.answer)))
      .returning({ id: qaFollowUps.id });
    return rows.length > 0;
  },
  async close(db: Executor, id: number, userId: number, now: Date): Promise<boolean> {
    const rows = await db
      .update(qaQuestions)
      .set({ status: 'closed', closedAt: now, claimExpiresAt: null, updatedAt: now })
      .where(
        and(eq(qaQuestions.id, id), eq(qaQuestions.userId, userId), sql`${qaQuestions.status} <> 'closed'`),
      )
      .returning({ id: qaQuestions.id });
    return rows.length > 0;
  },
  async rate(db: Executor, id: number, userId: number, rating: number, now: Date): Promise<boolean> {
    const rows = await db
      .update(qaQuestions)
      .set({ rating, updatedAt: now })
      .where(
        and(
          eq(qaQuestions.id, id),
          eq(qaQuestions.userId, userId),
          isNull(qaQuestions.rating),
          sql`${qaQuestions.answerHtml} IS NOT NULL`,
        ),
      )
      .returning({ id: qaQuestions.id });
    return rows.length > 0;
  },
  /** Records the vote; false when this user already voted. */
  async vote(db: Executor, questionId: number, userId: number, now: Date): Promise<boolean> {
    const inserted = await db
      .insert(qaVotes)
      .values({ questionId, userId, createdAt: now })
      .onConflictDoNothing()
      .returning({ q: qaVotes.questionId });
    if (inserted.length === 0) return false;
    await db
      .update(qaQuestions)
      .set({ usefulCount: sql`${qaQuestions.usefulCount} + 1` })
      .where(eq(qaQuestions.id, questionId));
    return true;
  },

  // ---- calendar -----------------------------------------------------------------------------------------------
  holidays(db: Executor) {
    return db.select().from(qaHolidays).orderBy(asc(qaHolidays.date));
  },
  async saveHoliday(db: Executor, v: { date: string; kind: 'holiday' | 'workday'; name: string; now: Date }) {
    await db
      .insert(qaHolidays)
      .values({ date: v.date, kind: v.kind, name: v.name, updatedAt: v.now })
      .onConflictDoUpdate({ target: qaHolidays.date, set: { kind: v.kind, name: v.name, updatedAt: v.now } });
  },
  async deleteHoliday(db: Executor, date: string): Promise<boolean> {
    const rows = await db
      .delete(qaHolidays)
      .where(eq(qaHolidays.date, date))
      .returning({ d: qaHolidays.date });
    return rows.length > 0;
  },

  // ---- stats --------------------------------------------------------------------------------------------------
  async monthStats(db: Executor, since: Date, now: Date) {
    const [row] = await rowsOf<{ due: number; in_time: number; waiting: number; overdue: number }>(
      db,
      sql`SELECT
            count(*) FILTER (WHERE q.is_member AND q.asked_at >= ${since}::timestamptz AND NOT q.hidden
              AND (q.answered_at IS NOT NULL OR q.due_at <= ${now}::timestamptz))::int AS due,
            count(*) FILTER (WHERE q.is_member AND q.asked_at >= ${since}::timestamptz AND NOT q.hidden
              AND q.answered_at IS NOT NULL AND q.answered_at <= q.due_at)::int AS in_time,
            count(*) FILTER (WHERE q.status = 'waiting' AND NOT q.hidden)::int AS waiting,
            count(*) FILTER (WHERE q.status = 'waiting' AND NOT q.hidden AND q.due_at <= ${now}::timestamptz)::int AS overdue
          FROM qa_questions q`,
    );
    return row!;
  },
  countAnsweredBetween(db: Executor, from: Date, to: Date) {
    return db
      .select({ n: sql<number>`count(*)::int` })
      .from(qaQuestions)
      .where(and(gte(qaQuestions.answeredAt, from), lt(qaQuestions.answeredAt, to)));
  },
};
