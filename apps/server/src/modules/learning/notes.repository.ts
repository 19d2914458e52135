import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { containsPattern, rowsOf } from '../../db/sql';
import { learningNotes } from './learning.table';

export interface NoteRow {
  id: number;
  user_id: number;
  course_id: number;
  course_title: string;
  lesson_id: number;
  lesson_title: string;
  video_second: number;
  content: string;
  is_public: boolean;
  like_count: number;
  liked: boolean;
  nickname: string | null;
  phone: string;
  created_at: Date | string;
  updated_at: Date | string;
}

export interface NotesFilter {
  /** Notes of this user (scope mine) ... */
  ownerId?: number;
  /** ... or the public notes of this lesson (scope lesson). */
  publicLessonId?: number;
  courseId?: number;
  lessonId?: number;
  keyword?: string;
  viewerId: number;
  limit: number;
  offset: number;
}

export function createNotesRepository(db: DbOrTx) {
  const select = (viewerId: number, where: SQL, tail: SQL) =>
    rowsOf<NoteRow & { total: number }>(
      db,
      sql`SELECT n.id, n.user_id, n.course_id, c.title AS course_title, n.lesson_id, l.title AS lesson_title, n.video_second,
                 n.content, n.is_public, n.like_count, u.nickname, u.phone, n.created_at, n.updated_at,
                 EXISTS (SELECT 1 FROM learning_note_likes nl WHERE nl.note_id = n.id AND nl.user_id = ${viewerId}) AS liked,
                 count(*) OVER ()::int AS total
            FROM learning_notes n
            JOIN courses c ON c.id = n.course_id JOIN courses_lessons l ON l.id = n.lesson_id JOIN users u ON u.id = n.user_id
           WHERE ${where} ${tail}`,
    );

  return {
    async page(f: NotesFilter) {
      const conds: SQL[] = [];
      if (f.ownerId !== undefined) conds.push(sql`n.user_id = ${f.ownerId}`);
      if (f.publicLessonId !== undefined) conds.push(sql`n.lesson_id = ${f.publicLessonId} AND n.is_public`);
      if (f.courseId !== undefined) conds.push(sql`n.course_id = ${f.courseId}`);
      if (f.lessonId !== undefined) conds.push(sql`n.lesson_id = ${f.lessonId}`);
      if (f.keyword) conds.push(sql`n.content ILIKE ${containsPattern(f.keyword)}`);
      const order = f.publicLessonId !== undefined ? sql`n.like_count DESC, n.id DESC` : sql`n.created_at DESC, n.id DESC`;
      const rows = await select(f.viewerId, sql.join(conds, sql` AND `), sql`ORDER BY ${order} LIMIT ${f.limit} OFFSET ${f.offset}`);
      let total = rows[0]?.total ?? 0;
      if (rows.length === 0 && f.offset > 0) {
        const [c] = await rowsOf<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM learning_notes n WHERE ${sql.join(conds, sql` AND `)}`);
        total = c?.n ?? 0;
      }
      return { rows, total };
    },

    async one(id: number, viewerId: number) {
      const [row] = await select(viewerId, sql`n.id = ${id}`, sql``);
      return row;
    },

    async insert(v: { userId: number; courseId: number; lessonId: number; videoSecond: number; content: string; isPublic: boolean; now: Date }) {
      const [row] = await db
        .insert(learningNotes)
        .values({ ...v, createdAt: v.now, updatedAt: v.now })
        .returning({ id: learningNotes.id });
      return row!.id;
    },

    /** Updates the note only if it belongs to the user; false otherwise (answered like a missing note). */
    async update(id: number, userId: number, set: { content?: string; videoSecond?: number; isPublic?: boolean }, now: Date) {
      const rows = await db
        .update(learningNotes)
        .set({ ...set, updatedAt: now })
        .where(and(eq(learningNotes.id, id), eq(learningNotes.userId, userId)))
        .returning({ id: learningNotes.id });
      return rows.length > 0;
    },

    async remove(id: number, userId: number) {
      const rows = await db
        .delete(learningNotes)
        .where(and(eq(learningNotes.id, id), eq(learningNotes.userId, userId)))
        .returning({ id: learningNotes.id });
      return rows.length > 0;
    },

    /** Sets or toggles a like on a note the user can see (own or public), counted once per user (primary key). */
    async like(noteId: number, userId: number, value: boolean | undefined, now: Date) {
      const del =
        value === true ? sql`SELECT 1 WHERE false` : sql`DELETE FROM learning_note_likes WHERE user_id = ${userId} AND note_id = ${noteId} RETURNING 1`;
      const guard = value === undefined ? sql`AND NOT EXISTS (SELECT 1 FROM del)` : value ? sql`` : sql`AND false`;
      const [row] = await rowsOf<{ count: number; inserted: number; deleted: number }>(
        db,
        sql`WITH visible AS (SELECT id FROM learning_notes WHERE id = ${noteId} AND (user_id = ${userId} OR is_public)),
                 del AS (${del}),
                 ins AS (INSERT INTO learning_note_likes (user_id, note_id, created_at)
                         SELECT ${userId}, ${noteId}, ${now.toISOString()}::timestamptz WHERE EXISTS (SELECT 1 FROM visible) ${guard}
                         ON CONFLICT DO NOTHING RETURNING 1)
            UPDATE learning_notes SET like_count = like_count + (SELECT count(*) FROM ins)::int - (SELECT count(*) FROM del)::int
             WHERE id IN (SELECT id FROM visible)
            RETURNING like_count AS count, (SELECT count(*) FROM ins)::int AS inserted, (SELECT count(*) FROM del)::int AS deleted`,
      );
      return row;
    },

    async isLiked(noteId: number, userId: number) {
      const [row] = await rowsOf<{ liked: boolean }>(
        db,
        sql`SELECT EXISTS (SELECT 1 FROM learning_note_likes WHERE note_id = ${noteId} AND user_id = ${userId}) AS liked`,
      );
      return row?.liked ?? false;
    },
  };
}

export type NotesRepository = ReturnType<typeof createNotesRepository>;
