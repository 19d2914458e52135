import { and, asc, count, desc, eq, gte, ilike, inArray, isNotNull, isNull, lt, lte, min, or, sql } from 'drizzle-orm';
import type { AnswerValue, ExamPaperRule, QuestionKind } from '@app/contracts';
import type { DbOrTx } from '../../db/client';
import { containsPattern, rowsOf } from '../../db/sql';
import { personalAchieve, users } from '../users';
import {
  examsAnswers,
  examsAttempts,
  examsCertificates,
  examsKeys,
  examsPaperQuestions,
  examsPapers,
  examsQuestions,
  examsRegistrations,
  examsSessions,
  examsTypes,
  type AttemptItem,
} from './exams.table';

export type TypeRow = typeof examsTypes.$inferSelect;
export type SessionRow = typeof examsSessions.$inferSelect;
export type PaperRow = typeof examsPapers.$inferSelect;
export type QuestionRow = typeof examsQuestions.$inferSelect;
export type RegistrationRow = typeof examsRegistrations.$inferSelect;
export type AttemptRow = typeof examsAttempts.$inferSelect;
export type AnswerRow = typeof examsAnswers.$inferSelect;
export type CertificateRow = typeof examsCertificates.$inferSelect;
export type QuestionValues = Omit<typeof examsQuestions.$inferInsert, 'id'>;

/** One autosave request: the caller, its login session, its time, and the answers it writes. */
export interface SaveAnswersInput {
  attemptId: number;
  userId: number;
  authSessionId: number;
  now: Date;
  answers: { question_id: number; answer: AnswerValue | null; flagged: boolean }[];
}

/** Only the exams tables and read-only joins of users' exported tables. */
export const examsRepository = {
  types: (db: DbOrTx) => db.select().from(examsTypes).orderBy(asc(examsTypes.sort), asc(examsTypes.id)),

  typeByName: async (db: DbOrTx, typeName: string) =>
    (await db.select().from(examsTypes).where(eq(examsTypes.typeName, typeName)))[0],

  typeById: async (db: DbOrTx, id: number) => (await db.select().from(examsTypes).where(eq(examsTypes.id, id)))[0],

  sessionsOfType: (db: DbOrTx, typeId: number) =>
    db
      .select({ session: examsSessions, paper: examsPapers })
      .from(examsSessions)
      .innerJoin(examsPapers, eq(examsPapers.id, examsSessions.paperId))
      .where(eq(examsSessions.typeId, typeId))
      .orderBy(desc(examsSessions.examStart)),

  /** A session with its type and paper. */
  session: async (db: DbOrTx, id: number) =>
    (
      await db
        .select({ session: examsSessions, type: examsTypes, paper: examsPapers })
        .from(examsSessions)
        .innerJoin(examsTypes, eq(examsTypes.id, examsSessions.typeId))
        .innerJoin(examsPapers, eq(examsPapers.id, examsSessions.paperId))
        .where(eq(examsSessions.id, id))
    )[0],

  registeredCounts: async (db: DbOrTx, sessionIds: number[]) => {
    if (sessionIds.length === 0) return new Map<number, number>();
    const rows = await db
      .select({ sessionId: examsRegistrations.sessionId, n: count() })
      .from(examsRegistrations)
      .where(and(inArray(examsRegistrations.sessionId, sessionIds), eq(examsRegistrations.state, 'registered')))
      .groupBy(examsRegistrations.sessionId);
    return new Map(rows.map((r) => [r.sessionId, r.n]));
  },

  registrationsOfUser: (db: DbOrTx, userId: number, sessionIds?: number[]) =>
    db
      .select()
      .from(examsRegistrations)
      .where(
        and(
          eq(examsRegistrations.userId, userId),
          sessionIds ? inArray(examsRegistrations.sessionId, sessionIds.length ? sessionIds : [0]) : undefined,
        ),
      ),

  /** The user's registrations with session, type and paper, newest exam first. */
  myRegistrations: (db: DbOrTx, userId: number) =>
    db
      .select({ reg: examsRegistrations, session: examsSessions, type: examsTypes, paper: examsPapers })
      .from(examsRegistrations)
      .innerJoin(examsSessions, eq(examsSessions.id, examsRegistrations.sessionId))
      .innerJoin(examsTypes, eq(examsTypes.id, examsSessions.typeId))
      .innerJoin(examsPapers, eq(examsPapers.id, examsSessions.paperId))
      .where(eq(examsRegistrations.userId, userId))
      .orderBy(desc(examsSessions.examStart), desc(examsRegistrations.id)),

  /** One of the user's registrations (another user's answers as missing). */
  registration: async (db: DbOrTx, id: number, userId: number) =>
    (
      await db
        .select({ reg: examsRegistrations, session: examsSessions, type: examsTypes, paper: examsPapers })
        .from(examsRegistrations)
        .innerJoin(examsSessions, eq(examsSessions.id, examsRegistrations.sessionId))
        .innerJoin(examsTypes, eq(examsTypes.id, examsSessions.typeId))
        .innerJoin(examsPapers, eq(examsPapers.id, examsSessions.paperId))
        .where(and(eq(examsRegistrations.id, id), eq(examsRegistrations.userId, userId)))
    )[0],

  /** Inserts a registration, or turns a pending-payment one into registered; undefined when already registered. */
  upsertRegistration: async (
    db: DbOrTx,
    v: { sessionId: number; userId: number; state: 'registered' | 'pending_payment'; orderNo: string | null; now: Date },
  ) =>
    (
      await db
        .insert(examsRegistrations)
        .values({ sessionId: v.sessionId, userId: v.userId, state: v.state, orderNo: v.orderNo, createdAt: v.now })
        .onConflictDoUpdate({
          target: [examsRegistrations.sessionId, examsRegistrations.userId],
          set: { state: v.state, orderNo: v.orderNo },
          setWhere: sql`${examsRegistrations.state} = 'pending_payment'`,
        })
        .returning({ id: examsRegistrations.id })
    )[0]?.id,

  /** Star level and finished courses, for eligibility. */
  achievements: async (db: DbOrTx, userId: number) => {
    const [row] = await db
      .select({
        role: users.role,
        memberEndAt: users.memberEndAt,
        starId: personalAchieve.starId,
        finished: personalAchieve.finishCourseNum,
      })
      .from(users)
      .leftJoin(personalAchieve, eq(personalAchieve.userId, users.id))
      .where(eq(users.id, userId));
    return row;
  },

  holder: async (db: DbOrTx, userId: number) =>
    (
      await db
        .select({ realName: users.realName, nickname: users.nickname, phone: users.phone })
        .from(users)
        .where(eq(users.id, userId))
    )[0],

  // ------------------------------------------------------------------------------------------------- attempts

  attemptsOfRegistrations: async (db: DbOrTx, ids: number[]) =>
    ids.length === 0
      ? []
      : db
          .select()
          .from(examsAttempts)
          .where(inArray(examsAttempts.registrationId, ids))
          .orderBy(asc(examsAttempts.seq)),

  openAttempt: async (db: DbOrTx, registrationId: number) =>
    (
      await db
        .select()
        .from(examsAttempts)
        .where(and(eq(examsAttempts.registrationId, registrationId), eq(examsAttempts.state, 'in_progress')))
    )[0],

  insertAttempt: async (db: DbOrTx, v: typeof examsAttempts.$inferInsert) =>
    (await db.insert(examsAttempts).values(v).returning({ id: examsAttempts.id }))[0]!.id,

  setItems: (db: DbOrTx, id: number, items: AttemptItem[]) =>
    db
      .update(examsAttempts)
      .set({ items, questionIds: items.map((i) => i.q) })
      .where(eq(examsAttempts.id, id)),

  /** An attempt with what it needs to be shown or graded; `userId` limits it to its owner. */
  attempt: async (db: DbOrTx, id: number, userId?: number) =>
    (
      await db
        .select({
          attempt: examsAttempts,
          reg: examsRegistrations,
          session: examsSessions,
          type: examsTypes,
          paper: examsPapers,
        })
        .from(examsAttempts)
        .innerJoin(examsRegistrations, eq(examsRegistrations.id, examsAttempts.registrationId))
        .innerJoin(examsSessions, eq(examsSessions.id, examsRegistrations.sessionId))
        .innerJoin(examsTypes, eq(examsTypes.id, examsSessions.typeId))
        .innerJoin(examsPapers, eq(examsPapers.id, examsSessions.paperId))
        .where(and(eq(examsAttempts.id, id), userId === undefined ? undefined : eq(examsAttempts.userId, userId)))
    )[0],

  answers: (db: DbOrTx, attemptId: number) =>
    db.select().from(examsAnswers).where(eq(examsAnswers.attemptId, attemptId)),

  /**
   * Autosave of several requests at once (group commit, see answer-batch.ts): ONE statement writes every answer of
   * every request whose attempt is the caller's, open, before its deadline at the request's time, bound to the
   * request's login session, and whose questions are all on it; a request that fails any check writes nothing.
   * Requests must name distinct attempts and distinct questions within a request. Answers the rows written per
   * attempt (0 or all of that request's answers).
   */
  saveAnswersBatch: async (db: DbOrTx, requests: readonly SaveAnswersInput[]): Promise<Map<number, number>> => {
    const payload = JSON.stringify(
      requests.flatMap((v) =>
        v.answers.map((a) => ({
          a: v.attemptId,
          u: v.userId,
          s: v.authSessionId,
          at: v.now.toISOString(),
          q: a.question_id,
          ans: a.answer,
          flag: a.flagged,
        })),
      ),
    );
    const rows = await rowsOf<{ attempt_id: number }>(
      db,
      sql`INSERT INTO exams_answers (attempt_id, question_id, answer, flagged, updated_at)
          SELECT a.id, x.q, jsonb_build_object('v', x.ans), coalesce(x.flag, false), x.at
            FROM jsonb_to_recordset(${payload}::jsonb)
                   AS x(a int, u int, s int, at timestamptz, q int, ans jsonb, flag boolean)
            JOIN exams_attempts a ON a.id = x.a
           WHERE a.user_id = x.u AND a.state = 'in_progress' AND a.deadline > x.at AND a.auth_session_id = x.s
             AND NOT EXISTS (
               SELECT 1 FROM jsonb_to_recordset(${payload}::jsonb) AS y(a int, q int)
                WHERE y.a = x.a AND NOT (y.q = ANY(a.question_ids)))
          ON CONFLICT (attempt_id, question_id) DO UPDATE
             SET answer = excluded.answer, flagged = excluded.flagged, updated_at = excluded.updated_at
          RETURNING attempt_id`,
    );
    const written = new Map<number, number>();
    for (const r of rows) written.set(Number(r.attempt_id), (written.get(Number(r.attempt_id)) ?? 0) + 1);
    return written;
  },

  /** Counts one leave of an open attempt of this session; undefined when the attempt does not accept it. */
  addLeave: async (db: DbOrTx, v: { attemptId: number; userId: number; authSessionId: number; now: Date }) =>
    (
      await db
        .update(examsAttempts)
        .set({ leaveCount: sql`${examsAttempts.leaveCount} + 1` })
        .where(
          and(
            eq(examsAttempts.id, v.attemptId),
            eq(examsAttempts.userId, v.userId),
            eq(examsAttempts.state, 'in_progress'),
            eq(examsAttempts.authSessionId, v.authSessionId),
            sql`${examsAttempts.deadline} > ${v.now}`,
          ),
        )
        .returning({ leaveCount: examsAttempts.leaveCount })
    )[0]?.leaveCount,

  rebind: (db: DbOrTx, attemptId: number, authSessionId: number) =>
    db
      .update(examsAttempts)
      .set({ authSessionId, takeovers: sql`${examsAttempts.takeovers} + 1` })
      .where(and(eq(examsAttempts.id, attemptId), eq(examsAttempts.state, 'in_progress'))),

  /** The one conditional update that closes an attempt: true for the single caller that closed it. */
  close: async (db: DbOrTx, v: { id: number; reason: 'manual' | 'deadline' | 'leaves'; at: Date }) =>
    (
      await db
        .update(examsAttempts)
        .set({ state: 'submitted', submittedAt: v.at, submitReason: v.reason })
        .where(and(eq(examsAttempts.id, v.id), eq(examsAttempts.state, 'in_progress')))
        .returning({ id: examsAttempts.id })
    ).length === 1,

  /** Open attempts whose deadline has passed (the sweep). */
  overdue: async (db: DbOrTx, now: Date, limit: number) =>
    db
      .select({ id: examsAttempts.id, deadline: examsAttempts.deadline })
      .from(examsAttempts)
      .where(and(eq(examsAttempts.state, 'in_progress'), lte(examsAttempts.deadline, now)))
      .orderBy(asc(examsAttempts.deadline))
      .limit(limit),

  /** Writes the grading of every question of a closed attempt (unanswered ones get a row too). */
  writeGrades: async (
    db: DbOrTx,
    attemptId: number,
    rows: { questionId: number; earned: number | null; needsGrading: boolean }[],
    now: Date,
  ) => {
    if (rows.length === 0) return;
    await db
      .insert(examsAnswers)
      .values(
        rows.map((r) => ({
          attemptId,
          questionId: r.questionId,
          answer: null,
          flagged: false,
          updatedAt: now,
          earned: r.earned,
          needsGrading: r.needsGrading,
        })),
      )
      .onConflictDoUpdate({
        target: [examsAnswers.attemptId, examsAnswers.questionId],
        set: { earned: sql`excluded.earned`, needsGrading: sql`excluded.needs_grading` },
      });
  },

  setPending: (db: DbOrTx, id: number, pending: number) =>
    db.update(examsAttempts).set({ pendingGrading: pending }).where(eq(examsAttempts.id, id)),

  setResult: (db: DbOrTx, id: number, v: { score: number; passed: boolean; now: Date }) =>
    db
      .update(examsAttempts)
      .set({ state: 'graded', score: v.score, passed: v.passed, gradedAt: v.now, pendingGrading: 0 })
      .where(eq(examsAttempts.id, id)),

  questionsByIds: async (db: DbOrTx, ids: number[]) =>
    ids.length === 0 ? [] : db.select().from(examsQuestions).where(inArray(examsQuestions.id, ids)),

  paperQuestions: (db: DbOrTx, paperId: number) =>
    db
      .select({ questionId: examsPaperQuestions.questionId, score: examsPaperQuestions.score })
      .from(examsPaperQuestions)
      .where(eq(examsPaperQuestions.paperId, paperId))
      .orderBy(asc(examsPaperQuestions.position)),

  /** Active questions matching one random-paper rule, by id. */
  ruleCandidates: async (db: DbOrTx, typeId: number, rule: ExamPaperRule) =>
    (
      await db
        .select({ id: examsQuestions.id })
        .from(examsQuestions)
        .where(
          and(
            eq(examsQuestions.typeId, typeId),
            eq(examsQuestions.active, true),
            eq(examsQuestions.kind, rule.kind),
            rule.knowledge_point ? eq(examsQuestions.knowledgePoint, rule.knowledge_point) : undefined,
            rule.difficulty ? eq(examsQuestions.difficulty, rule.difficulty) : undefined,
          ),
        )
        .orderBy(asc(examsQuestions.id))
    ).map((r) => r.id),

  // ------------------------------------------------------------------------------------------------- grading

  gradingQueue: (db: DbOrTx) =>
    db
      .select({
        attemptId: examsAnswers.attemptId,
        questionId: examsAnswers.questionId,
        answer: examsAnswers.answer,
        examName: examsTypes.name,
        stem: examsQuestions.stem,
        reference: examsQuestions.answer,
        items: examsAttempts.items,
        submittedAt: examsAttempts.submittedAt,
      })
      .from(examsAnswers)
      .innerJoin(examsAttempts, eq(examsAttempts.id, examsAnswers.attemptId))
      .innerJoin(examsRegistrations, eq(examsRegistrations.id, examsAttempts.registrationId))
      .innerJoin(examsSessions, eq(examsSessions.id, examsRegistrations.sessionId))
      .innerJoin(examsTypes, eq(examsTypes.id, examsSessions.typeId))
      .innerJoin(examsQuestions, eq(examsQuestions.id, examsAnswers.questionId))
      .where(and(eq(examsAnswers.needsGrading, true), isNull(examsAnswers.gradedAt), eq(examsAttempts.state, 'submitted')))
      .orderBy(asc(examsAttempts.submittedAt), asc(examsAnswers.attemptId), asc(examsAnswers.questionId))
      .limit(200),

  /** Grades one short answer once; false when it was not waiting for a grade. */
  gradeAnswer: async (
    db: DbOrTx,
    v: { attemptId: number; questionId: number; earned: number; comment: string; staffId: number; now: Date },
  ) =>
    (
      await db
        .update(examsAnswers)
        .set({ earned: v.earned, comment: v.comment || null, gradedBy: v.staffId, gradedAt: v.now })
        .where(
          and(
            eq(examsAnswers.attemptId, v.attemptId),
            eq(examsAnswers.questionId, v.questionId),
            eq(examsAnswers.needsGrading, true),
            isNull(examsAnswers.gradedAt),
          ),
        )
        .returning({ one: examsAnswers.attemptId })
    ).length === 1,

  decrementPending: async (db: DbOrTx, attemptId: number) =>
    (
      await db
        .update(examsAttempts)
        .set({ pendingGrading: sql`${examsAttempts.pendingGrading} - 1` })
        .where(and(eq(examsAttempts.id, attemptId), eq(examsAttempts.state, 'submitted')))
        .returning({ pending: examsAttempts.pendingGrading })
    )[0]?.pending,

  // ------------------------------------------------------------------------------------------------- certificates

  insertCertificate: async (db: DbOrTx, v: typeof examsCertificates.$inferInsert) =>
    (await db.insert(examsCertificates).values(v).onConflictDoNothing().returning())[0],

  certificateByNumber: async (db: DbOrTx, number: string) =>
    (await db.select().from(examsCertificates).where(eq(examsCertificates.number, number)))[0],

  certificateByAttempt: async (db: DbOrTx, attemptIds: number[]) =>
    attemptIds.length === 0
      ? []
      : db
          .select({ attemptId: examsCertificates.attemptId, number: examsCertificates.number })
          .from(examsCertificates)
          .where(inArray(examsCertificates.attemptId, attemptIds)),

  certificatesOfUser: (db: DbOrTx, userId: number) =>
    db
      .select()
      .from(examsCertificates)
      .where(eq(examsCertificates.userId, userId))
      .orderBy(desc(examsCertificates.issuedAt)),

  adminCertificates: (db: DbOrTx, keyword?: string) =>
    db
      .select({ cert: examsCertificates, phone: users.phone })
      .from(examsCertificates)
      .innerJoin(users, eq(users.id, examsCertificates.userId))
      .where(
        keyword
          ? or(
              ilike(examsCertificates.number, containsPattern(keyword)),
              ilike(examsCertificates.holderName, containsPattern(keyword)),
              ilike(users.phone, containsPattern(keyword)),
            )
          : undefined,
      )
      .orderBy(desc(examsCertificates.issuedAt))
      .limit(200),

  adminCertificate: async (db: DbOrTx, id: number) =>
    (
      await db
        .select({ cert: examsCertificates, phone: users.phone })
        .from(examsCertificates)
        .innerJoin(users, eq(users.id, examsCertificates.userId))
        .where(eq(examsCertificates.id, id))
    )[0],

  /** The revoked certificates with ids in [from, to), and when the first certificate of that range was issued. */
  revocationsInRange: async (db: DbOrTx, from: number, to: number) => {
    const inRange = and(gte(examsCertificates.id, from), lt(examsCertificates.id, to));
    const [revoked, [first]] = await Promise.all([
      db
        .select({ id: examsCertificates.id, revokedAt: examsCertificates.revokedAt })
        .from(examsCertificates)
        .where(and(inRange, isNotNull(examsCertificates.revokedAt))),
      db.select({ issuedAt: min(examsCertificates.issuedAt) }).from(examsCertificates).where(inRange),
    ]);
    return { revoked: revoked as { id: number; revokedAt: Date }[], firstIssuedAt: first?.issuedAt ?? null };
  },

  revoke: async (db: DbOrTx, v: { id: number; reason: string; staffId: number; now: Date }) =>
    (
      await db
        .update(examsCertificates)
        .set({ revokedAt: v.now, revokeReason: v.reason, revokedBy: v.staffId })
        .where(and(eq(examsCertificates.id, v.id), isNull(examsCertificates.revokedAt)))
        .returning({ id: examsCertificates.id })
    ).length === 1,

  // ------------------------------------------------------------------------------------------------- bank

  questionPage: async (
    db: DbOrTx,
    q: { typeId?: number; kind?: QuestionKind; keyword?: string; limit: number; offset: number },
  ) => {
    const where = and(
      q.typeId ? eq(examsQuestions.typeId, q.typeId) : undefined,
      q.kind ? eq(examsQuestions.kind, q.kind) : undefined,
      q.keyword
        ? or(
            ilike(examsQuestions.stem, containsPattern(q.keyword)),
            ilike(examsQuestions.knowledgePoint, containsPattern(q.keyword)),
          )
        : undefined,
    );
    const [list, [total]] = await Promise.all([
      db.select().from(examsQuestions).where(where).orderBy(desc(examsQuestions.id)).limit(q.limit).offset(q.offset),
      db.select({ n: count() }).from(examsQuestions).where(where),
    ]);
    return { list, total: total?.n ?? 0 };
  },

  question: async (db: DbOrTx, id: number) =>
    (await db.select().from(examsQuestions).where(eq(examsQuestions.id, id)))[0],

  insertQuestions: (db: DbOrTx, rows: QuestionValues[]) =>
    db.insert(examsQuestions).values(rows).returning(),

  updateQuestion: async (db: DbOrTx, id: number, v: Partial<QuestionValues>) =>
    (await db.update(examsQuestions).set(v).where(eq(examsQuestions.id, id)).returning())[0],

  papers: (db: DbOrTx) =>
    db
      .select({ paper: examsPapers, typeName: examsTypes.name })
      .from(examsPapers)
      .innerJoin(examsTypes, eq(examsTypes.id, examsPapers.typeId))
      .orderBy(desc(examsPapers.id)),

  insertPaper: async (db: DbOrTx, v: typeof examsPapers.$inferInsert) =>
    (await db.insert(examsPapers).values(v).returning())[0]!,

  insertPaperQuestions: async (db: DbOrTx, rows: (typeof examsPaperQuestions.$inferInsert)[]) => {
    if (rows.length) await db.insert(examsPaperQuestions).values(rows);
  },

  allPaperQuestions: (db: DbOrTx) => db.select().from(examsPaperQuestions),

  allSessions: (db: DbOrTx) =>
    db
      .select({ session: examsSessions, type: examsTypes, paper: examsPapers })
      .from(examsSessions)
      .innerJoin(examsTypes, eq(examsTypes.id, examsSessions.typeId))
      .innerJoin(examsPapers, eq(examsPapers.id, examsSessions.paperId))
      .orderBy(desc(examsSessions.examStart), desc(examsSessions.id)),

  insertType: async (db: DbOrTx, v: typeof examsTypes.$inferInsert) =>
    (await db.insert(examsTypes).values(v).returning())[0]!,

  updateType: async (db: DbOrTx, id: number, v: Partial<typeof examsTypes.$inferInsert>) =>
    (await db.update(examsTypes).set(v).where(eq(examsTypes.id, id)).returning())[0],

  insertSession: async (db: DbOrTx, v: typeof examsSessions.$inferInsert) =>
    (await db.insert(examsSessions).values(v).returning({ id: examsSessions.id }))[0]!.id,

  paper: async (db: DbOrTx, id: number) => (await db.select().from(examsPapers).where(eq(examsPapers.id, id)))[0],

  // ------------------------------------------------------------------------------------------------- keys

  key: async (db: DbOrTx, name: string) => (await db.select().from(examsKeys).where(eq(examsKeys.name, name)))[0],

  insertKey: (db: DbOrTx, v: typeof examsKeys.$inferInsert) => db.insert(examsKeys).values(v).onConflictDoNothing(),
};
