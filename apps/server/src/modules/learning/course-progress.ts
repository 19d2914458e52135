import type { LessonProgress } from '@app/contracts';
import type { DbOrTx } from '../../db/client';
import type { CourseProgressSource } from '../courses';
import { createLearningRepository } from './learning.repository';
import type { LearningLessonProgressRow } from './learning.table';

export function progressView(
  p: Pick<LearningLessonProgressRow, 'position' | 'maxPosition' | 'creditedSeconds' | 'finishedAt'>,
  duration: number,
): LessonProgress {
  const watched = Math.floor(p.creditedSeconds);
  return {
    position: Math.round(p.position * 10) / 10,
    max_position: Math.round(p.maxPosition * 10) / 10,
    watched_seconds: watched,
    percent: p.finishedAt
      ? 100
      : Math.min(100, Math.floor((p.creditedSeconds / Math.max(1, duration)) * 100)),
    finished: p.finishedAt !== null,
  };
}

/** Learning's side of the course page: a viewer's progress through one course (wired into courses by the app). */
export function createCourseProgressSource(db: DbOrTx): CourseProgressSource {
  const repo = createLearningRepository(db);
  return {
    async progressOf(userId, courseId, lessonDurations) {
      const [record, rows, durations] = await Promise.all([
        repo.courseRecord(userId, courseId),
        repo.lessonProgressOfCourse(userId, courseId),
        lessonDurations,
      ]);
      const lessons = new Map<number, LessonProgress>();
      for (const r of rows) lessons.set(r.lessonId, progressView(r, durations.get(r.lessonId) ?? 1));
      return {
        started: record !== undefined,
        finished: record?.finishedAt != null,
        lastLessonId: record?.lastLessonId ?? null,
        lessons,
      };
    },
  };
}
