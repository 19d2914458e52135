import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { containsPattern, rowsOf } from '../../db/sql';
import {
  courses,
  coursesCourseTags,
  coursesLessonQuestions,
  coursesLessonSubtitles,
  coursesLessons,
  coursesTags,
  coursesTeachers,
  coursesVideoJobs,
  coursesVideoUploads,
} from './courses.table';

export type CourseRow = typeof courses.$inferSelect;
export type LessonRow = typeof coursesLessons.$inferSelect;
export type QuestionRow = typeof coursesLessonQuestions.$inferSelect;
export type TagRow = typeof coursesTags.$inferSelect;
export type TeacherRow = typeof coursesTeachers.$inferSelect;
export type UploadRow = typeof coursesVideoUploads.$inferSelect;
export type JobRow = typeof coursesVideoJobs.$inferSelect;
/** A lesson's subtitles without the WebVTT text (staff lists). */
export type SubtitleInfoRow = Omit<typeof coursesLessonSubtitles.$inferSelect, 'vtt'>;
export type SubtitleRow = typeof coursesLessonSubtitles.$inferSelect;

const subtitleInfo = {
  lessonId: coursesLessonSubtitles.lessonId,
  lang: coursesLessonSubtitles.lang,
  label: coursesLessonSubtitles.label,
  cueCount: coursesLessonSubtitles.cueCount,
  sourceName: coursesLessonSubtitles.sourceName,
  updatedBy: coursesLessonSubtitles.updatedBy,
  updatedAt: coursesLessonSubtitles.updatedAt,
};

/** Staff reads and writes of the catalogue; every write takes the caller's transaction. */
export const coursesAdminRepository = {
  // ---- tags ----
  /** Every tag with its course count: courses carrying it or one of its children, each course once. */
  tags(db: DbOrTx) {
    return rowsOf<{ id: number; parent_id: number | null; name: string; sort: number; course_count: number }>(
      db,
      sql`SELECT tg.id, tg.parent_id, tg.name, tg.sort,
                 (SELECT count(DISTINCT ct.course_id)::int FROM courses_course_tags ct
                    JOIN courses_tags x ON x.id = ct.tag_id
                   WHERE x.id = tg.id OR x.parent_id = tg.id) AS course_count
            FROM courses_tags tg ORDER BY tg.sort, tg.id`,
    );
  },
  async tag(db: DbOrTx, id: number, lock = false) {
    const q = db.select().from(coursesTags).where(eq(coursesTags.id, id));
    const [row] = lock ? await q.for('update') : await q;
    return row;
  },
  async tagsByIds(db: DbOrTx, ids: number[]) {
    if (ids.length === 0) return [];
    return db.select().from(coursesTags).where(inArray(coursesTags.id, ids));
  },
  async hasChildTags(db: DbOrTx, id: number) {
    const [row] = await db.select({ id: coursesTags.id }).from(coursesTags).where(eq(coursesTags.parentId, id)).limit(1);
    return row !== undefined;
  },
  async insertTag(db: DbOrTx, v: { name: string; parentId: number | null; sort: number }) {
    const [row] = await db.insert(coursesTags).values(v).returning();
    return row!;
  },
  async updateTag(db: DbOrTx, id: number, v: { name: string; parentId: number | null; sort: number }) {
    const [row] = await db.update(coursesTags).set(v).where(eq(coursesTags.id, id)).returning();
    return row!;
  },
  async deleteTag(db: DbOrTx, id: number) {
    await db.delete(coursesTags).where(eq(coursesTags.id, id));
  },

  // ---- teachers ----
  teachers(db: DbOrTx) {
    return rowsOf<TeacherRow & { course_count: number }>(
      db,
      sql`SELECT t.id, t.name, t.title, t.photo, t.intro,
                 (SELECT count(*)::int FROM courses c WHERE c.teacher_id = t.id) AS course_count
            FROM courses_teachers t ORDER BY t.id`,
    );
  },
  async teacher(db: DbOrTx, id: number, lock = false) {
    const q = db.select().from(coursesTeachers).where(eq(coursesTeachers.id, id));
    const [row] = lock ? await q.for('update') : await q;
    return row;
  },
  async teacherCourseCount(db: DbOrTx, id: number) {
    const [row] = await rowsOf<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM courses WHERE teacher_id = ${id}`);
    return row?.n ?? 0;
  },
  async insertTeacher(db: DbOrTx, v: { name: string; title: string; photo: string; intro: string }) {
    const [row] = await db.insert(coursesTeachers).values(v).returning();
    return row!;
  },
  async updateTeacher(db: DbOrTx, id: number, v: { name: string; title: string; photo: string; intro: string }) {
    const [row] = await db.update(coursesTeachers).set(v).where(eq(coursesTeachers.id, id)).returning();
    return row!;
  },
  async deleteTeacher(db: DbOrTx, id: number) {
    await db.delete(coursesTeachers).where(eq(coursesTeachers.id, id));
  },

  // ---- courses ----
  async coursePage(db: DbOrTx, f: { keyword?: string; state?: 'published' | 'draft'; limit: number; offset: number }) {
    const conds: SQL[] = [sql`true`];
    if (f.keyword) conds.push(sql`c.title ILIKE ${containsPattern(f.keyword)}`);
    if (f.state) conds.push(sql`c.published = ${f.state === 'published'}`);
    const where = sql.join(conds, sql` AND `);
    const [rows, [count]] = await Promise.all([
      rowsOf<{
        id: number;
        title: string;
        cover: string;
        teacher_name: string;
        kind: 'video' | 'outer_link';
        price_type: 'free' | 'member' | 'paid';
        price: number;
        member_price: number | null;
        lesson_count: number;
        learner_count: number;
        published: boolean;
        updated_at: Date | string;
      }>(
        db,
        sql`SELECT c.id, c.title, c.cover, t.name AS teacher_name, c.kind, c.price_type, c.price, c.member_price,
                   (SELECT count(*)::int FROM courses_lessons l WHERE l.course_id = c.id) AS lesson_count,
                   c.learner_count, c.published, c.updated_at
              FROM courses c JOIN courses_teachers t ON t.id = c.teacher_id
             WHERE ${where} ORDER BY c.updated_at DESC, c.id DESC LIMIT ${f.limit} OFFSET ${f.offset}`,
      ),
      rowsOf<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM courses c WHERE ${where}`),
    ]);
    return { rows, total: count?.n ?? 0 };
  },
  async course(db: DbOrTx, id: number, lock = false) {
    const q = db.select().from(courses).where(eq(courses.id, id));
    const [row] = lock ? await q.for('update') : await q;
    return row;
  },
  async courseTagIds(db: DbOrTx, courseId: number) {
    const rows = await db
      .select({ tagId: coursesCourseTags.tagId })
      .from(coursesCourseTags)
      .innerJoin(coursesTags, eq(coursesTags.id, coursesCourseTags.tagId))
      .where(eq(coursesCourseTags.courseId, courseId))
      .orderBy(asc(coursesTags.sort), asc(coursesTags.id));
    return rows.map((r) => r.tagId);
  },
  async insertCourse(db: DbOrTx, v: typeof courses.$inferInsert) {
    const [row] = await db.insert(courses).values(v).returning();
    return row!;
  },
  async updateCourse(db: DbOrTx, id: number, v: Partial<typeof courses.$inferInsert>) {
    const [row] = await db.update(courses).set(v).where(eq(courses.id, id)).returning();
    return row!;
  },
  async deleteCourse(db: DbOrTx, id: number) {
    await db.delete(courses).where(eq(courses.id, id));
  },
  async setCourseTags(db: DbOrTx, courseId: number, tagIds: number[]) {
    await db.delete(coursesCourseTags).where(eq(coursesCourseTags.courseId, courseId));
    if (tagIds.length > 0) await db.insert(coursesCourseTags).values(tagIds.map((tagId) => ({ courseId, tagId })));
  },
  /** Keeps the course's lesson count and total duration equal to its lessons with a playable video. */
  async refreshCourseTotals(db: DbOrTx, courseId: number) {
    await db.execute(
      sql`UPDATE courses SET
            lesson_count = (SELECT count(*)::int FROM courses_lessons WHERE course_id = ${courseId} AND video_file IS NOT NULL),
            total_duration = (SELECT COALESCE(sum(duration), 0)::int FROM courses_lessons WHERE course_id = ${courseId} AND video_file IS NOT NULL)
          WHERE id = ${courseId}`,
    );
  },

  // ---- lessons ----
  lessons(db: DbOrTx, courseId: number) {
    return rowsOf<LessonRow & { question_count: number }>(
      db,
      sql`SELECT l.id, l.course_id AS "courseId", l.sort, l.title, l.video_file AS "videoFile",
                 l.poster_file AS "posterFile", l.duration, l.is_trial AS "isTrial",
                 (SELECT count(*)::int FROM courses_lesson_questions q WHERE q.lesson_id = l.id) AS question_count
            FROM courses_lessons l WHERE l.course_id = ${courseId} ORDER BY l.sort, l.id`,
    );
  },
  async lesson(db: DbOrTx, id: number, lock = false) {
    const q = db.select().from(coursesLessons).where(eq(coursesLessons.id, id));
    const [row] = lock ? await q.for('update') : await q;
    return row;
  },
  async insertLesson(db: DbOrTx, v: { courseId: number; title: string; isTrial: boolean }) {
    const [row] = await db
      .insert(coursesLessons)
      .values({
        ...v,
        sort: sql`(SELECT COALESCE(max(sort), 0) + 1 FROM courses_lessons WHERE course_id = ${v.courseId})`,
        videoFile: null,
        duration: 0,
      })
      .returning();
    return row!;
  },
  async updateLesson(db: DbOrTx, id: number, v: Partial<typeof coursesLessons.$inferInsert>) {
    const [row] = await db.update(coursesLessons).set(v).where(eq(coursesLessons.id, id)).returning();
    return row!;
  },
  async deleteLesson(db: DbOrTx, id: number) {
    await db.delete(coursesLessons).where(eq(coursesLessons.id, id));
  },
  /** Sets the lessons' order 1..n in two steps, so the (course, sort) unique constraint never sees a duplicate. */
  async reorderLessons(db: DbOrTx, courseId: number, ids: number[]) {
    await db.execute(sql`UPDATE courses_lessons SET sort = sort + 100000 WHERE course_id = ${courseId}`);
    for (const [i, id] of ids.entries()) {
      await db
        .update(coursesLessons)
        .set({ sort: i + 1 })
        .where(and(eq(coursesLessons.id, id), eq(coursesLessons.courseId, courseId)));
    }
  },
  async renumberLessons(db: DbOrTx, courseId: number) {
    const rows = await db
      .select({ id: coursesLessons.id })
      .from(coursesLessons)
      .where(eq(coursesLessons.courseId, courseId))
      .orderBy(asc(coursesLessons.sort));
    await this.reorderLessons(db, courseId, rows.map((r) => r.id));
  },
  /** The newest transcoding job of each lesson. */
  async latestJobs(db: DbOrTx, lessonIds: number[]) {
    if (lessonIds.length === 0) return new Map<number, JobRow>();
    const rows = await db
      .selectDistinctOn([coursesVideoJobs.lessonId])
      .from(coursesVideoJobs)
      .where(inArray(coursesVideoJobs.lessonId, lessonIds))
      .orderBy(coursesVideoJobs.lessonId, desc(coursesVideoJobs.id));
    return new Map(rows.map((r) => [r.lessonId, r]));
  },

  // ---- subtitles ----
  /** The subtitles of the lessons (no text), by lesson. */
  async subtitlesOf(db: DbOrTx, lessonIds: number[]) {
    const byLesson = new Map<number, SubtitleInfoRow[]>();
    if (lessonIds.length === 0) return byLesson;
    const rows = await db
      .select(subtitleInfo)
      .from(coursesLessonSubtitles)
      .where(inArray(coursesLessonSubtitles.lessonId, lessonIds))
      .orderBy(coursesLessonSubtitles.lessonId, asc(coursesLessonSubtitles.lang));
    for (const r of rows) byLesson.set(r.lessonId, [...(byLesson.get(r.lessonId) ?? []), r]);
    return byLesson;
  },
  async subtitle(db: DbOrTx, lessonId: number, lang: string) {
    const [row] = await db
      .select(subtitleInfo)
      .from(coursesLessonSubtitles)
      .where(and(eq(coursesLessonSubtitles.lessonId, lessonId), eq(coursesLessonSubtitles.lang, lang)))
      .for('update');
    return row;
  },
  /** Inserts or replaces the subtitles of one language of a lesson. */
  async saveSubtitle(db: DbOrTx, v: typeof coursesLessonSubtitles.$inferInsert) {
    const [row] = await db
      .insert(coursesLessonSubtitles)
      .values(v)
      .onConflictDoUpdate({
        target: [coursesLessonSubtitles.lessonId, coursesLessonSubtitles.lang],
        set: { label: v.label, vtt: v.vtt, cueCount: v.cueCount, sourceName: v.sourceName, updatedBy: v.updatedBy, updatedAt: v.updatedAt },
      })
      .returning(subtitleInfo);
    return row!;
  },
  async deleteSubtitle(db: DbOrTx, lessonId: number, lang: string) {
    await db
      .delete(coursesLessonSubtitles)
      .where(and(eq(coursesLessonSubtitles.lessonId, lessonId), eq(coursesLessonSubtitles.lang, lang)));
  },

  // ---- questions ----
  questions(db: DbOrTx, lessonId: number) {
    return db
      .select()
      .from(coursesLessonQuestions)
      .where(eq(coursesLessonQuestions.lessonId, lessonId))
      .orderBy(asc(coursesLessonQuestions.sort));
  },
  async question(db: DbOrTx, id: number, lock = false) {
    const q = db.select().from(coursesLessonQuestions).where(eq(coursesLessonQuestions.id, id));
    const [row] = lock ? await q.for('update') : await q;
    return row;
  },
  async insertQuestion(db: DbOrTx, v: Omit<typeof coursesLessonQuestions.$inferInsert, 'sort' | 'id'>) {
    const [row] = await db
      .insert(coursesLessonQuestions)
      .values({
        ...v,
        sort: sql`(SELECT COALESCE(max(sort), 0) + 1 FROM courses_lesson_questions WHERE lesson_id = ${v.lessonId})`,
      })
      .returning();
    return row!;
  },
  async updateQuestion(db: DbOrTx, id: number, v: Partial<typeof coursesLessonQuestions.$inferInsert>) {
    const [row] = await db.update(coursesLessonQuestions).set(v).where(eq(coursesLessonQuestions.id, id)).returning();
    return row!;
  },
  async deleteQuestion(db: DbOrTx, id: number) {
    await db.delete(coursesLessonQuestions).where(eq(coursesLessonQuestions.id, id));
  },
};
