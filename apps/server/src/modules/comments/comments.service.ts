import { commentMessages, courseMessages, type CommentsPage, type CourseComment } from '@app/contracts';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { pageWindow, toPaged } from '../../lib/pagination';
import type { CourseCatalog } from '../courses';
import { displayName } from '../users';
import type { Db } from '../../db/client';
import type { ModerationScreen, ModerationSource } from '../moderation';
import { createCommentsRepository, type CommentRow, type CommentsRepository } from './comments.repository';

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

const courseContext = (title: string) => `课程《${title}》`;
const courseLink = (courseId: number) => `/train/detail/${courseId}`;

/** Moderation's view of comments: load one, hide it from every list, show it again (wired in app.ts). */
export function commentsModerationSource(): ModerationSource {
  return {
    async load(executor, id) {
      const row = await createCommentsRepository(executor).forModeration(id);
      if (!row) return null;
      return {
        authorId: row.user_id,
        text: row.content,
        context: courseContext(row.title),
        link: courseLink(row.course_id),
        hidden: row.hidden,
      };
    },
    hide: (tx, id, now) => createCommentsRepository(tx).setHidden(id, now),
    restore: (tx, id) => createCommentsRepository(tx).setHidden(id, null),
  };
}

export function createCommentsService(deps: {
  db: Db;
  commentsRepo: CommentsRepository;
  catalog: CourseCatalog;
  clock: Clock;
  screen: ModerationScreen;
}) {
  const { db, commentsRepo: repo, catalog: coursesRepo, clock, screen } = deps;

  /** Resolves the target: a lesson (its course comes with it; a given course_id must match) or a course. */
  async function target(courseId: number | undefined, lessonId: number | undefined) {
    if (lessonId !== undefined) {
      const row = await coursesRepo.lesson(lessonId);
      if (!row || (courseId !== undefined && row.course.id !== courseId))
        throw AppError.notFound(courseMessages.lessonNotFound);
      return { courseId: row.course.id, lessonId, title: row.course.title };
    }
    const found = await coursesRepo.publishedCourse(courseId!);
    if (!found) throw AppError.notFound(courseMessages.courseNotFound);
    return { courseId: found.course.id, lessonId: undefined, title: found.course.title };
  }

  return {
    async list(
      viewerId: number | null,
      q: { page: number; per: number; course_id?: number; lesson_id?: number },
    ): Promise<CommentsPage> {
      const { limit, offset } = pageWindow(q);
      const found = await repo.page({ courseId: q.course_id, lessonId: q.lesson_id }, limit, offset);
      if (!found)
        throw AppError.notFound(
          q.lesson_id !== undefined ? courseMessages.lessonNotFound : courseMessages.courseNotFound,
        );
      const { rows, total } = found;
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
      // Stored and screened together: a comment with a sensitive word is never public without its queue item.
      const id = await db.transaction(async (tx) => {
        const commentId = await createCommentsRepository(tx).insert({
          userId,
          courseId: t.courseId,
          lessonId: t.lessonId ?? null,
          content,
          now: clock.now(),
        });
        await screen.screen(tx, {
          kind: 'comment',
          sourceId: commentId,
          authorId: userId,
          text: content,
          context: courseContext(t.title),
          link: courseLink(t.courseId),
        });
        return commentId;
      });
      return toComment((await repo.one(id))!, userId);
    },

    async remove(userId: number, id: number): Promise<void> {
      if (!(await repo.remove(id, userId))) throw AppError.notFound(commentMessages.commentNotFound);
    },
  };
}
