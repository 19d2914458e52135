import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../users/users.table';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Membership plans (the server's price list for memberships); seeded as real content. */
export const membersPlans = pgTable(
  'members_plans',
  {
    id: serial('id').primaryKey(),
    /** Stable key of seeded rows (idempotent seed). */
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    /** Fen. */
    price: integer('price').notNull(),
    periodDays: integer('period_days').notNull(),
    sort: integer('sort').notNull().default(0),
    active: boolean('active').notNull().default(true),
  },
  (t) => [check('members_plans_ck', sql`${t.price} > 0 AND ${t.periodDays} > 0`)],
);

/**
 * Orders. Written only by the server from its own price list. `state` is stored as pending | paid | cancelled |
 * expired; a stored pending order past expires_at reads as expired and is turned into expired when the same user
 * orders the same product again.
 */
export const membersOrders = pgTable(
  'members_orders',
  {
    id: serial('id').primaryKey(),
    /** out_trade_no: 32 characters at most, [0-9A-Za-z]. */
    orderNo: text('order_no').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productType: text('product_type', { enum: ['member', 'course', 'risk_report', 'exam', 'seats'] }).notNull(),
    /** 1, or the seats a 学员卡 order buys. */
    quantity: integer('quantity').notNull().default(1),
    productId: integer('product_id').notNull(),
    subject: text('subject').notNull(),
    /** Fen actually charged. */
    amount: integer('amount').notNull(),
    /** Fen, the list price at creation. */
    listPrice: integer('list_price').notNull(),
    /** Membership days bought (member orders), fixed at creation. */
    periodDays: integer('period_days'),
    state: text('state', { enum: ['pending', 'paid', 'cancelled', 'expired'] }).notNull(),
    channel: text('channel', { enum: ['sandbox', 'wechat', 'alipay'] }),
    channelTradeNo: text('channel_trade_no'),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    paidAt: ts('paid_at'),
    cancelledAt: ts('cancelled_at'),
    /** Membership end produced by this payment (member orders). */
    memberEndAt: ts('member_end_at'),
  },
  (t) => [
    uniqueIndex('members_orders_order_no_uq').on(t.orderNo),
    // One pending order per user and product: concurrent "buy" clicks create one order.
    uniqueIndex('members_orders_one_pending_uq')
      .on(t.userId, t.productType, t.productId)
      .where(sql`${t.state} = 'pending'`),
    index('members_orders_user_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    // The staff export of paid orders by period, read in (paid_at, id) batches.
    index('members_orders_paid_idx')
      .on(t.paidAt, t.id)
      .where(sql`${t.paidAt} IS NOT NULL`),
    check('members_orders_amount_ck', sql`${t.amount} > 0 AND ${t.listPrice} >= ${t.amount}`),
  ],
);

/** Every payment notification that reached a notify endpoint, genuine or not, with what became of it. */
export const membersPaymentNotifications = pgTable(
  'members_payment_notifications',
  {
    id: serial('id').primaryKey(),
    channel: text('channel').notNull(),
    /** Order number the (verified) notification names; null when it could not be verified or decoded. */
    orderNo: text('order_no'),
    contentType: text('content_type'),
    rawBody: text('raw_body').notNull(),
    verified: boolean('verified').notNull(),
    /** paid | duplicate | not_paid | unknown_order | expired | cancelled | amount_mismatch | invalid_signature | merchant_mismatch | invalid_format | channel_disabled | error */
    outcome: text('outcome').notNull(),
    detail: text('detail'),
    receivedAt: ts('received_at').notNull(),
  },
  (t) => [index('members_payment_notifications_order_idx').on(t.orderNo, t.receivedAt)],
);

/**
 * Invoice requests. At most one live (requested or issued) request per order; a rejected one may be requested
 * again.
 */
export const membersInvoices = pgTable(
  'members_invoices',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => membersOrders.id, { onDelete: 'cascade' }),
    titleType: text('title_type', { enum: ['personal', 'company'] }).notNull(),
    title: text('title').notNull(),
    taxNo: text('tax_no'),
    /** normal: 增值税电子普通发票; special: 增值税专用发票 (a company title with the four details below). */
    invoiceKind: text('invoice_kind', { enum: ['normal', 'special'] }).notNull().default('normal'),
    /** 注册地址, 注册电话, 开户银行, 银行账号 (digits only) of a special invoice; null for a normal one. */
    regAddress: text('reg_address'),
    regPhone: text('reg_phone'),
    bankName: text('bank_name'),
    bankAccount: text('bank_account'),
    email: text('email').notNull(),
    /** Fen. */
    amount: integer('amount').notNull(),
    state: text('state', { enum: ['requested', 'issued', 'rejected'] }).notNull(),
    rejectReason: text('reject_reason'),
    /** Random file name under DATA_DIR/uploads/invoices. */
    pdfFile: text('pdf_file'),
    handledBy: integer('handled_by').references(() => users.id, { onDelete: 'set null' }),
    requestedAt: ts('requested_at').notNull(),
    issuedAt: ts('issued_at'),
    rejectedAt: ts('rejected_at'),
  },
  (t) => [
    uniqueIndex('members_invoices_one_live_uq')
      .on(t.orderId)
      .where(sql`${t.state} <> 'rejected'`),
    index('members_invoices_user_idx').on(t.userId, t.requestedAt.desc()),
    index('members_invoices_state_idx').on(t.state, t.requestedAt),
    index('members_invoices_requested_idx').on(t.requestedAt, t.id),
    check('members_invoices_amount_ck', sql`${t.amount} > 0`),
  ],
);

/** Server-side secrets of the members area (the sandbox channel's signing key), shared by every process. */
export const membersSecrets = pgTable('members_secrets', {
  name: text('name').primaryKey(),
  secret: text('secret').notNull(),
});

/**
 * Paid orders, revenue (fen) and first-time memberships per China-time day of payment, kept by statement-level
 * triggers on members_orders (hand-written SQL in the migration) for the staff dashboard.
 */
export const membersDailySales = pgTable('members_daily_sales', {
  day: date('day', { mode: 'string' }).primaryKey(),
  paidOrders: integer('paid_orders').notNull().default(0),
  revenue: bigint('revenue', { mode: 'number' }).notNull().default(0),
  /** Paid membership orders that were the buyer's first. */
  memberConversions: integer('member_conversions').notNull().default(0),
});
