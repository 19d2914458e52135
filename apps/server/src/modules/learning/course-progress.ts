import type { LessonProgress } from '@app/contracts';
import type { DbOrTx } from '../../db/client';
import { preparedRows } from '../../db/sql';
import type { CourseProgressSource } from '../courses';
import type { LearningLessonProgressRow } from './learning.table';

export function progressView(
  p: Pick<LearningLessonProgressRow, 'position' | 'maxPosition' | 'creditedSeconds'> & { finished: boolean },
  duration: number,
): LessonProgress {
  const watched = Math.floor(p.creditedSeconds);
  return {
    position: Math.round(p.position * 10) / 10,
    max_position: Math.round(p.maxPosition * 10) / 10,
    watched_seconds: watched,
    percent: p.finished ? 100 : Math.min(100, Math.floor((p.creditedSeconds / Math.max(1, duration)) * 100)),
    finished: p.finished,
  };
}

/**
 * A viewer's progress through one course in ONE statement ($1 the user, $2 the course): the course record (absent
 * when never started) and the lessons' progress rows as a JSON array.
 */
const COURSE_PROGRESS = `SELECT cp.user_id IS NOT NULL AS started, cp.finished_at IS NOT NULL AS finished, cp.last_lesson_id,
       (SELECT json_agg(json_build_object('lesson_id', lp.lesson_id, 'position', lp.position,
                                          'max_position', lp.max_position, 'credited_seconds', lp.credited_seconds,
                                          'finished', lp.finished_at IS NOT NULL))
          FROM learning_lesson_progress lp WHERE lp.user_id = $1 AND lp.course_id = $2) AS lessons
  FROM (SELECT 1) one
  LEFT JOIN learning_course_progress cp ON cp.user_id = $1 AND cp.course_id = $2`;

interface CourseProgressRow {
  started: boolean;
  finished: boolean;
  last_lesson_id: number | null;
  lessons:
    | {
        lesson_id: number;
        position: number;
        max_position: number;
        credited_seconds: number;
        finished: boolean;
      }[]
    | null;
}

/** Learning's side of the course page: a viewer's progress through one course (wired into courses by the app). */
export function createCourseProgressSource(db: DbOrTx): CourseProgressSource {
  const progressRows = preparedRows<CourseProgressRow, [number, number]>(
    db,
    'learning_course_progress_of',
    COURSE_PROGRESS,
  );
  return {
    async progressOf(userId, courseId, lessonDurations) {
      const [[row], durations] = await Promise.all([progressRows(userId, courseId), lessonDurations]);
      const lessons = new Map<number, LessonProgress>();
      for (const r of row?.lessons ?? []) {
        lessons.set(
          r.lesson_id,
          progressView(
            {
              position: r.position,
              maxPosition: r.max_position,
              creditedSeconds: r.credited_seconds,
              finished: r.finished,
            },
            durations.get(r.lesson_id) ?? 1,
          ),
        );
      }
      return {
        started: row?.started ?? false,
        finished: row?.finished ?? false,
        lastLessonId: row?.last_lesson_id ?? null,
        lessons,
      };
    },
  };
}
