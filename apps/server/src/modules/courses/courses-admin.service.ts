import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import {
  COURSE_IMAGE_URL_PREFIX,
  SUBTITLE_DEFAULT_LABEL,
  SUBTITLE_DEFAULT_LANG,
  VIDEO_CHUNK_BYTES,
  courseAdminMessages as m,
  type AdminCourse,
  type AdminCoursePage,
  type AdminLesson,
  type AdminLessonSubtitle,
  type AdminQuestion,
  type AdminTag,
  type AdminTeacher,
  type DescriptionBlock,
  type UploadState,
  type VideoJob,
  adminCourseListQuerySchema,
  courseBodySchema,
  lessonCreateBodySchema,
  lessonQuestionBodySchema,
  lessonUpdateBodySchema,
  memberPriceOf,
  tagBodySchema,
  teacherBodySchema,
} from '@app/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/sql';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { storeImage } from '../../lib/image-store';
import { pageWindow, toPaged } from '../../lib/pagination';
import type { AuditTrail, StaffActor } from '../audit';
import { sanitizeArticle } from '../content';
import {
  coursesAdminRepository as repo,
  type CourseRow,
  type JobRow,
  type LessonRow,
  type QuestionRow,
  type SubtitleInfoRow,
  type UploadRow,
} from './courses-admin.repository';
import { coursesVideoJobs, coursesVideoUploads } from './courses.table';
import { signedVideoUrl } from './media';
import type { MediaSigner } from './media-signer';
import { videoJobsRepository } from './video-jobs';
import { readSubtitleFile, SubtitleError } from './subtitles';
import { looksLikeVideo, probeVideo, type FfmpegPaths } from './video-transcode';

type CourseBodyOut = z.output<typeof courseBodySchema>;

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The editor's HTML of a description (demo blocks become headings, paragraphs and lists). */
export function blocksToHtml(blocks: DescriptionBlock[]): string {
  return blocks
    .map((b) => {
      if (b.type === 'html') return b.html;
      if (b.type === 'heading') return `<h3>${escapeHtml(b.text)}</h3>`;
      if (b.type === 'paragraph') return `<p>${escapeHtml(b.text)}</p>`;
      return `<ul>${b.items.map((i) => `<li>${escapeHtml(i)}</li>`).join('')}</ul>`;
    })
    .join('');
}

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

export function toVideoJob(j: JobRow): VideoJob {
  return { id: j.id, status: j.status, progress: j.progress, error: j.error, attempts: j.attempts, updated_at: iso(j.updatedAt) };
}

function toSubtitle(s: SubtitleInfoRow): AdminLessonSubtitle {
  return { lesson_id: s.lessonId, lang: s.lang, label: s.label, cue_count: s.cueCount, source_name: s.sourceName, updated_at: iso(s.updatedAt) };
}

function toQuestion(q: QuestionRow): AdminQuestion {
  return {
    id: q.id,
    lesson_id: q.lessonId,
    sort: q.sort,
    kind: q.kind,
    stem: q.stem,
    options: q.options,
    answer: q.answer,
    explanation: q.explanation,
  };
}

/** Where incoming uploads are written, relative to DATA_DIR (shared by every server process). */
const uploadPath = (id: number) => path.join('uploads', 'course-videos', `${id}.part`);

export interface CoursesAdminDeps {
  db: Db;
  clock: Clock;
  audit: AuditTrail;
  signer: MediaSigner;
  dataDir: string;
  ffmpeg: FfmpegPaths;
  /** Called after a job was queued (wakes this process's worker). */
  onJobQueued?: () => void;
}

/** Staff authoring of the catalogue. Every write records its audit row in its own transaction. */
export function createCoursesAdminService(deps: CoursesAdminDeps) {
  const { db, clock, audit } = deps;
  const imageDir = path.join(deps.dataDir, 'uploads', 'course-images');

  async function lessonOut(
    l: LessonRow & { question_count?: number },
    job: JobRow | undefined,
    now: Date,
    subtitles: SubtitleInfoRow[] = [],
  ): Promise<AdminLesson> {
    return {
      id: l.id,
      sort: l.sort,
      title: l.title,
      is_trial: l.isTrial,
      duration: l.duration,
      video_ready: l.videoFile !== null,
      poster_url: l.videoFile?.startsWith('hls/') ? await signedVideoUrl(deps.signer, l.videoFile, now, 'poster.jpg') : null,
      video_url: l.videoFile ? await signedVideoUrl(deps.signer, l.videoFile, now) : null,
      video_job: job ? toVideoJob(job) : null,
      question_count: l.question_count ?? 0,
      subtitles: subtitles.map(toSubtitle),
    };
  }

  async function courseOut(c: CourseRow): Promise<AdminCourse> {
    const now = clock.now();
    const [tagIds, lessons] = await Promise.all([repo.courseTagIds(db, c.id), repo.lessons(db, c.id)]);
    const [jobs, subtitles] = await Promise.all([
      repo.latestJobs(db, lessons.map((l) => l.id)),
      repo.subtitlesOf(db, lessons.map((l) => l.id)),
    ]);
    return {
      id: c.id,
      title: c.title,
      cover: c.cover,
      summary: c.summary,
      description_html: blocksToHtml(c.description),
      teacher_id: c.teacherId,
      tag_ids: tagIds,
      kind: c.kind,
      outer_url: c.outerUrl,
      price_type: c.priceType,
      price: c.price,
      member_price: c.memberPrice,
      published: c.published,
      published_at: c.published ? iso(c.publishedAt) : null,
      learner_count: c.learnerCount,
      presence_min_minutes: c.presenceMinMinutes,
      presence_max_minutes: c.presenceMaxMinutes,
      max_playback_rate: c.maxPlaybackRate,
      lessons: await Promise.all(lessons.map((l) => lessonOut(l, jobs.get(l.id), now, subtitles.get(l.id)))),
    };
  }

  async function mustCourse(id: number) {
    const c = await repo.course(db, id);
    if (!c) throw AppError.notFound(m.courseNotFound);
    return c;
  }

  /** Tags of a course must be second-level tags that exist. */
  async function checkTags(tagIds: number[]) {
    const ids = [...new Set(tagIds)];
    const found = await repo.tagsByIds(db, ids);
    if (found.length !== ids.length) throw AppError.badRequest(m.tagInvalid, { tag_ids: m.tagInvalid });
    if (found.some((t) => t.parentId === null)) {
      throw AppError.badRequest(m.tagCourseNeedsSecondLevel, { tag_ids: m.tagCourseNeedsSecondLevel });
    }
    return ids;
  }

  function courseValues(b: CourseBodyOut) {
    const html = sanitizeArticle(b.description_html);
    return {
      title: b.title,
      summary: b.summary,
      cover: b.cover,
      description: (html ? [{ type: 'html', html }] : []) satisfies DescriptionBlock[],
      teacherId: b.teacher_id,
      kind: b.kind,
      outerUrl: b.kind === 'outer_link' ? (b.outer_url ?? null) : null,
      priceType: b.price_type,
      price: b.price_type === 'paid' ? b.price : 0,
      memberPrice: b.price_type === 'paid' ? (b.member_price ?? null) : null,
      presenceMinMinutes: b.presence_min_minutes ?? null,
      presenceMaxMinutes: b.presence_max_minutes ?? null,
      maxPlaybackRate: b.max_playback_rate ?? null,
    };
  }

  const auditCourse = (c: CourseRow) => ({
    title: c.title,
    kind: c.kind,
    price_type: c.priceType,
    price: c.price,
    member_price: c.memberPrice,
    teacher_id: c.teacherId,
    published: c.published,
    presence_min_minutes: c.presenceMinMinutes,
    presence_max_minutes: c.presenceMaxMinutes,
    max_playback_rate: c.maxPlaybackRate,
  });

  async function uploadState(u: UploadRow): Promise<UploadState> {
    const jobs = await db.select().from(coursesVideoJobs).where(eq(coursesVideoJobs.uploadId, u.id));
    const job = jobs.at(-1);
    return {
      id: u.id,
      lesson_id: u.lessonId,
      size: u.size,
      offset: u.received,
      chunk_size: VIDEO_CHUNK_BYTES,
      status: u.status,
      job: job ? toVideoJob(job) : null,
    };
  }

  async function markUploadFailed(id: number) {
    await db.update(coursesVideoUploads).set({ status: 'failed', updatedAt: clock.now() }).where(eq(coursesVideoUploads.id, id));
    await fs.rm(path.join(deps.dataDir, uploadPath(id)), { force: true });
  }

  return {
    // ---- tags ------------------------------------------------------------------------------------------------------
    async tags(): Promise<AdminTag[]> {
      return repo.tags(db);
    },

    async saveTag(actor: StaffActor, id: number | null, body: z.output<typeof tagBodySchema>): Promise<AdminTag> {
      const parentId = body.parent_id ?? null;
      try {
        return await db.transaction(async (tx) => {
          const before = id === null ? null : await repo.tag(tx, id, true);
          if (id !== null && !before) throw AppError.notFound(m.tagNotFound);
          if (parentId !== null) {
            const parent = await repo.tag(tx, parentId);
            if (!parent || parent.parentId !== null || parentId === id) {
              throw AppError.badRequest(m.tagParentInvalid, { parent_id: m.tagParentInvalid });
            }
            if (id !== null && (await repo.hasChildTags(tx, id))) {
              throw AppError.badRequest(m.tagParentInvalid, { parent_id: m.tagHasChildren });
            }
          }
          const v = { name: body.name, parentId, sort: body.sort };
          const after = id === null ? await repo.insertTag(tx, v) : await repo.updateTag(tx, id, v);
          await audit.record(tx, actor, {
            action: id === null ? 'course_tag.create' : 'course_tag.update',
            entity: 'course_tag',
            entityId: after.id,
            before: before ?? null,
            after,
          });
          const [row] = (await repo.tags(tx)).filter((t) => t.id === after.id);
          return row!;
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw AppError.badRequest(m.tagNameTaken, { name: m.tagNameTaken });
        throw err;
      }
    },

    async deleteTag(actor: StaffActor, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const before = await repo.tag(tx, id, true);
        if (!before) throw AppError.notFound(m.tagNotFound);
        if (await repo.hasChildTags(tx, id)) throw AppError.conflict(m.tagHasChildren);
        await repo.deleteTag(tx, id);
        await audit.record(tx, actor, { action: 'course_tag.delete', entity: 'course_tag', entityId: id, before, after: null });
      });
    },

    // ---- teachers --------------------------------------------------------------------------------------------------
    async teachers(): Promise<AdminTeacher[]> {
      return repo.teachers(db);
    },

    async saveTeacher(actor: StaffActor, id: number | null, body: z.output<typeof teacherBodySchema>): Promise<AdminTeacher> {
      return db.transaction(async (tx) => {
        const before = id === null ? null : await repo.teacher(tx, id, true);
        if (id !== null && !before) throw AppError.notFound(m.teacherNotFound);
        const v = { name: body.name, title: body.title, photo: body.photo, intro: body.intro };
        const after = id === null ? await repo.insertTeacher(tx, v) : await repo.updateTeacher(tx, id, v);
        await audit.record(tx, actor, {
          action: id === null ? 'course_teacher.create' : 'course_teacher.update',
          entity: 'course_teacher',
          entityId: after.id,
          before: before ?? null,
          after,
        });
        return { ...after, course_count: await repo.teacherCourseCount(tx, after.id) };
      });
    },

    async deleteTeacher(actor: StaffActor, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const before = await repo.teacher(tx, id, true);
        if (!before) throw AppError.notFound(m.teacherNotFound);
        if ((await repo.teacherCourseCount(tx, id)) > 0) throw AppError.conflict(m.teacherInUse);
        await repo.deleteTeacher(tx, id);
        await audit.record(tx, actor, { action: 'course_teacher.delete', entity: 'course_teacher', entityId: id, before, after: null });
      });
    },

    // ---- courses ---------------------------------------------------------------------------------------------------
    async list(q: z.output<typeof adminCourseListQuerySchema>): Promise<AdminCoursePage> {
      const { limit, offset } = pageWindow(q);
      const { rows, total } = await repo.coursePage(db, { keyword: q.keyword || undefined, state: q.state, limit, offset });
      return toPaged(
        rows.map((r) => ({
          ...r,
          member_price: r.price_type === 'paid' ? (r.member_price ?? memberPriceOf(r.price)) : 0,
          updated_at: iso(r.updated_at),
        })),
        total,
        q,
      );
    },

    async show(id: number): Promise<AdminCourse> {
      return courseOut(await mustCourse(id));
    },

    async create(actor: StaffActor, body: CourseBodyOut): Promise<AdminCourse> {
      const tagIds = await checkTags(body.tag_ids);
      if (!(await repo.teacher(db, body.teacher_id))) throw AppError.badRequest(m.teacherNotFound, { teacher_id: m.teacherNotFound });
      const now = clock.now();
      const created = await db.transaction(async (tx) => {
        const row = await repo.insertCourse(tx, { ...courseValues(body), published: false, publishedAt: now, createdAt: now, updatedAt: now });
        await repo.setCourseTags(tx, row.id, tagIds);
        await audit.record(tx, actor, { action: 'course.create', entity: 'course', entityId: row.id, before: null, after: { ...auditCourse(row), tag_ids: tagIds } });
        return row;
      });
      return courseOut(created);
    },

    async update(actor: StaffActor, id: number, body: CourseBodyOut): Promise<AdminCourse> {
      const tagIds = await checkTags(body.tag_ids);
      if (!(await repo.teacher(db, body.teacher_id))) throw AppError.badRequest(m.teacherNotFound, { teacher_id: m.teacherNotFound });
      const updated = await db.transaction(async (tx) => {
        const before = await repo.course(tx, id, true);
        if (!before) throw AppError.notFound(m.courseNotFound);
        if (before.published && body.kind !== before.kind) {
          throw AppError.conflict('已发布的课程不能更改课程形式，请先下架');
        }
        if (before.published && body.kind === 'outer_link' && !body.outer_url) throw AppError.badRequest(m.publishOuterWithoutUrl);
        const beforeTags = await repo.courseTagIds(tx, id);
        const after = await repo.updateCourse(tx, id, { ...courseValues(body), updatedAt: clock.now() });
        await repo.setCourseTags(tx, id, tagIds);
        await audit.record(tx, actor, {
          action: 'course.update',
          entity: 'course',
          entityId: id,
          before: { ...auditCourse(before), tag_ids: beforeTags },
          after: { ...auditCourse(after), tag_ids: tagIds },
        });
        return after;
      });
      return courseOut(updated);
    },

    async remove(actor: StaffActor, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const before = await repo.course(tx, id, true);
        if (!before) throw AppError.notFound(m.courseNotFound);
        if (before.published) throw AppError.conflict(m.deletePublishedCourse);
        if (before.learnerCount > 0) throw AppError.conflict(m.courseHasLearners);
        await repo.deleteCourse(tx, id);
        await audit.record(tx, actor, { action: 'course.delete', entity: 'course', entityId: id, before: auditCourse(before), after: null });
      });
    },

    /** Publishes a course: a video course needs lessons, each with a ready video; an outer-link course its URL. */
    async publish(actor: StaffActor, id: number): Promise<AdminCourse> {
      const after = await db.transaction(async (tx) => {
        const before = await repo.course(tx, id, true);
        if (!before) throw AppError.notFound(m.courseNotFound);
        if (before.kind === 'video') {
          const lessons = await repo.lessons(tx, id);
          if (lessons.length === 0) throw AppError.conflict(m.publishWithoutLessons);
          const notReady = lessons.filter((l) => l.videoFile === null);
          if (notReady.length > 0) throw AppError.conflict(m.publishVideoNotReady(notReady.map((l) => `第${l.sort}课「${l.title}」`).join('、')));
          await repo.refreshCourseTotals(tx, id);
        } else if (!before.outerUrl) {
          throw AppError.conflict(m.publishOuterWithoutUrl);
        }
        const now = clock.now();
        const row = await repo.updateCourse(tx, id, {
          published: true,
          // The first publication sets the "newest" time; publishing again after a correction keeps it.
          publishedAt: before.published || before.publishedAt.getTime() !== before.createdAt.getTime() ? before.publishedAt : now,
          updatedAt: now,
        });
        await audit.record(tx, actor, { action: 'course.publish', entity: 'course', entityId: id, before: auditCourse(before), after: auditCourse(row) });
        return row;
      });
      return courseOut(after);
    },

    async unpublish(actor: StaffActor, id: number): Promise<AdminCourse> {
      const after = await db.transaction(async (tx) => {
        const before = await repo.course(tx, id, true);
        if (!before) throw AppError.notFound(m.courseNotFound);
        const row = await repo.updateCourse(tx, id, { published: false, updatedAt: clock.now() });
        await audit.record(tx, actor, { action: 'course.unpublish', entity: 'course', entityId: id, before: auditCourse(before), after: auditCourse(row) });
        return row;
      });
      return courseOut(after);
    },

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

    async deleteLesson(actor: StaffActor, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const before = await repo.lesson(tx, id, true);
        if (!before) throw AppError.notFound(m.lessonNotFound);
        const course = await repo.course(tx, before.courseId, true);
        if (course?.published) throw AppError.conflict(m.deleteLessonOfPublished);
        await repo.deleteLesson(tx, id);
        await repo.renumberLessons(tx, before.courseId);
        await repo.refreshCourseTotals(tx, before.courseId);
        await audit.record(tx, actor, { action: 'course_lesson.delete', entity: 'course_lesson', entityId: id, before, after: null });
      });
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

    // ---- questions -------------------------------------------------------------------------------------------------
    async questions(lessonId: number): Promise<AdminQuestion[]> {
      if (!(await repo.lesson(db, lessonId))) throw AppError.notFound(m.lessonNotFound);
      return (await repo.questions(db, lessonId)).map(toQuestion);
    },

    async saveQuestion(
      actor: StaffActor,
      target: { id: number } | { lessonId: number },
      body: z.output<typeof lessonQuestionBodySchema>,
    ): Promise<AdminQuestion> {
      const v = {
        kind: body.kind,
        stem: body.stem,
        options: body.options.map((text, i) => ({ key: String.fromCharCode(65 + i), text })),
        answer: [...body.answer].sort(),
        explanation: body.explanation,
      };
      const row = await db.transaction(async (tx) => {
        if ('id' in target) {
          const before = await repo.question(tx, target.id, true);
          if (!before) throw AppError.notFound(m.questionNotFound);
          const after = await repo.updateQuestion(tx, target.id, v);
          await audit.record(tx, actor, { action: 'course_question.update', entity: 'course_question', entityId: after.id, before, after });
          return after;
        }
        if (!(await repo.lesson(tx, target.lessonId, true))) throw AppError.notFound(m.lessonNotFound);
        const after = await repo.insertQuestion(tx, { ...v, lessonId: target.lessonId });
        await audit.record(tx, actor, { action: 'course_question.create', entity: 'course_question', entityId: after.id, before: null, after });
        return after;
      });
      return toQuestion(row);
    },

    async deleteQuestion(actor: StaffActor, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const before = await repo.question(tx, id, true);
        if (!before) throw AppError.notFound(m.questionNotFound);
        await repo.deleteQuestion(tx, id);
        await audit.record(tx, actor, { action: 'course_question.delete', entity: 'course_question', entityId: id, before, after: null });
      });
    },

    // ---- images ----------------------------------------------------------------------------------------------------
    imageDir,
    async uploadImage(content: Buffer): Promise<{ url: string }> {
      const name = await storeImage(imageDir, content, 'cover', { badType: m.imageNotImage });
      return { url: COURSE_IMAGE_URL_PREFIX + name };
    },

    // ---- resumable video uploads -----------------------------------------------------------------------------------
    async startUpload(actor: StaffActor, body: { lesson_id: number; file_name: string; size: number }): Promise<UploadState> {
      const lesson = await repo.lesson(db, body.lesson_id);
      if (!lesson) throw AppError.notFound(m.lessonNotFound);
      const now = clock.now();
      const [row] = await db
        .insert(coursesVideoUploads)
        .values({ lessonId: lesson.id, fileName: body.file_name, size: body.size, received: 0, status: 'uploading', createdBy: actor.id, createdAt: now, updatedAt: now })
        .returning();
      await fs.mkdir(path.join(deps.dataDir, 'uploads', 'course-videos'), { recursive: true });
      return uploadState(row!);
    },

    async uploadShow(id: number): Promise<UploadState> {
      const [row] = await db.select().from(coursesVideoUploads).where(eq(coursesVideoUploads.id, id));
      if (!row) throw AppError.notFound(m.uploadNotFound);
      return uploadState(row);
    },

    /**
     * Appends one chunk at `offset`. Refused without writing anything: a wrong checksum (400), an offset other than
     * the bytes already received (409, the answer names the right offset), a first chunk that is not a video (415).
     * The last chunk is checked with ffprobe and queues the transcoding job, with its audit row.
     */
    async uploadChunk(actor: StaffActor, id: number, offsetHeader: unknown, shaHeader: unknown, body: Buffer): Promise<UploadState> {
      if (typeof shaHeader !== 'string' || !/^[0-9a-fA-F]{64}$/.test(shaHeader)) throw AppError.badRequest(m.uploadChecksumMissing);
      const offset = typeof offsetHeader === 'string' && /^\d{1,15}$/.test(offsetHeader) ? Number(offsetHeader) : NaN;
      if (body.length === 0) throw AppError.badRequest(m.uploadChunkEmpty);
      if (body.length > VIDEO_CHUNK_BYTES) throw new AppError(413, m.uploadChunkTooLarge);
      if (createHash('sha256').update(body).digest('hex') !== shaHeader.toLowerCase()) throw AppError.badRequest(m.uploadChecksumMismatch);
      const file = path.join(deps.dataDir, uploadPath(id));
      let notVideo = false;
      const state = await db.transaction(async (tx) => {
        const [u] = await tx.select().from(coursesVideoUploads).where(eq(coursesVideoUploads.id, id)).for('update');
        if (!u || u.status !== 'uploading') throw AppError.notFound(m.uploadNotFound);
        if (offset !== u.received) throw new AppError(409, m.uploadOffsetMismatch(u.received), { offset: u.received });
        if (offset + body.length > u.size) throw AppError.badRequest(m.uploadChunkPastEnd);
        if (offset === 0 && !looksLikeVideo(body.subarray(0, 512))) {
          notVideo = true;
          return u;
        }
        const fh = await fs.open(file, offset === 0 ? 'w' : 'r+');
        try {
          await fh.write(body, 0, body.length, offset);
        } finally {
          await fh.close();
        }
        const [after] = await tx
          .update(coursesVideoUploads)
          .set({ received: offset + body.length, updatedAt: clock.now() })
          .where(eq(coursesVideoUploads.id, id))
          .returning();
        return after!;
      });
      if (notVideo) {
        await markUploadFailed(id);
        throw new AppError(415, m.uploadNotVideo);
      }
      if (state.received < state.size) return uploadState(state);

      const probe = await probeVideo(deps.ffmpeg, file);
      if (!probe) {
        await markUploadFailed(id);
        throw new AppError(415, m.uploadNotVideo);
      }
      const done = await db.transaction(async (tx) => {
        const now = clock.now();
        const [u] = await tx
          .update(coursesVideoUploads)
          .set({ status: 'complete', updatedAt: now })
          .where(eq(coursesVideoUploads.id, id))
          .returning();
        const job = await videoJobsRepository.enqueue(tx, { lessonId: u!.lessonId, uploadId: id, source: uploadPath(id), now });
        await audit.record(tx, actor, {
          action: 'course_lesson.upload_video',
          entity: 'course_lesson',
          entityId: u!.lessonId,
          before: null,
          after: { upload_id: id, file_name: u!.fileName, size: u!.size, duration: probe.duration, width: probe.width, height: probe.height, job_id: job.id },
        });
        return u!;
      });
      deps.onJobQueued?.();
      return uploadState(done);
    },
  };
}
export type CoursesAdminService = ReturnType<typeof createCoursesAdminService>;
