// Course authoring by use case: the tags courses are filed under and the teachers who teach them.
import {
  courseAdminMessages as m,
  type AdminTag,
  type AdminTeacher,
  tagBodySchema,
  teacherBodySchema,
} from '@app/contracts';
import type { z } from 'zod';
import { isUniqueViolation } from '../../db/sql';
import { AppError } from '../../lib/app-error';
import type { StaffActor } from '../audit';
import type { CoursesAdminDeps } from './courses-admin-shared';
import { coursesAdminRepository as repo } from './courses-admin.repository';

export function createCoursesAdminTagsService({ db, audit }: Pick<CoursesAdminDeps, 'db' | 'audit'>) {
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
  };
}
