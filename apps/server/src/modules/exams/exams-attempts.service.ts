// Exams by use case: a candidate's attempts (start or resume, answers, leaving the paper, submission, the sweep).
import {
  QUESTION_KINDS,
  examsMessages as m,
  countsAsLeave,
  type AnswerValue,
  type Attempt,
  type SaveAnswersResult,
  type LeaveResult,
} from '@app/contracts';
import type { DbOrTx } from '../../db/client';
import { isUniqueViolation } from '../../db/sql';
import { AppError } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth';
import { createAnswerBatch } from './answer-batch';
import type { AttemptClosing } from './exams-grading.service';
import type { ExamsServiceDeps, Loaded } from './exams-shared';
import { examsRepository as repo, type PaperRow, type QuestionRow } from './exams.repository';
import { attemptSeed, seededRandom, shuffled } from './exams.scoring';
import type { AttemptItem } from './exams.table';

/** How many overdue attempts one sweep closes (the next sweep takes the rest). */
const SWEEP_BATCH = 200;

export function createExamsAttemptsService(
  { db, clock }: Pick<ExamsServiceDeps, 'db' | 'clock'>,
  { close }: Pick<AttemptClosing, 'close'>,
) {
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
  };
}

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
