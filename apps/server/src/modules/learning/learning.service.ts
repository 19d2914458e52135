import { randomBytes, randomInt } from 'node:crypto';
import {
  BUY_STUDENT_CARD_MESSAGE,
  courseMessages,
  learningMessages,
  LESSON_FINISH_RATIO,
  MAX_PLAYBACK_RATE,
  PRESENCE_ANSWER_S,
  PRESENCE_DEFAULT_MAX_MINUTES,
  PRESENCE_DEFAULT_MIN_MINUTES,
  RANK_EXACT_LIMIT,
  RANK_SIZE,
  type AnswerResult,
  type CourseLearn,
  type CourseRecord,
  type LessonDetail,
  type LessonPresence,
  type MyCoursesPage,
  type RankData,
  type RankPeriod,
  type WatchReportResult,
  type WatchState,
} from '@app/contracts';
import { AppError } from '../../lib/app-error';
import { displayName } from '../users';
import type { Clock } from '../../lib/clock';
import { pageWindow } from '../../lib/pagination';
import type { CourseAccess, CourseCatalog } from '../courses';
import { progressView } from './course-progress';
import { chinaDay } from '../../lib/china-time';
import type { LearningBuffer } from './learning-buffer';
import type {
  LearningRepository,
  PresenceRow,
  RankPeriodKey,
  ReportInput,
  ReportOutcome,
} from './learning.repository';
import { createGroupQueue } from '../../lib/group-queue';

/** What a watch report needs of its lesson; cached briefly so a report costs one statement, not two. */
interface LessonFacts extends CourseTiming {
  courseId: number;
  duration: number;
  expires: number;
}
const LESSON_CACHE_MS = 60_000;

/** A course's own timing rules (学习确认 interval, fastest credited rate); nulls take the defaults. */
interface CourseTiming {
  presenceMinMinutes: number | null;
  presenceMaxMinutes: number | null;
  maxPlaybackRate: number | null;
}

const maxRateOf = (c: CourseTiming) => c.maxPlaybackRate ?? MAX_PLAYBACK_RATE;

/** The next presence check of a lesson of course `c`: a random moment of its interval from `now`, a fresh nonce. */
export function nextPresence(c: CourseTiming, now: Date): { dueAt: Date; nonce: string } {
  const lo = (c.presenceMinMinutes ?? PRESENCE_DEFAULT_MIN_MINUTES) * 60;
  const hi = Math.max(lo, (c.presenceMaxMinutes ?? PRESENCE_DEFAULT_MAX_MINUTES) * 60);
  return { dueAt: new Date(now.getTime() + randomInt(lo, hi + 1) * 1000), nonce: randomBytes(18).toString('base64url') };
}

/** What the player is told of a stored check at `now`: the nonce only once it is due. */
export function presenceView(p: PresenceRow, now: Date): LessonPresence | null {
  if (!p.dueAt || !p.nonce) return null;
  const untilDue = (p.dueAt.getTime() - now.getTime()) / 1000;
  const open = untilDue <= 0;
  const answerIn = open ? Math.max(0, Math.floor(untilDue + PRESENCE_ANSWER_S)) : null;
  return {
    due_at: p.dueAt.toISOString(),
    due_in: open ? 0 : Math.ceil(untilDue),
    nonce: open ? p.nonce : null,
    answer_in: answerIn,
    paused: open && untilDue + PRESENCE_ANSWER_S < 0,
  };
}

/** First China-time day of the period, or null for all time. */
export function periodStart(period: RankPeriod, now: Date): string | null {
  if (period === 'all') return null;
  const day = chinaDay(now);
  if (period === 'month') return `${day.slice(0, 7)}-01`;
  const d = new Date(`${day}T00:00:00Z`);
  const mondayOffset = (d.getUTCDay() + 6) % 7;
  d.setUTCDate(d.getUTCDate() - mondayOffset);
  return d.toISOString().slice(0, 10);
}

/**
 * The rows of learning_period_seconds that hold the period containing `now` (the keys the flush writes: the
 * week's Monday, the month as YYYY-MM, 'all').
 */
export function periodKey(period: RankPeriod, now: Date): RankPeriodKey {
  const since = periodStart(period, now);
  if (since === null) return { kind: 'all', key: 'all' };
  return period === 'month' ? { kind: 'month', key: since.slice(0, 7) } : { kind: 'week', key: since };
}

function sameAnswer(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

export function createLearningService(deps: {
  learningRepo: LearningRepository;
  catalog: CourseCatalog;
  access: CourseAccess;
  buffer: LearningBuffer;
  clock: Clock;
  onCourseFinished?: (userId: number, courseId: number) => Promise<void>;
}) {
  const { learningRepo, catalog: coursesRepo, access: courses, buffer, clock } = deps;
  const lessonCache = new Map<number, LessonFacts>();
  /**
   * Watch reports as group commits (lib/group-queue.ts): the reports of one turn of the event loop, and those that
   * arrive while a statement runs, go together in ONE statement (applyReports). Two reports of the same user and
   * lesson never share a statement (the second waits for the next), so each is applied to the row the first left.
   */
  const reports = createGroupQueue<ReportInput, ReportOutcome | undefined>(
    (inputs) => learningRepo.applyReports(inputs),
    { max: 500, key: (r) => `${r.userId}:${r.lessonId}` },
  );

  async function lessonFacts(lessonId: number): Promise<LessonFacts | undefined> {
    const now = Date.now();
    const hit = lessonCache.get(lessonId);
    if (hit && hit.expires > now) return hit;
    const row = await coursesRepo.lesson(lessonId);
    if (!row) return undefined;
    const facts: LessonFacts = {
      courseId: row.course.id,
      duration: row.lesson.duration,
      presenceMinMinutes: row.course.presenceMinMinutes,
      presenceMaxMinutes: row.course.presenceMaxMinutes,
      maxPlaybackRate: row.course.maxPlaybackRate,
      expires: now + LESSON_CACHE_MS,
    };
    if (lessonCache.size > 10_000) lessonCache.clear();
    lessonCache.set(lessonId, facts);
    return facts;
  }

  function toRecord(
    r: {
      startedAt: Date;
      lastLearnedAt: Date;
      learnSeconds: number;
      finishedLessons: number;
      finishedAt: Date | null;
      lastLessonId: number | null;
    },
    lessonCount: number,
    watched: { seconds: number; total: number },
  ): CourseRecord {
    const seconds = Math.floor(Math.min(watched.seconds, watched.total));
    return {
      started_at: r.startedAt.toISOString(),
      last_learned_at: r.lastLearnedAt.toISOString(),
      learn_seconds: r.learnSeconds,
      finished_lessons: r.finishedLessons,
      lesson_count: lessonCount,
      watched_seconds: seconds,
      total_duration: watched.total,
      percent: r.finishedAt
        ? 100
        : watched.total > 0
          ? Math.min(100, Math.floor((seconds / watched.total) * 100))
          : 0,
      finished_at: r.finishedAt?.toISOString() ?? null,
      last_lesson_id: r.lastLessonId,
    };
  }

  return {
    /** Opens a lesson: access check ('请购买学员卡' unless trial), progress row, signed video URL, questions without answers. */
    async showLesson(userId: number, lessonId: number): Promise<LessonDetail> {
      // Two statements in turn: the catalogue's page of the lesson with the user's access, then (access granted)
      // the progress rows written and the user's answers read.
      const page = await courses.lessonPage(userId, lessonId);
      if (!page || page.course.kind !== 'video') throw AppError.notFound(courseMessages.lessonNotFound);
      const { lesson, course } = page;
      if (!page.access) throw AppError.forbidden(BUY_STUDENT_CARD_MESSAGE);
      const now = clock.now();
      const [progress, videoUrl, subtitles] = await Promise.all([
        learningRepo.openLesson(userId, { id: lesson.id, courseId: course.id }, now, nextPresence(course, now)),
        courses.signVideo(lesson.videoFile, now),
        courses.signSubtitles(lesson.id, now),
      ]);
      const answers = new Map(progress.answers.map((a) => [a.question_id, a]));
      return {
        id: lesson.id,
        course_id: course.id,
        course_title: course.title,
        title: lesson.title,
        sort: lesson.sort,
        duration: lesson.duration,
        is_trial: lesson.isTrial,
        video_url: videoUrl,
        subtitles,
        questions: page.questions.map((q) => {
          const a = answers.get(q.id);
          return {
            id: q.id,
            kind: q.kind,
            stem: q.stem,
            options: q.options,
            my_answer: a ? { chosen: a.chosen, correct: a.correct } : null,
          };
        }),
        progress: progressView(
          {
            position: progress.position,
            maxPosition: progress.max_position,
            creditedSeconds: progress.credited_seconds,
            finished: progress.finished_at !== null,
          },
          lesson.duration,
        ),
        prev_lesson_id: page.prevLessonId,
        next_lesson_id: page.nextLessonId,
        max_playback_rate: maxRateOf(course),
        presence: presenceView(progress.presence, now)!,
      };
    },

    async answer(userId: number, questionId: number, chosenRaw: string[]): Promise<AnswerResult> {
      const q = await coursesRepo.question(questionId);
      const row = q && (await coursesRepo.lesson(q.lessonId));
      if (!q || !row) throw AppError.notFound(courseMessages.questionNotFound);
      if (!row.lesson.isTrial && !(await courses.hasAccess(userId, row.course))) {
        throw AppError.forbidden(BUY_STUDENT_CARD_MESSAGE);
      }
      const chosen = [...new Set(chosenRaw.map((c) => c.toUpperCase()))].sort();
      const keys = new Set(q.options.map((o) => o.key));
      if (chosen.some((c) => !keys.has(c)))
        throw AppError.badRequest(courseMessages.invalidOption, { answer: courseMessages.invalidOption });
      if (q.kind === 'single' && chosen.length !== 1) {
        throw AppError.badRequest(courseMessages.singleChoiceOneAnswer, {
          answer: courseMessages.singleChoiceOneAnswer,
        });
      }
      const right = [...q.answer].sort();
      const correct = sameAnswer(chosen, right);
      await learningRepo.saveAnswer({ userId, questionId, chosen, correct, now: clock.now() });
      return { correct, right_answer: right, explanation: q.explanation };
    },

    /** One player report; see applyReport for the crediting rule. */
    async report(
      userId: number,
      body: { lesson_id: number; position: number; played_seconds: number; state: WatchState },
    ): Promise<WatchReportResult> {
      const facts = await lessonFacts(body.lesson_id);
      if (!facts) throw AppError.notFound(courseMessages.lessonNotFound);
      const now = clock.now();
      const out = await reports.push({
        userId,
        lessonId: body.lesson_id,
        now,
        playedSeconds: body.played_seconds,
        position: body.position,
        state: body.state,
        duration: facts.duration,
        finishRatio: LESSON_FINISH_RATIO,
        maxRate: maxRateOf(facts),
      });
      if (!out) throw new AppError(409, learningMessages.lessonNotOpened);
      buffer.addLearning(userId, out.credit, now);
      if (out.courseFinished) {
        buffer.addFinishedCourse(userId);
        await deps.onCourseFinished?.(userId, out.courseId);
      }
      return {
        credited_seconds: out.credit,
        watched_seconds: Math.floor(out.creditedTotal),
        percent: out.finished ? 100 : Math.min(100, Math.floor((out.creditedTotal / facts.duration) * 100)),
        lesson_finished: out.finished,
        course_finished: out.courseFinished,
        presence: presenceView(out.presence, now),
      };
    },

    /**
     * Confirms the lesson's open presence check with its nonce and schedules the next one; a wrong or old nonce,
     * or a check not yet due, is refused (409) so nothing can be answered ahead.
     */
    async confirmPresence(userId: number, body: { lesson_id: number; nonce: string }): Promise<LessonPresence> {
      const facts = await lessonFacts(body.lesson_id);
      if (!facts) throw AppError.notFound(courseMessages.lessonNotFound);
      const now = clock.now();
      const next = await learningRepo.confirmPresence({
        userId,
        lessonId: body.lesson_id,
        nonce: body.nonce,
        now,
        next: nextPresence(facts, now),
      });
      if (!next) throw new AppError(409, learningMessages.presenceStale);
      return presenceView(next, now)!;
    },

    async courseLearn(userId: number, courseId: number): Promise<CourseLearn> {
      const found = await coursesRepo.publishedCourse(courseId);
      if (!found) throw AppError.notFound(courseMessages.courseNotFound);
      const [record, lessons, progress] = await Promise.all([
        learningRepo.courseRecord(userId, courseId),
        learningRepo.lessonsOfCourse(courseId),
        learningRepo.lessonProgressOfCourse(userId, courseId),
      ]);
      const byLesson = new Map(progress.map((p) => [p.lessonId, p]));
      const watched = {
        seconds: lessons.reduce(
          (sum, l) => sum + Math.min(byLesson.get(l.id)?.creditedSeconds ?? 0, l.duration),
          0,
        ),
        total: lessons.reduce((sum, l) => sum + l.duration, 0),
      };
      return {
        course_id: courseId,
        course_title: found.course.title,
        record: record ? toRecord(record, found.course.lessonCount, watched) : null,
        lessons: lessons.map((l) => {
          const p = byLesson.get(l.id);
          return {
            lesson_id: l.id,
            title: l.title,
            sort: l.sort,
            duration: l.duration,
            position: p ? Math.round(p.position * 10) / 10 : 0,
            watched_seconds: p ? Math.floor(p.creditedSeconds) : 0,
            finished: p?.finishedAt != null,
            last_report_at: p ? p.lastReportAt.toISOString() : null,
          };
        }),
      };
    },

    async myCourses(
      userId: number,
      q: { page: number; per: number; status?: 'learning' | 'finished' },
    ): Promise<MyCoursesPage> {
      const { limit, offset } = pageWindow(q);
      const res = await learningRepo.myCourses(userId, q.status, limit, offset);
      const list = res.rows.map(({ card, ...r }) => {
        const record = toRecord(
          {
            startedAt: r.started_at,
            lastLearnedAt: r.last_learned_at,
            learnSeconds: r.learn_seconds,
            finishedLessons: r.finished_lessons,
            finishedAt: r.finished_at,
            lastLessonId: r.last_lesson_id,
          },
          card.lesson_count,
          { seconds: r.watched_seconds, total: r.total_duration },
        );
        return { ...card, record };
      });
      const total =
        q.status === 'finished'
          ? res.finished
          : q.status === 'learning'
            ? res.learning
            : res.learning + res.finished;
      return {
        list,
        total,
        page: q.page,
        per: q.per,
        learning_count: res.learning,
        finished_count: res.finished,
      };
    },

    async rank(viewerId: number | null, period: RankPeriod): Promise<RankData> {
      const now = clock.now();
      const since = periodStart(period, now);
      const key = periodKey(period, now);
      const { top, mine } = await learningRepo.ranking(key, RANK_SIZE, viewerId, RANK_EXACT_LIMIT);
      return {
        period,
        since,
        list: top.map((r, i) => ({
          rank: i + 1,
          user_id: r.user_id,
          name: displayName(r),
          avatar: r.avatar,
          seconds: r.seconds,
        })),
        mine,
      };
    },
  };
}

export type LearningService = ReturnType<typeof createLearningService>;
