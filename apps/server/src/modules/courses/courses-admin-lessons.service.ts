// Course authoring by use case: a course's lessons (adding, editing, deleting, reordering).
import {
  courseAdminMessages as m,
  type AdminCourse,
  type AdminLesson,
  lessonCreateBodySchema,
  lessonUpdateBodySchema,
} from '@app/contracts';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error';
import type { StaffActor } from '../audit';
import type { CoursesAdminDeps, CoursesAdminShared } from './courses-admin-shared';
import { coursesAdminRepository as repo } from './courses-admin.repository';
import { removeVideoIfUnused } from './video-jobs';

export function createCoursesAdminLessonsService(
  { db, clock, audit, storage }: Pick<CoursesAdminDeps, 'db' | 'clock' | 'audit' | 'storage'>,
  { lessonOut, courseOut }: CoursesAdminShared,
) {
  return {
    // ---- lessons ---------------------------------------------------------------------------------------------------
    async createLesson(actor: StaffActor, body: z.output<typeof lessonCreateBodySchema>): Promise<AdminLesson> {
      const row = await db.transaction(async (tx) => {
        const course = await repo.course(tx, body.course_id, true);
        if (!course) throw AppError.notFound(m.courseNotFound);
        if (course.kind !== 'video') throw AppError.conflict(m.outerCourseNoLessons);
        if (course.published) throw AppError.conflict(m.addLessonToPublished);
        const lesson = await repo.insertLesson(tx, { courseId: course.id, title: body.title, isTrial: body.is_trial });
        await repo.updateCourse(tx, course.id, { updatedAt: clock.now() });
        await audit.record(tx, actor, { action: 'course_lesson.create', entity: 'course_lesson', entityId: lesson.id, before: null, after: lesson });
        return lesson;
      });
      return lessonOut(row, undefined, clock.now());
    },

    async updateLesson(actor: StaffActor, id: number, body: z.output<typeof lessonUpdateBodySchema>): Promise<AdminLesson> {
      const row = await db.transaction(async (tx) => {
        const before = await repo.lesson(tx, id, true);
        if (!before) throw AppError.notFound(m.lessonNotFound);
        const after = await repo.updateLesson(tx, id, { title: body.title, isTrial: body.is_trial });
        await audit.record(tx, actor, { action: 'course_lesson.update', entity: 'course_lesson', entityId: id, before, after });
        return after;
      });
      const [jobs, subtitles] = await Promise.all([repo.latestJobs(db, [id]), repo.subtitlesOf(db, [id])]);
      const [withCount] = (await repo.lessons(db, row.courseId)).filter((l) => l.id === id);
      return lessonOut(withCount ?? row, jobs.get(id), clock.now(), subtitles.get(id));
    },

    /** Deletes a lesson of an unpublished course; its transcoded video's files go with it. */
    async deleteLesson(actor: StaffActor, id: number): Promise<void> {
      const deleted = await db.transaction(async (tx) => {
        const before = await repo.lesson(tx, id, true);
        if (!before) throw AppError.notFound(m.lessonNotFound);
        const course = await repo.course(tx, before.courseId, true);
        if (course?.published) throw AppError.conflict(m.deleteLessonOfPublished);
        await repo.deleteLesson(tx, id);
        await repo.renumberLessons(tx, before.courseId);
        await repo.refreshCourseTotals(tx, before.courseId);
        await audit.record(tx, actor, { action: 'course_lesson.delete', entity: 'course_lesson', entityId: id, before, after: null });
        return before;
      });
      // The lesson is gone either way; files a storage failure left behind cost space, not correctness.
      await removeVideoIfUnused(db, storage, deleted.videoFile).catch(() => undefined);
    },

    async reorderLessons(actor: StaffActor, courseId: number, ids: number[]): Promise<AdminCourse> {
      const course = await db.transaction(async (tx) => {
        const c = await repo.course(tx, courseId, true);
        if (!c) throw AppError.notFound(m.courseNotFound);
        const lessons = await repo.lessons(tx, courseId);
        const current = lessons.map((l) => l.id);
        if (ids.length !== current.length || new Set(ids).size !== ids.length || ids.some((i) => !current.includes(i))) {
          throw AppError.conflict(m.reorderMismatch);
        }
        await repo.reorderLessons(tx, courseId, ids);
        await audit.record(tx, actor, { action: 'course_lesson.reorder', entity: 'course', entityId: courseId, before: { lesson_ids: current }, after: { lesson_ids: ids } });
        return c;
      });
      return courseOut(course);
    },
  };
}
