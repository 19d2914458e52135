import { commentMessages, courseMessages, type CommentsPage, type CourseComment } from '@app/contracts';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { pageWindow, toPaged } from '../../lib/pagination';
import type { CourseCatalog } from '../courses';
import { displayName } from '../users';
import type { CommentRow, CommentsRepository } from './comments.repository';

function toComment(r: CommentRow, viewerId: number | null): CourseComment {
  return {
    id: r.id,
    course_id: r.course_id,
    lesson_id: r.lesson_id,
    content: r.content,
    user: { id: r.user_id, name: displayName(r), avatar: r.avatar },
    is_mine: viewerId !== null && r.user_id === viewerId,
    created_at: (r.created_at instanceof Date ? r.created_at : new Date(r.created_at)).toISOString(),
  };
}

/** Control characters other than line breaks and tabs are dropped; the text is stored and served as plain text. */
export function cleanCommentText(s: string): string {
  // eslint-disable-next-line no-control-regex
  return s.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, '').trim();
}

export function createCommentsService(deps: {
  commentsRepo: CommentsRepository;
  catalog: CourseCatalog;
  clock: Clock;
}) {
  const { commentsRepo: repo, catalog: coursesRepo, clock } = deps;

  /** Resolves the target: a lesson (its course comes with it; a given course_id must match) or a course. */
  async function target(courseId: number | undefined, lessonId: number | undefined) {
    if (lessonId !== undefined) {
      const row = await coursesRepo.lesson(lessonId);
      if (!row || (courseId !== undefined && row.course.id !== courseId))
        throw AppError.notFound(courseMessages.lessonNotFound);
      return { courseId: row.course.id, lessonId };
    }
    const found = await coursesRepo.publishedCourse(courseId!);
    if (!found) throw AppError.notFound(courseMessages.courseNotFound);
    return { courseId: found.course.id, lessonId: undefined };
  }

  return {
    async list(
      viewerId: number | null,
      q: { page: number; per: number; course_id?: number; lesson_id?: number },
    ): Promise<CommentsPage> {
      const t = await target(q.course_id, q.lesson_id);
      const { limit, offset } = pageWindow(q);
      const { rows, total } = await repo.page(t, limit, offset);
      return toPaged(
        rows.map((r) => toComment(r, viewerId)),
        total,
        q,
      );
    },

    async create(
      userId: number,
      body: { course_id?: number; lesson_id?: number; content: string },
    ): Promise<CourseComment> {
      const t = await target(body.course_id, body.lesson_id);
      const content = cleanCommentText(body.content);
      if (!content)
        throw AppError.badRequest(commentMessages.contentRequired, {
          content: commentMessages.contentRequired,
        });
      const id = await repo.insert({
        userId,
        courseId: t.courseId,
        lessonId: t.lessonId ?? null,
        content,
        now: clock.now(),
      });
      return toComment((await repo.one(id))!, userId);
    },

    async remove(userId: number, id: number): Promise<void> {
      if (!(await repo.remove(id, userId))) throw AppError.notFound(commentMessages.commentNotFound);
    },
  };
}
