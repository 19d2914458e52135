// Exams by use case: closing and grading attempts (objective questions at once, short answers by staff), the result
// with its certificate and credits, and the grading queue.
import { randomInt } from 'node:crypto';
import { examsMessages as m } from '@app/contracts';
import type { DbOrTx, Tx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { StaffActor } from '../audit';
import { createCreditLedger } from '../credits';
import { displayName } from '../users';
import { addMonths, chinaYear } from './exams.dates';
import type { ExamsServiceDeps, Loaded } from './exams-shared';
import { examsRepository as repo } from './exams.repository';
import { gradeObjective, round1 } from './exams.scoring';

/** Closing an attempt (grading it) and releasing its result, shared by the attempts, registration and grading use cases. */
export function createAttemptClosing({ db, clock, messages }: Pick<ExamsServiceDeps, 'db' | 'clock' | 'messages'>) {
  const credits = createCreditLedger({ db, clock, messages });
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

  return { close, release };
}
export type AttemptClosing = ReturnType<typeof createAttemptClosing>;

export function createExamsGradingService(
  { db, clock, audit }: Pick<ExamsServiceDeps, 'db' | 'clock' | 'audit'>,
  { release }: Pick<AttemptClosing, 'release'>,
) {
  return {
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
  };
}
