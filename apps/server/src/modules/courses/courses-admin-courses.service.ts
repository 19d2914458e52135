// Course authoring by use case: a course's basics (list, editing, deletion), its publication and its images
// (covers, teacher photos).
import {
  COURSE_IMAGE_URL_PREFIX,
  courseAdminMessages as m,
  type AdminCourse,
  type AdminCoursePage,
  type DescriptionBlock,
  adminCourseListQuerySchema,
  courseBodySchema,
  memberPriceOf,
} from '@app/contracts';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { storeImage } from '../../lib/image-store';
import { pageWindow, toPaged } from '../../lib/pagination';
import type { StaffActor } from '../audit';
import { sanitizeArticle } from '../content';
import { iso, type CoursesAdminDeps, type CoursesAdminShared } from './courses-admin-shared';
import { coursesAdminRepository as repo, type CourseRow } from './courses-admin.repository';
import { removeVideoIfUnused } from './video-jobs';

type CourseBodyOut = z.output<typeof courseBodySchema>;

/** Storage key prefix of course covers and lecturer photos (the local disk: DATA_DIR/uploads/course-images). */
export const COURSE_IMAGE_KEY_PREFIX = 'uploads/course-images/';

export function createCoursesAdminCoursesService(
  deps: Pick<CoursesAdminDeps, 'db' | 'clock' | 'audit' | 'storage'>,
  { courseOut }: CoursesAdminShared,
) {
  const { db, clock, audit } = deps;

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

  return {
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
      const videoFiles = await db.transaction(async (tx) => {
        const before = await repo.course(tx, id, true);
        if (!before) throw AppError.notFound(m.courseNotFound);
        if (before.published) throw AppError.conflict(m.deletePublishedCourse);
        if (before.learnerCount > 0) throw AppError.conflict(m.courseHasLearners);
        const lessons = await repo.lessons(tx, id);
        await repo.deleteCourse(tx, id);
        await audit.record(tx, actor, { action: 'course.delete', entity: 'course', entityId: id, before: auditCourse(before), after: null });
        return lessons.map((l) => l.videoFile);
      });
      // Its lessons' transcoded videos go too, unless another lesson still plays them; a storage failure leaves files
      // behind (space, not correctness).
      for (const file of videoFiles) await removeVideoIfUnused(db, deps.storage, file).catch(() => undefined);
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

    // ---- images ----------------------------------------------------------------------------------------------------
    async uploadImage(content: Buffer): Promise<{ url: string }> {
      const name = await storeImage(deps.storage, COURSE_IMAGE_KEY_PREFIX, content, 'cover', { badType: m.imageNotImage });
      return { url: COURSE_IMAGE_URL_PREFIX + name };
    },
  };
}
