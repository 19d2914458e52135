import { integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../users/users.table';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A WeChat sign-in identity bound to an account: at most one per account (primary key user_id) and one account per
 * WeChat identity (unique app_id + openid; openids are per official account).
 */
export const wechatBindings = pgTable(
  'wechat_bindings',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    appId: text('app_id').notNull(),
    openid: text('openid').notNull(),
    unionid: text('unionid'),
    nickname: text('nickname'),
    avatarUrl: text('avatar_url'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [uniqueIndex('wechat_bindings_app_openid_key').on(t.appId, t.openid)],
);

/** The openid an account paid (or will pay) with by WeChat JSAPI: not a sign-in identity, one per account and app. */
export const wechatPayerOpenids = pgTable(
  'wechat_payer_openids',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    appId: text('app_id').notNull(),
    openid: text('openid').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.appId] })],
);

/**
 * Started authorisations: the `state` sent to WeChat is a random value whose SHA-256 is kept here with what it was
 * started for; the callback uses it once (used_at) before it expires.
 */
export const wechatOauthStates = pgTable('wechat_oauth_states', {
  stateHash: text('state_hash').primaryKey(),
  purpose: text('purpose').notNull(),
  redirect: text('redirect').notNull(),
  /** The signed-in account and session that started a bind or pay; null for login. */
  userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
  sessionId: integer('session_id'),
  createdAt: ts('created_at').notNull(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
});

/** One-time sign-in tickets the callback hands to /login (the session token never travels in a URL). */
export const wechatSignInTickets = pgTable('wechat_sign_in_tickets', {
  ticketHash: text('ticket_hash').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: ts('created_at').notNull(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
});

/**
 * The official account's access_token and jsapi_ticket, shared by every server process: each is refreshed by the
 * one process that takes the lease (lease_until) before it runs out, the others keep using the stored value.
 */
export const wechatCredentials = pgTable(
  'wechat_credentials',
  {
    appId: text('app_id').notNull(),
    /** `access_token` or `jsapi_ticket`. */
    kind: text('kind').notNull(),
    value: text('value'),
    expiresAt: ts('expires_at'),
    refreshedAt: ts('refreshed_at'),
    leaseUntil: ts('lease_until'),
  },
  (t) => [primaryKey({ columns: [t.appId, t.kind] })],
);
