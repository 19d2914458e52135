import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/sql';
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

export function createCommentsRepository(db: DbOrTx) {
  return {
    async page(target: { courseId?: number; lessonId?: number }, limit: number, offset: number) {
      const on = target.lessonId !== undefined ? sql`cm.lesson_id = ${target.lessonId}` : sql`cm.course_id = ${target.courseId!}`;
      const where = sql`${on} AND cm.hidden_at IS NULL`;
      const [rows, [count]] = await Promise.all([
        rowsOf<CommentRow>(
          db,
          sql`SELECT cm.id, cm.course_id, cm.lesson_id, cm.content, cm.user_id, u.nickname, u.phone, u.avatar, cm.created_at
                FROM comments cm JOIN users u ON u.id = cm.user_id
               WHERE ${where} ORDER BY cm.created_at DESC, cm.id DESC LIMIT ${limit} OFFSET ${offset}`,
        ),
        rowsOf<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM comments cm WHERE ${where}`),
      ]);
      return { rows, total: count?.n ?? 0 };
    },

    async one(id: number) {
      const [row] = await rowsOf<CommentRow>(
        db,
        sql`SELECT cm.id, cm.course_id, cm.lesson_id, cm.content, cm.user_id, u.nickname, u.phone, u.avatar, cm.created_at
              FROM comments cm JOIN users u ON u.id = cm.user_id WHERE cm.id = ${id}`,
      );
      return row;
    },

    async insert(v: { userId: number; courseId: number; lessonId: number | null; content: string; now: Date }) {
      const [row] = await db
        .insert(comments)
        .values({ userId: v.userId, courseId: v.courseId, lessonId: v.lessonId, content: v.content, createdAt: v.now })
        .returning({ id: comments.id });
      return row!.id;
    },

    /** A comment with its course title, hidden or not (moderation's view of it). */
    async forModeration(id: number) {
      const [row] = await rowsOf<{ user_id: number; content: string; course_id: number; title: string; hidden: boolean }>(
        db,
        sql`SELECT cm.user_id, cm.content, cm.course_id, c.title, cm.hidden_at IS NOT NULL AS hidden
              FROM comments cm JOIN courses c ON c.id = cm.course_id WHERE cm.id = ${id}`,
      );
      return row;
    },

    /** Hides (a date) or shows again (null); false when the comment no longer exists. */
    async setHidden(id: number, hiddenAt: Date | null) {
      const rows = await db.update(comments).set({ hiddenAt }).where(eq(comments.id, id)).returning({ id: comments.id });
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
