import { boolean, index, integer, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../users/users.table';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const userRef = () =>
  integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/** A live class (SPEC §9: members' free live classes). */
export const liveClasses = pgTable(
  'live_classes',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    teacher: text('teacher').notNull(),
    teacherTitle: text('teacher_title').notNull().default(''),
    startsAt: ts('starts_at').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    description: text('description').notNull().default(''),
    capacity: integer('capacity').notNull(),
    access: text('access', { enum: ['member_free', 'free'] }).notNull(),
    /** HLS playlist the streaming provider (or the demo ffmpeg script) serves. */
    streamUrl: text('stream_url').notNull().default(''),
    /** The replay: a lesson video file (courses' video directories), attached by staff after the class. */
    recording: text('recording'),
    /** The replay course made from the recording (courses area). */
    replayCourseId: integer('replay_course_id'),
    coverHue: smallint('cover_hue').notNull().default(200),
    /** Reminder notices already sent (minutes before the start: 1440, 15). */
    remindedDay: boolean('reminded_day').notNull().default(false),
    remindedSoon: boolean('reminded_soon').notNull().default(false),
    pinnedMessageId: integer('pinned_message_id'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [index('live_classes_starts_idx').on(t.startsAt)],
);

/**
 * A booking. `quotaYearStart`: for a member's free booking of a members-only class, the start of the membership
 * year it counts against (null for classes free for all).
 */
export const liveBookings = pgTable(
  'live_bookings',
  {
    id: serial('id').primaryKey(),
    classId: integer('class_id')
      .notNull()
      .references(() => liveClasses.id, { onDelete: 'cascade' }),
    userId: userRef(),
    quotaYearStart: ts('quota_year_start'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [uniqueIndex('live_bookings_class_user_uq').on(t.classId, t.userId), index('live_bookings_user_idx').on(t.userId, t.quotaYearStart)],
);

/** The chat history, kept with the class. Removed messages stay (removedAt) but are never shown. */
export const liveChatMessages = pgTable(
  'live_chat_messages',
  {
    id: serial('id').primaryKey(),
    classId: integer('class_id')
      .notNull()
      .references(() => liveClasses.id, { onDelete: 'cascade' }),
    userId: userRef(),
    userName: text('user_name').notNull(),
    staff: boolean('staff').notNull().default(false),
    body: text('body').notNull(),
    createdAt: ts('created_at').notNull(),
    removedAt: ts('removed_at'),
  },
  (t) => [index('live_chat_class_id_idx').on(t.classId, t.id), index('live_chat_user_time_idx').on(t.classId, t.userId, t.createdAt)],
);

/** Time watched live per viewer: credited seconds and the time of the last report (the wall-time cap). */
export const liveAttendance = pgTable(
  'live_attendance',
  {
    classId: integer('class_id')
      .notNull()
      .references(() => liveClasses.id, { onDelete: 'cascade' }),
    userId: userRef(),
    seconds: integer('seconds').notNull().default(0),
    lastReportAt: ts('last_report_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.classId, t.userId] })],
);
