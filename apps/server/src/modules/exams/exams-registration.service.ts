// Exams by use case: notices and registration (free, or paid through the members area's orders).
import {
  STAR_LEVELS,
  examsMessages as m,
  type AttemptSummary,
  type ExamNotice,
  type ExamSession,
  type ExamType,
  type MyExams,
  type MyRegistration,
} from '@app/contracts';
import type { DbOrTx, Tx } from '../../db/client';
import { isUniqueViolation } from '../../db/sql';
import { AppError } from '../../lib/app-error';
import type { AttemptClosing } from './exams-grading.service';
import type { ExamsServiceDeps } from './exams-shared';
import {
  examsRepository as repo,
  type AttemptRow,
  type PaperRow,
  type RegistrationRow,
  type SessionRow,
  type TypeRow,
} from './exams.repository';

const starLabel = (n: number) => STAR_LEVELS.find((s) => s.value === n)?.label ?? `${n}星`;

export function sessionPhase(s: SessionRow, now: Date): ExamSession['phase'] {
  const t = now.getTime();
  if (t >= s.examEnd.getTime()) return 'exam_closed';
  if (t >= s.examStart.getTime()) return 'exam_open';
  if (t < s.registerStart.getTime()) return 'registration_upcoming';
  if (t < s.registerEnd.getTime()) return 'registration_open';
  return 'registration_closed';
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

export function createExamsRegistrationService(
  { db, clock }: Pick<ExamsServiceDeps, 'db' | 'clock'>,
  { close }: Pick<AttemptClosing, 'close'>,
) {
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
  };
}
