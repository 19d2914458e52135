// Course authoring by use case: a lesson's subtitles, uploaded as WebVTT or SRT.
import {
  SUBTITLE_DEFAULT_LABEL,
  SUBTITLE_DEFAULT_LANG,
  courseAdminMessages as m,
  type AdminLessonSubtitle,
} from '@app/contracts';
import { AppError } from '../../lib/app-error';
import type { StaffActor } from '../audit';
import { toSubtitle, type CoursesAdminDeps } from './courses-admin-shared';
import { coursesAdminRepository as repo } from './courses-admin.repository';
import { readSubtitleFile, SubtitleError } from './subtitles';

export function createCoursesAdminSubtitlesService({ db, clock, audit }: Pick<CoursesAdminDeps, 'db' | 'clock' | 'audit'>) {
  return {
    // ---- subtitles -------------------------------------------------------------------------------------------------
    async subtitles(lessonId: number): Promise<AdminLessonSubtitle[]> {
      if (!(await repo.lesson(db, lessonId))) throw AppError.notFound(m.lessonNotFound);
      return ((await repo.subtitlesOf(db, [lessonId])).get(lessonId) ?? []).map(toSubtitle);
    },

    /**
     * Stores (or replaces) a lesson's subtitles from an uploaded WebVTT or SRT file (subtitles.ts reads it); a refusal
     * is a 400 naming the file's line, shown on the form's file field.
     */
    async uploadSubtitle(actor: StaffActor, lessonId: number, file: { content: Buffer; name: string }): Promise<AdminLessonSubtitle> {
      const lesson = await repo.lesson(db, lessonId);
      if (!lesson) throw AppError.notFound(m.lessonNotFound);
      let read;
      try {
        read = readSubtitleFile(file.content, file.name, lesson.videoFile ? lesson.duration : 0);
      } catch (err) {
        if (err instanceof SubtitleError) throw AppError.badRequest(err.message, { file: err.message });
        throw err;
      }
      return db.transaction(async (tx) => {
        if (!(await repo.lesson(tx, lessonId, true))) throw AppError.notFound(m.lessonNotFound);
        const before = await repo.subtitle(tx, lessonId, SUBTITLE_DEFAULT_LANG);
        const after = await repo.saveSubtitle(tx, {
          lessonId,
          lang: SUBTITLE_DEFAULT_LANG,
          label: SUBTITLE_DEFAULT_LABEL,
          vtt: read.vtt,
          cueCount: read.cues.length,
          sourceName: file.name,
          updatedBy: actor.id,
          updatedAt: clock.now(),
        });
        await audit.record(tx, actor, {
          action: 'course_lesson.upload_subtitles',
          entity: 'course_lesson',
          entityId: lessonId,
          before: before ?? null,
          after: { ...after, format: read.format, bytes: file.content.length },
        });
        return toSubtitle(after);
      });
    },

    async deleteSubtitle(actor: StaffActor, lessonId: number): Promise<void> {
      await db.transaction(async (tx) => {
        const before = await repo.subtitle(tx, lessonId, SUBTITLE_DEFAULT_LANG);
        if (!before) throw AppError.notFound((await repo.lesson(tx, lessonId)) ? m.subtitleNotFound : m.lessonNotFound);
        await repo.deleteSubtitle(tx, lessonId, SUBTITLE_DEFAULT_LANG);
        await audit.record(tx, actor, { action: 'course_lesson.delete_subtitles', entity: 'course_lesson', entityId: lessonId, before, after: null });
      });
    },
  };
}
