import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { courses, coursesLessons } from '../courses/courses.table';
import { users } from '../users/users.table';

/** Comments on a course or on one of its lessons; `content` is plain text (≤ 500 characters). */
export const comments = pgTable(
  'comments',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    lessonId: integer('lesson_id').references(() => coursesLessons.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** Set when staff hide the comment (moderation); a hidden comment is left out of every list. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('comments_course_idx').on(t.courseId, t.createdAt.desc(), t.id.desc()),
    index('comments_lesson_idx').on(t.lessonId, t.createdAt.desc(), t.id.desc()),
  ],
);
