import { randomInt } from 'node:crypto';
import {
  QUESTION_KINDS,
  STAR_LEVELS,
  examsMessages as m,
  countsAsLeave,
  maskName,
  type AnswerValue,
  type Attempt,
  type AttemptSummary,
  type Certificate,
  type CertificateCheck,
  type CertificateState,
  type ExamNotice,
  type ExamSession,
  type ExamType,
  type MyExams,
  type MyRegistration,
  type SaveAnswersResult,
  type LeaveResult,
} from '@app/contracts';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { isUniqueViolation } from '../../db/sql';
import { AppError } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth';
import type { Clock } from '../../lib/clock';
import type { AuditTrail, StaffActor } from '../audit';
import { createCreditLedger } from '../credits';
import type { MessagesService } from '../messages';
import { displayName } from '../users';
import { createAnswerBatch } from './answer-batch';
import { addMonths, chinaYear } from './exams.dates';
import {
  examsRepository as repo,
  type AttemptRow,
  type CertificateRow,
  type PaperRow,
  type QuestionRow,
  type RegistrationRow,
  type SessionRow,
  type TypeRow,
} from './exams.repository';
import { attemptSeed, gradeObjective, round1, seededRandom, shuffled } from './exams.scoring';
import type { AttemptItem } from './exams.table';

const starLabel = (n: number) => STAR_LEVELS.find((s) => s.value === n)?.label ?? `${n}星`;

/** How many overdue attempts one sweep closes (the next sweep takes the rest). */
const SWEEP_BATCH = 200;

export function sessionPhase(s: SessionRow, now: Date): ExamSession['phase'] {
  const t = now.getTime();
  if (t >= s.examEnd.getTime()) return 'exam_closed';
  if (t >= s.examStart.getTime()) return 'exam_open';
  if (t < s.registerStart.getTime()) return 'registration_upcoming';
  if (t < s.registerEnd.getTime()) return 'registration_open';
  return 'registration_closed';
}

export function certificateState(c: Pick<CertificateRow, 'revokedAt' | 'validUntil'>, now: Date): CertificateState {
  if (c.revokedAt) return 'revoked';
  return c.validUntil.getTime() <= now.getTime() ? 'expired' : 'valid';
}

const toType = (t: TypeRow): ExamType => ({
  id: t.id,
  type_name: t.typeName,
  name: t.name,
  level: t.level,
  summary: t.summary,
  fee_mode: t.feeMode,
  fee: t.fee,
  pass_score: t.passScore,
  full_score: t.fullScore,
  validity_months: t.validityMonths,
  min_star: t.minStar,
  min_finished_courses: t.minFinishedCourses,
  credit_category: t.creditCategory,
  credits: t.credits,
});

function toSession(
  s: SessionRow,
  paper: PaperRow,
  registered: number,
  now: Date,
  mine: RegistrationRow | undefined,
): ExamSession {
  return {
    id: s.id,
    title: s.title,
    register_start: s.registerStart.toISOString(),
    register_end: s.registerEnd.toISOString(),
    exam_start: s.examStart.toISOString(),
    exam_end: s.examEnd.toISOString(),
    duration_minutes: paper.durationMinutes,
    max_leaves: paper.maxLeaves,
    max_attempts: s.maxAttempts,
    retake_after_pass: s.retakeAfterPass,
    capacity: s.capacity,
    registered_count: registered,
    phase: sessionPhase(s, now),
    registration_open: now >= s.registerStart && now < s.registerEnd,
    my_registration: mine ? { id: mine.id, state: mine.state } : null,
  };
}

export function toCertificate(c: CertificateRow, now: Date): Certificate {
  return {
    id: c.id,
    number: c.number,
    holder_name: c.holderName,
    exam_name: c.examName,
    level: c.level,
    score: c.score,
    issued_at: c.issuedAt.toISOString(),
    valid_until: c.validUntil.toISOString(),
    state: certificateState(c, now),
    revoked_at: c.revokedAt?.toISOString() ?? null,
    revoke_reason: c.revokeReason,
  };
}

/**
 * Attempts a candidate may still start in a session: none after a pass unless staff allow a retake
 * (`retake_after_pass`), otherwise what the session's limit leaves.
 */
export function attemptsLeft(session: Pick<SessionRow, 'maxAttempts' | 'retakeAfterPass'>, attempts: AttemptRow[]) {
  if (!session.retakeAfterPass && attempts.some((a) => a.state === 'graded' && a.passed)) return 0;
  return Math.max(0, session.maxAttempts - attempts.length);
}

const toSummary = (a: AttemptRow): AttemptSummary => ({
  id: a.id,
  seq: a.seq,
  state: a.state,
  started_at: a.startedAt.toISOString(),
  deadline: a.deadline.toISOString(),
  submitted_at: a.submittedAt?.toISOString() ?? null,
  submit_reason: a.submitReason,
  score: a.state === 'graded' ? a.score : null,
  passed: a.state === 'graded' ? a.passed : null,
});

/** Eligibility reasons the user does not meet (empty when eligible). */
async function eligibilityGaps(db: DbOrTx, userId: number, type: TypeRow): Promise<string[]> {
  const a = await repo.achievements(db, userId);
  const gaps: string[] = [];
  if ((a?.starId ?? 0) < type.minStar) gaps.push(m.needStar(starLabel(type.minStar)));
  if ((a?.finished ?? 0) < type.minFinishedCourses) gaps.push(m.needCourses(type.minFinishedCourses));
  return gaps;
}

function isMember(memberEndAt: Date | null | undefined, now: Date): boolean {
  return !!memberEndAt && memberEndAt.getTime() > now.getTime();
}

/**
 * The checks before a registration (free or paid): personal account, registration window, eligibility, not yet
 * registered, room left. Answers whether this user must pay and how much.
 */
async function registrationTerms(db: DbOrTx, userId: number, sessionId: number, now: Date) {
  const found = await repo.session(db, sessionId);
  if (!found) throw AppError.notFound(m.sessionNotFound);
  const { session, type } = found;
  const who = await repo.achievements(db, userId);
  if (!who || who.role !== 'personal') throw AppError.forbidden(m.notPersonal);
  if (now < session.registerStart || now >= session.registerEnd) throw AppError.conflict(m.registrationNotOpen);
  const gaps = await eligibilityGaps(db, userId, type);
  if (gaps.length) throw AppError.forbidden(m.notEligible(gaps.join('；')));
  const [mine] = await repo.registrationsOfUser(db, userId, [sessionId]);
  if (mine?.state === 'registered') throw AppError.conflict(m.registeredAlready);
  if (session.capacity !== null) {
    const n = (await repo.registeredCounts(db, [sessionId])).get(sessionId) ?? 0;
    if (n >= session.capacity) throw AppError.conflict(m.sessionFull);
  }
  const free = type.feeMode === 'free' || (type.feeMode === 'member_free' && isMember(who.memberEndAt, now));
  return { session, type, amount: free ? 0 : type.fee };
}

/**
 * The members area sells paid exam registrations through its orders (product_type 'exam', product_id the session):
 * it asks for the price with the same checks as a free registration, and grants the registration when paid.
 */
export function createExamProducts(db: DbOrTx) {
  return {
    async quote(userId: number, sessionId: number, now: Date): Promise<{ subject: string; amount: number }> {
      const { session, type, amount } = await registrationTerms(db, userId, sessionId, now);
      if (amount <= 0) throw AppError.badRequest(m.notForSale, { product_id: m.notForSale });
      return { subject: `${type.name} ${session.title}`, amount };
    },
    /** Inside the paying transaction: registers the buyer (exactly once per paid order). */
    async grant(tx: Tx, v: { userId: number; sessionId: number; orderNo: string; now: Date }): Promise<string> {
      await repo.upsertRegistration(tx, { ...v, state: 'registered' });
      const found = await repo.session(tx, v.sessionId);
      return found ? `${found.type.name} ${found.session.title}` : '';
    },
  };
}
export type ExamProducts = ReturnType<typeof createExamProducts>;

/** What the talent area shows of a person's certificates (centre evaluation, credit archive). */
export function createExamCertificates(db: DbOrTx) {
  return {
    async ofUser(userId: number, now: Date): Promise<Certificate[]> {
      return (await repo.certificatesOfUser(db, userId)).map((c) => toCertificate(c, now));
    },
  };
}
export type ExamCertificates = ReturnType<typeof createExamCertificates>;

type Loaded = NonNullable<Awaited<ReturnType<typeof repo.attempt>>>;

export interface ExamsServiceDeps {
  db: Db;
  clock: Clock;
  messages: MessagesService;
  audit: AuditTrail;
}

export function createExamsService({ db, clock, messages, audit }: ExamsServiceDeps) {
  const credits = createCreditLedger({ db, clock, messages });
  const answerBatch = createAnswerBatch(db);
  // ------------------------------------------------------------------------------------------------- paper draw

  /** The questions of a new attempt: drawn (random papers) and ordered, seeded by the attempt id. */
  async function buildItems(tx: DbOrTx, attemptId: number, paper: PaperRow): Promise<AttemptItem[]> {
    const random = seededRandom(attemptSeed(attemptId));
    let picked: { q: number; s: number }[];
    if (paper.mode === 'fixed') {
      picked = (await repo.paperQuestions(tx, paper.id)).map((r) => ({ q: r.questionId, s: r.score }));
    } else {
      picked = [];
      const used = new Set<number>();
      for (const rule of paper.rules) {
        const pool = (await repo.ruleCandidates(tx, paper.typeId, rule)).filter((id) => !used.has(id));
        if (pool.length < rule.count) throw AppError.conflict(m.notEnoughQuestions(ruleText(rule)));
        for (const id of shuffled(pool, random).slice(0, rule.count)) {
          used.add(id);
          picked.push({ q: id, s: rule.score });
        }
      }
    }
    const questions = new Map((await repo.questionsByIds(tx, picked.map((p) => p.q))).map((q) => [q.id, q]));
    // Grouped by kind in the usual order (单选, 多选, 判断, 填空, 简答); shuffled within each group.
    const groups = QUESTION_KINDS.map((kind) => picked.filter((p) => questions.get(p.q)?.kind === kind));
    const ordered = groups.flatMap((g) => (paper.shuffleQuestions ? shuffled(g, random) : g));
    return ordered.map(({ q, s }) => {
      const question = questions.get(q)!;
      const keys = question.options.map((_, i) => i);
      return { q, s, o: paper.shuffleOptions ? shuffled(keys, random) : keys };
    });
  }

  // ------------------------------------------------------------------------------------------------- closing

  /**
   * Closes an open attempt and grades it, in one transaction. The conditional update lets exactly one caller
   * (request, sweep, another process) do it; the others find it closed and change nothing.
   */
  async function close(attemptId: number, reason: 'manual' | 'deadline' | 'leaves', at: Date): Promise<boolean> {
    return db.transaction(async (tx) => {
      if (!(await repo.close(tx, { id: attemptId, reason, at }))) return false;
      const loaded = (await repo.attempt(tx, attemptId))!;
      const { attempt, paper } = loaded;
      const answers = new Map((await repo.answers(tx, attemptId)).map((a) => [a.questionId, a]));
      const questions = new Map((await repo.questionsByIds(tx, attempt.questionIds)).map((q) => [q.id, q]));
      const rows = attempt.items.map((item) => {
        const q = questions.get(item.q)!;
        const given = answers.get(item.q)?.answer?.v;
        if (q.kind === 'short') {
          const text = typeof given === 'string' ? given.trim() : '';
          // An empty short answer scores 0 without a grader.
          return { questionId: item.q, earned: text ? null : 0, needsGrading: text !== '' };
        }
        return { questionId: item.q, earned: gradeObjective(q, given, item.s, paper.multipleScoring), needsGrading: false };
      });
      await repo.writeGrades(tx, attemptId, rows, clock.now());
      const pending = rows.filter((r) => r.needsGrading).length;
      if (pending > 0) await repo.setPending(tx, attemptId, pending);
      else await release(tx, loaded);
      return true;
    });
  }

  /** Every question graded: the score, pass or fail, the certificate and a message, in the caller's transaction. */
  async function release(tx: Tx, loaded: Loaded): Promise<void> {
    const { attempt, type } = loaded;
    const now = clock.now();
    const answers = await repo.answers(tx, attempt.id);
    const score = round1(answers.reduce((sum, a) => sum + (a.earned ?? 0), 0));
    const passed = score >= type.passScore;
    await repo.setResult(tx, attempt.id, { score, passed, now });
    let certificate = '';
    // One certificate per registration, for the first attempt that passed (a retake staff allowed never adds a second).
    const siblings = await repo.attemptsOfRegistrations(tx, [attempt.registrationId]);
    const earlier = await repo.certificateByAttempt(tx, siblings.filter((a) => a.id !== attempt.id).map((a) => a.id));
    // A pass of an exam type that carries continuing-education credits grants them, once per registration.
    if (passed && type.creditCategory && type.credits)
      await credits.grant(tx, {
        userId: attempt.userId,
        category: type.creditCategory,
        credits: type.credits,
        source: 'exam',
        sourceId: attempt.registrationId,
        title: `考试：${type.name}`,
        at: now,
      });
    if (passed && earlier.length === 0) {
      const holder = await repo.holder(tx, attempt.userId);
      const name = holder?.realName?.trim() || (holder ? displayName(holder) : '');
      const number = await issueNumber(tx, now, type.id);
      await repo.insertCertificate(tx, {
        number,
        userId: attempt.userId,
        attemptId: attempt.id,
        typeId: type.id,
        holderName: name,
        examName: type.name,
        level: type.level,
        score,
        issuedAt: now,
        validUntil: addMonths(now, type.validityMonths),
      });
      certificate = `，证书编号${number}，可在“在线考试”中下载证书`;
    }
    await messages.send(
      attempt.userId,
      passed ? '考试成绩：合格' : '考试成绩已发布',
      `您参加的${type.name}考试成绩为${score}分（合格分数线${type.passScore}分），${passed ? '成绩合格' : '未达到合格分数线'}${certificate}。`,
      tx,
    );
  }

  /** ZC + year + type (2 digits) + 6 random digits, unique. */
  async function issueNumber(tx: DbOrTx, now: Date, typeId: number): Promise<string> {
    for (;;) {
      const number = `ZC${chinaYear(now)}${String(typeId % 100).padStart(2, '0')}${String(randomInt(1_000_000)).padStart(6, '0')}`;
      if (!(await repo.certificateByNumber(tx, number))) return number;
    }
  }

  /** Lazy close: any read or write of an attempt past its deadline closes it first. */
  async function current(id: number, userId: number): Promise<Loaded> {
    let loaded = await repo.attempt(db, id, userId);
    if (!loaded) throw AppError.notFound(m.attemptNotFound);
    const now = clock.now();
    if (loaded.attempt.state === 'in_progress' && loaded.attempt.deadline <= now) {
      await close(id, 'deadline', loaded.attempt.deadline);
      loaded = (await repo.attempt(db, id, userId))!;
    }
    return loaded;
  }

  function assertWritable(loaded: Loaded, user: AuthUser) {
    if (loaded.attempt.state !== 'in_progress') throw AppError.conflict(m.attemptClosed);
    if (loaded.attempt.authSessionId !== user.sessionId)
      throw new AppError(409, m.otherSession, { takeover: true });
  }

  // ------------------------------------------------------------------------------------------------- views

  async function view(loaded: Loaded, user: AuthUser): Promise<Attempt> {
    const { attempt, paper, session, type } = loaded;
    const now = clock.now();
    if (attempt.state === 'in_progress' && attempt.authSessionId !== user.sessionId)
      throw new AppError(409, m.otherSession, { takeover: true });
    const questions = new Map((await repo.questionsByIds(db, attempt.questionIds)).map((q) => [q.id, q]));
    const answers = new Map((await repo.answers(db, attempt.id)).map((a) => [a.questionId, a]));
    const graded = attempt.state === 'graded';
    const showReview = graded && paper.allowReview && now >= session.examEnd;
    const [cert] = graded && attempt.passed ? await repo.certificateByAttempt(db, [attempt.id]) : [];
    return {
      id: attempt.id,
      registration_id: attempt.registrationId,
      state: attempt.state,
      type_name: type.typeName,
      exam_name: type.name,
      paper_title: paper.title,
      started_at: attempt.startedAt.toISOString(),
      deadline: attempt.deadline.toISOString(),
      server_now: now.toISOString(),
      submitted_at: attempt.submittedAt?.toISOString() ?? null,
      submit_reason: attempt.submitReason,
      leave_count: attempt.leaveCount,
      max_leaves: paper.maxLeaves,
      full_score: attempt.items.reduce((sum, i) => sum + i.s, 0),
      pass_score: type.passScore,
      questions: attempt.items.map((item) => {
        const q = questions.get(item.q)!;
        const a = answers.get(item.q);
        return {
          id: q.id,
          kind: q.kind,
          stem: q.stem,
          score: item.s,
          options: item.o.map((key) => ({ key, text: q.options[key] ?? '' })),
          answer: a?.answer?.v ?? null,
          flagged: a?.flagged ?? false,
        };
      }),
      score: graded ? attempt.score : null,
      passed: graded ? attempt.passed : null,
      pending_grading: attempt.pendingGrading,
      review: showReview
        ? attempt.items.map((item) => {
            const q = questions.get(item.q)!;
            const a = answers.get(item.q);
            return {
              question_id: q.id,
              correct: reviewAnswer(q),
              analysis: q.analysis,
              earned: a?.earned ?? 0,
              comment: a?.comment ?? null,
            };
          })
        : null,
      certificate_number: cert?.number ?? null,
    };
  }

  return {
    // ----------------------------------------------------------------------------------------------- notices

    async types(): Promise<ExamType[]> {
      return (await repo.types(db)).map(toType);
    },

    async notice(typeName: string, userId: number | undefined): Promise<ExamNotice> {
      const type = await repo.typeByName(db, typeName);
      if (!type) throw AppError.notFound(m.typeNotFound);
      const now = clock.now();
      const rows = await repo.sessionsOfType(db, type.id);
      const ids = rows.map((r) => r.session.id);
      const counts = await repo.registeredCounts(db, ids);
      const mine = userId ? await repo.registrationsOfUser(db, userId, ids) : [];
      const eligibility: string[] = [];
      if (type.minStar > 0) eligibility.push(m.needStar(starLabel(type.minStar)));
      if (type.minFinishedCourses > 0) eligibility.push(m.needCourses(type.minFinishedCourses));
      if (eligibility.length === 0) eligibility.push('个人账号均可报名');
      return {
        ...toType(type),
        notice: type.notice,
        syllabus: type.syllabus,
        eligibility,
        sessions: rows.map(({ session, paper }) =>
          toSession(session, paper, counts.get(session.id) ?? 0, now, mine.find((r) => r.sessionId === session.id)),
        ),
      };
    },

    // ----------------------------------------------------------------------------------------------- registration

    async register(userId: number, sessionId: number): Promise<MyRegistration> {
      const now = clock.now();
      const { amount } = await registrationTerms(db, userId, sessionId, now);
      if (amount > 0) throw new AppError(409, m.paymentRequired, { amount });
      try {
        await repo.upsertRegistration(db, { sessionId, userId, state: 'registered', orderNo: null, now });
      } catch (err) {
        if (isUniqueViolation(err)) throw AppError.conflict(m.registeredAlready);
        throw err;
      }
      const list = await this.mine(userId);
      return list.registrations.find((r) => r.session.id === sessionId)!;
    },

    async mine(userId: number): Promise<MyExams> {
      const now = clock.now();
      const rows = await repo.myRegistrations(db, userId);
      const attempts = await repo.attemptsOfRegistrations(db, rows.map((r) => r.reg.id));
      // Lazy close of the caller's overdue attempts, so the list never shows an expired one as open.
      const overdue = attempts.filter((a) => a.state === 'in_progress' && a.deadline <= now);
      if (overdue.length) {
        for (const a of overdue) await close(a.id, 'deadline', a.deadline);
        return this.mine(userId);
      }
      const counts = await repo.registeredCounts(db, rows.map((r) => r.session.id));
      const certs = new Map(
        (await repo.certificateByAttempt(db, attempts.map((a) => a.id))).map((c) => [c.attemptId, c.number]),
      );
      return {
        server_now: now.toISOString(),
        registrations: rows.map(({ reg, session, type, paper }) => {
          const mineAttempts = attempts.filter((a) => a.registrationId === reg.id);
          const phase = sessionPhase(session, now);
          const open = mineAttempts.some((a) => a.state === 'in_progress');
          const left = attemptsLeft(session, mineAttempts);
          const group: MyRegistration['group'] =
            phase === 'exam_closed' || (!open && left === 0) ? 'finished' : phase === 'exam_open' ? 'open' : 'upcoming';
          const withCert = mineAttempts.find((a) => certs.has(a.id));
          return {
            id: reg.id,
            state: reg.state,
            created_at: reg.createdAt.toISOString(),
            type: { id: type.id, type_name: type.typeName, name: type.name, pass_score: type.passScore },
            session: (({ my_registration: _m, ...s }) => s)(
              toSession(session, paper, counts.get(session.id) ?? 0, now, undefined),
            ),
            attempts: mineAttempts.map(toSummary),
            attempts_left: left,
            group,
            certificate_number: withCert ? certs.get(withCert.id)! : null,
            certificate_attempt_id: withCert ? withCert.id : null,
          };
        }),
      };
    },

    // ----------------------------------------------------------------------------------------------- attempts

    /** Starts an attempt, or resumes the open one; the deadline is fixed here and never moves. */
    async start(user: AuthUser, registrationId: number): Promise<Attempt> {
      const found = await repo.registration(db, registrationId, user.id);
      if (!found) throw AppError.notFound(m.registrationNotFound);
      const { reg, session, paper } = found;
      if (reg.state !== 'registered') throw AppError.conflict(m.paymentRequired);
      const now = clock.now();
      if (now < session.examStart) throw AppError.conflict(m.examNotStarted);
      const open = await repo.openAttempt(db, reg.id);
      if (open) {
        const loaded = await current(open.id, user.id);
        if (loaded.attempt.state === 'in_progress') return view(loaded, user);
      }
      if (now >= session.examEnd) throw AppError.conflict(m.examClosed);
      const made = await repo.attemptsOfRegistrations(db, [reg.id]);
      if (made.some((a) => a.state === 'graded' && a.passed) && !session.retakeAfterPass)
        throw AppError.conflict(m.alreadyPassed);
      if (made.length >= session.maxAttempts) throw AppError.conflict(m.attemptLimit);
      const deadline = new Date(Math.min(now.getTime() + paper.durationMinutes * 60_000, session.examEnd.getTime()));
      let id: number;
      try {
        id = await db.transaction(async (tx) => {
          const newId = await repo.insertAttempt(tx, {
            registrationId: reg.id,
            userId: user.id,
            seq: made.length + 1,
            state: 'in_progress',
            authSessionId: user.sessionId,
            items: [],
            questionIds: [],
            startedAt: now,
            deadline,
          });
          await repo.setItems(tx, newId, await buildItems(tx, newId, paper));
          return newId;
        });
      } catch (err) {
        // Two starts at once: the other one made the attempt; resume it.
        if (!isUniqueViolation(err)) throw err;
        const other = await repo.openAttempt(db, reg.id);
        if (!other) throw AppError.conflict(m.attemptLimit);
        id = other.id;
      }
      return view(await current(id, user.id), user);
    },

    async attempt(user: AuthUser, id: number): Promise<Attempt> {
      return view(await current(id, user.id), user);
    },

    /** Moves an open attempt to this login session (a new device); counted on the attempt. */
    async takeover(user: AuthUser, id: number): Promise<Attempt> {
      const loaded = await current(id, user.id);
      if (loaded.attempt.state === 'in_progress' && loaded.attempt.authSessionId !== user.sessionId)
        await repo.rebind(db, id, user.sessionId);
      return view(await current(id, user.id), user);
    },

    async saveAnswers(
      user: AuthUser,
      id: number,
      answers: { question_id: number; answer: AnswerValue | null; flagged: boolean }[],
    ): Promise<SaveAnswersResult> {
      const now = clock.now();
      const written = await answerBatch.save({
        attemptId: id,
        userId: user.id,
        authSessionId: user.sessionId,
        now,
        answers,
      });
      if (written) return { saved: answers.length, server_now: now.toISOString() };
      // Nothing was written: say why.
      const loaded = await current(id, user.id);
      assertWritable(loaded, user);
      if (loaded.attempt.deadline <= now) throw AppError.conflict(m.attemptClosed);
      throw AppError.badRequest(m.questionNotOnAttempt);
    },

    /**
     * One absence of the paper, as long as the page measured it: only one longer than LEAVE_GRACE_SECONDS counts
     * (countsAsLeave, the rule of docs/decisions.md); at the paper's limit the paper is submitted.
     */
    async leave(user: AuthUser, id: number, awayMs: number): Promise<LeaveResult> {
      if (!countsAsLeave(awayMs)) {
        const loaded = await current(id, user.id);
        assertWritable(loaded, user);
        return { leave_count: loaded.attempt.leaveCount, max_leaves: loaded.paper.maxLeaves, state: loaded.attempt.state, counted: false };
      }
      const now = clock.now();
      const count = await repo.addLeave(db, { attemptId: id, userId: user.id, authSessionId: user.sessionId, now });
      const loaded = await current(id, user.id);
      if (count === undefined) assertWritable(loaded, user);
      const max = loaded.paper.maxLeaves;
      if (count !== undefined && max > 0 && count >= max) await close(id, 'leaves', now);
      const after = await current(id, user.id);
      return { leave_count: after.attempt.leaveCount, max_leaves: max, state: after.attempt.state, counted: count !== undefined };
    },

    /** Explicit submission; a second submission (or one after auto-submission) answers the same result. */
    async submit(user: AuthUser, id: number): Promise<Attempt> {
      const loaded = await current(id, user.id);
      if (loaded.attempt.state === 'in_progress') {
        if (loaded.attempt.authSessionId !== user.sessionId) throw new AppError(409, m.otherSession, { takeover: true });
        await close(id, 'manual', clock.now());
      }
      return view(await current(id, user.id), user);
    },

    /** Closes every open attempt past its deadline (run periodically; safe with several processes). */
    async sweep(): Promise<number> {
      let closed = 0;
      for (const row of await repo.overdue(db, clock.now(), SWEEP_BATCH)) {
        if (await close(row.id, 'deadline', row.deadline)) closed++;
      }
      return closed;
    },

    // ----------------------------------------------------------------------------------------------- grading

    async gradingQueue() {
      const rows = await repo.gradingQueue(db);
      return rows.map((r) => ({
        attempt_id: r.attemptId,
        question_id: r.questionId,
        exam_name: r.examName,
        stem: r.stem,
        reference: typeof r.reference === 'string' ? r.reference : JSON.stringify(r.reference),
        answer: typeof r.answer?.v === 'string' ? r.answer.v : '',
        max_score: r.items.find((i) => i.q === r.questionId)?.s ?? 0,
        submitted_at: (r.submittedAt ?? new Date(0)).toISOString(),
      }));
    },

    async grade(staff: StaffActor, v: { attempt_id: number; question_id: number; score: number; comment: string }) {
      const staffId = staff.id;
      return db.transaction(async (tx) => {
        const loaded = await repo.attempt(tx, v.attempt_id);
        const item = loaded?.attempt.items.find((i) => i.q === v.question_id);
        if (!loaded || !item) throw AppError.notFound(m.questionNotFound);
        if (v.score > item.s) throw AppError.badRequest(m.gradeScoreInvalid(item.s), { score: m.gradeScoreInvalid(item.s) });
        const ok = await repo.gradeAnswer(tx, {
          attemptId: v.attempt_id,
          questionId: v.question_id,
          earned: round1(v.score),
          comment: v.comment,
          staffId,
          now: clock.now(),
        });
        if (!ok) throw AppError.conflict(m.gradedAlready);
        await audit.record(tx, staff, {
          action: 'exam_answer.grade',
          entity: 'exam_attempt',
          entityId: v.attempt_id,
          before: { question_id: v.question_id, graded: false },
          after: { question_id: v.question_id, score: round1(v.score), comment: v.comment },
        });
        const remaining = (await repo.decrementPending(tx, v.attempt_id)) ?? 0;
        if (remaining === 0) await release(tx, loaded);
        return { remaining };
      });
    },

    // ----------------------------------------------------------------------------------------------- certificates

    async myCertificates(userId: number): Promise<Certificate[]> {
      return createExamCertificates(db).ofUser(userId, clock.now());
    },

    async myCertificate(userId: number, number: string): Promise<CertificateRow> {
      const c = await repo.certificateByNumber(db, number);
      if (!c || c.userId !== userId) throw AppError.notFound(m.certificateNotFound);
      return c;
    },

    async check(number: string, issuer: string): Promise<CertificateCheck> {
      const c = await repo.certificateByNumber(db, number);
      if (!c) throw AppError.notFound(m.certificateNotFound);
      return {
        number: c.number,
        holder_name: maskName(c.holderName),
        exam_name: c.examName,
        level: c.level,
        issued_at: c.issuedAt.toISOString(),
        valid_until: c.validUntil.toISOString(),
        state: certificateState(c, clock.now()),
        issuer,
      };
    },

    async adminCertificates(keyword?: string) {
      const now = clock.now();
      return (await repo.adminCertificates(db, keyword)).map((r) => ({ ...toCertificate(r.cert, now), user_phone: r.phone }));
    },

    async revoke(staff: StaffActor, id: number, reason: string) {
      const found = await repo.adminCertificate(db, id);
      if (!found) throw AppError.notFound(m.certificateNotFound);
      await db.transaction(async (tx) => {
        if (!(await repo.revoke(tx, { id, reason, staffId: staff.id, now: clock.now() })))
          throw AppError.conflict(m.revokedAlready);
        await audit.record(tx, staff, {
          action: 'certificate.revoke',
          entity: 'certificate',
          entityId: id,
          before: { number: found.cert.number, revoked: false },
          after: { number: found.cert.number, revoked: true, reason },
        });
        await messages.send(
          found.cert.userId,
          '证书已撤销',
          `您的${found.cert.examName}证书（编号${found.cert.number}）已被撤销，原因：${reason}。`,
          tx,
        );
      });
      const after = (await repo.adminCertificate(db, id))!;
      return { ...toCertificate(after.cert, clock.now()), user_phone: after.phone };
    },
  };
}
export type ExamsService = ReturnType<typeof createExamsService>;

/** The correct answer as the review shows it. */
function reviewAnswer(q: QuestionRow): AnswerValue | null {
  if (q.kind === 'fill') return (q.answer as string[]).join(' / ');
  if (q.kind === 'single' || q.kind === 'multiple') return q.answer as number[];
  return q.answer as boolean | string;
}

export function ruleText(rule: { kind: string; knowledge_point: string | null; difficulty: number | null; count: number }) {
  return [rule.kind, rule.knowledge_point, rule.difficulty ? `难度${rule.difficulty}` : null, `${rule.count}题`]
    .filter(Boolean)
    .join('，');
}
