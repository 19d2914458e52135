import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { preparedRows, rowsOf } from '../../db/sql';
import { comments } from './comments.table';

export interface CommentRow {
  id: number;
  course_id: number;
  lesson_id: number | null;
  content: string;
  user_id: number;
  nickname: string | null;
  phone: string;
  avatar: string | null;
  created_at: Date | string;
}

/**
 * A page of the visible comments on `on` (newest first) and their count, both in the statement that finds the
 * target: the comments of a published course ($1 the course) or of a lesson of one ($1 the lesson, $4 the course
 * it must belong to, or null). $2 limit, $3 offset. No row when the target is not there. The page is cut from the
 * comments' index (in its order, spelled as the index is: DESC NULLS LAST) before their authors are joined, so a
 * course with 100,000 comments reads ten of them for its page.
 */
const pageStatement = (from: string, on: string) => `SELECT
    (SELECT count(*)::int FROM comments cm WHERE ${on} AND cm.hidden_at IS NULL) AS total,
    (SELECT json_agg(json_build_object('id', p.id, 'course_id', p.course_id, 'lesson_id', p.lesson_id,
                                       'content', p.content, 'user_id', p.user_id, 'nickname', p.nickname,
                                       'phone', p.phone, 'avatar', p.avatar, 'created_at', p.created_at)
                     ORDER BY p.created_at DESC, p.id DESC)
       FROM (SELECT cm.id, cm.course_id, cm.lesson_id, cm.content, cm.user_id, u.nickname, u.phone, u.avatar,
                    cm.created_at
               FROM (SELECT * FROM comments cm WHERE ${on} AND cm.hidden_at IS NULL
                      ORDER BY cm.created_at DESC NULLS LAST, cm.id DESC NULLS LAST LIMIT $2 OFFSET $3) cm
               JOIN users u ON u.id = cm.user_id) p) AS list
  ${from}`;
const COURSE_COMMENTS_PAGE = pageStatement(
  'FROM courses c WHERE c.id = $1 AND c.published',
  'cm.course_id = c.id',
);
const LESSON_COMMENTS_PAGE = pageStatement(
  `FROM courses_lessons l JOIN courses c ON c.id = l.course_id AND c.published
    WHERE l.id = $1 AND ($4::int IS NULL OR c.id = $4::int)`,
  'cm.lesson_id = l.id',
);

interface CommentsPageRow {
  total: number;
  list: CommentRow[] | null;
}

export function createCommentsRepository(db: DbOrTx) {
  const lessonPage = preparedRows<CommentsPageRow, [number, number, number, number | null]>(
    db,
    'comments_lesson_page',
    LESSON_COMMENTS_PAGE,
  );
  const coursePage = preparedRows<CommentsPageRow, [number, number, number]>(
    db,
    'comments_course_page',
    COURSE_COMMENTS_PAGE,
  );
  return {
    /**
     * The comments page of a published course, or of a lesson of one (of `courseId` when both are given), in ONE
     * prepared statement: undefined when there is no such course or lesson.
     */
    async page(target: { courseId?: number; lessonId?: number }, limit: number, offset: number) {
      const [row] =
        target.lessonId !== undefined
          ? await lessonPage(target.lessonId, limit, offset, target.courseId ?? null)
          : await coursePage(target.courseId!, limit, offset);
      return row && { rows: row.list ?? [], total: row.total };
    },

    async one(id: number) {
      const [row] = await rowsOf<CommentRow>(
        db,
        sql`SELECT cm.id, cm.course_id, cm.lesson_id, cm.content, cm.user_id, u.nickname, u.phone, u.avatar, cm.created_at
              FROM comments cm JOIN users u ON u.id = cm.user_id WHERE cm.id = ${id}`,
      );
      return row;
    },

    async insert(v: {
      userId: number;
      courseId: number;
      lessonId: number | null;
      content: string;
      now: Date;
    }) {
      const [row] = await db
        .insert(comments)
        .values({
          userId: v.userId,
          courseId: v.courseId,
          lessonId: v.lessonId,
          content: v.content,
          createdAt: v.now,
        })
        .returning({ id: comments.id });
      return row!.id;
    },

    /** A comment with its course title, hidden or not (moderation's view of it). */
    async forModeration(id: number) {
      const [row] = await rowsOf<{
        user_id: number;
        content: string;
        course_id: number;
        title: string;
        hidden: boolean;
      }>(
        db,
        sql`SELECT cm.user_id, cm.content, cm.course_id, c.title, cm.hidden_at IS NOT NULL AS hidden
              FROM comments cm JOIN courses c ON c.id = cm.course_id WHERE cm.id = ${id}`,
      );
      return row;
    },

    /** Hides (a date) or shows again (null); false when the comment no longer exists. */
    async setHidden(id: number, hiddenAt: Date | null) {
      const rows = await db
        .update(comments)
        .set({ hiddenAt })
        .where(eq(comments.id, id))
        .returning({ id: comments.id });
      return rows.length > 0;
    },

    /** Deletes only the user's own comment; false otherwise. */
    async remove(id: number, userId: number) {
      const rows = await db
        .delete(comments)
        .where(and(eq(comments.id, id), eq(comments.userId, userId), isNull(comments.hiddenAt)))
        .returning({ id: comments.id });
      return rows.length > 0;
    },
  };
}

export type CommentsRepository = ReturnType<typeof createCommentsRepository>;
