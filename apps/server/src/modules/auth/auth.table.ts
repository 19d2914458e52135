import { index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../users/users.table';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** One active session per account (DECISIONS.md 6): unique user_id; a new login replaces the row. */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 hex of the token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    createdAt: ts('created_at').notNull(),
    /** Last time the expiry was extended (written at most once per SESSION_TOUCH_INTERVAL_MS). */
    touchedAt: ts('touched_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [
    uniqueIndex('auth_sessions_token_hash_key').on(t.tokenHash),
    uniqueIndex('auth_sessions_user_id_key').on(t.userId),
  ],
);

/** SMS codes: only a hash bound to phone and purpose; void when used, expired, replaced or tried 5 times wrongly. */
export const authSmsCodes = pgTable(
  'auth_sms_codes',
  {
    id: serial('id').primaryKey(),
    phone: text('phone').notNull(),
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: smallint('attempts').notNull().default(0),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    /** Set when used or replaced by a newer code. */
    consumedAt: ts('consumed_at'),
  },
  (t) => [index('auth_sms_codes_phone_purpose_idx').on(t.phone, t.purpose, t.createdAt)],
);

/** One row per SMS sent: the phone and IP windows of the send limits count these. */
export const authSmsSends = pgTable(
  'auth_sms_sends',
  {
    id: serial('id').primaryKey(),
    phone: text('phone').notNull(),
    ip: text('ip').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    index('auth_sms_sends_phone_idx').on(t.phone, t.createdAt),
    index('auth_sms_sends_ip_idx').on(t.ip, t.createdAt),
  ],
);

/** Development outbox of the console SMS sender (shared by all server processes); never written in production. */
export const authSmsOutbox = pgTable(
  'auth_sms_outbox',
  {
    id: serial('id').primaryKey(),
    phone: text('phone').notNull(),
    purpose: text('purpose').notNull(),
    content: text('content').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('auth_sms_outbox_phone_idx').on(t.phone, t.id)],
);

/** Failed password logins, counted per account and per IP within LOGIN_FAILURE_WINDOW_MS. */
export const authLoginFailures = pgTable(
  'auth_login_failures',
  {
    id: serial('id').primaryKey(),
    /** Null when the phone is not registered. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    ip: text('ip').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    index('auth_login_failures_user_idx').on(t.userId, t.createdAt),
    index('auth_login_failures_ip_idx').on(t.ip, t.createdAt),
  ],
);
