import { randomBytes } from 'node:crypto';
import { and, asc, eq, lte, sql, type SQL } from 'drizzle-orm';
import type { OrderProductType } from '@app/contracts';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/sql';
import { membersOrders, membersPaymentNotifications, membersPlans, membersSecrets } from './members.table';

export type OrderRow = typeof membersOrders.$inferSelect;
export type NewOrder = typeof membersOrders.$inferInsert;
export type PlanRow = typeof membersPlans.$inferSelect;

/** An order with its latest invoice request (for the owner's views). */
export interface OrderWithInvoice extends OrderRow {
  invoiceId: number | null;
  invoiceState: 'requested' | 'issued' | 'rejected' | null;
}

export interface OrderFilter {
  state?: 'pending' | 'paid' | 'cancelled' | 'expired';
  productType?: OrderProductType;
  invoiceable?: boolean;
  now: Date;
  limit: number;
  offset: number;
}

/** This user's stored-pending orders for one product. */
const pendingOfProduct = (v: { userId: number; productType: OrderProductType; productId: number }) =>
  and(
    eq(membersOrders.userId, v.userId),
    eq(membersOrders.productType, v.productType),
    eq(membersOrders.productId, v.productId),
    eq(membersOrders.state, 'pending'),
  );

const latestInvoice = sql`LEFT JOIN LATERAL (
    SELECT i.id, i.state FROM members_invoices i WHERE i.order_id = o.id ORDER BY i.requested_at DESC, i.id DESC LIMIT 1
  ) inv ON true`;

interface RawOrder {
  id: number;
  order_no: string;
  user_id: number;
  product_type: OrderProductType;
  product_id: number;
  quantity: number;
  subject: string;
  amount: number;
  list_price: number;
  period_days: number | null;
  state: OrderRow['state'];
  channel: OrderRow['channel'];
  channel_trade_no: string | null;
  created_at: Date | string;
  expires_at: Date | string;
  paid_at: Date | string | null;
  cancelled_at: Date | string | null;
  member_end_at: Date | string | null;
  invoice_id: number | null;
  invoice_state: OrderWithInvoice['invoiceState'];
}

const date = (v: Date | string) => (v instanceof Date ? v : new Date(v));
const dateOrNull = (v: Date | string | null) => (v === null ? null : date(v));

function fromRaw(r: RawOrder): OrderWithInvoice {
  return {
    id: r.id,
    orderNo: r.order_no,
    userId: r.user_id,
    productType: r.product_type,
    productId: r.product_id,
    quantity: r.quantity,
    subject: r.subject,
    amount: r.amount,
    listPrice: r.list_price,
    periodDays: r.period_days,
    state: r.state,
    channel: r.channel,
    channelTradeNo: r.channel_trade_no,
    createdAt: date(r.created_at),
    expiresAt: date(r.expires_at),
    paidAt: dateOrNull(r.paid_at),
    cancelledAt: dateOrNull(r.cancelled_at),
    memberEndAt: dateOrNull(r.member_end_at),
    invoiceId: r.invoice_id,
    invoiceState: r.invoice_state,
  };
}

const orderColumns =
  sql.raw(`o.id, o.order_no, o.user_id, o.product_type, o.product_id, o.quantity, o.subject, o.amount, o.list_price,
  o.period_days, o.state, o.channel, o.channel_trade_no, o.created_at, o.expires_at, o.paid_at, o.cancelled_at,
  o.member_end_at, inv.id AS invoice_id, inv.state AS invoice_state`);

/** Drizzle queries of plans, orders, notifications and the area's secrets. Every function takes the executor. */
export const membersRepository = {
  activePlans(db: DbOrTx) {
    return db
      .select()
      .from(membersPlans)
      .where(eq(membersPlans.active, true))
      .orderBy(asc(membersPlans.sort), asc(membersPlans.id));
  },

  async activePlan(db: DbOrTx, id: number): Promise<PlanRow | undefined> {
    const [row] = await db
      .select()
      .from(membersPlans)
      .where(and(eq(membersPlans.id, id), eq(membersPlans.active, true)));
    return row;
  },

  /** Marks this user's stored-pending orders for one product that passed their expiry as expired. */
  async expireStale(
    db: DbOrTx,
    v: { userId: number; productType: OrderProductType; productId: number; now: Date },
  ) {
    await db
      .update(membersOrders)
      .set({ state: 'expired' })
      .where(and(pendingOfProduct(v), lte(membersOrders.expiresAt, v.now)));
  },

  /** Inserts unless this user already has a pending order for the product (partial unique index); true when inserted. */
  async insertPending(db: DbOrTx, order: NewOrder): Promise<boolean> {
    const rows = await db
      .insert(membersOrders)
      .values(order)
      .onConflictDoNothing()
      .returning({ id: membersOrders.id });
    return rows.length > 0;
  },

  /** This user's stored-pending order for one product (there is at most one), with its price and channel. */
  async pendingOrder(
    db: DbOrTx,
    v: { userId: number; productType: OrderProductType; productId: number },
  ): Promise<OrderRow | undefined> {
    const [row] = await db.select().from(membersOrders).where(pendingOfProduct(v));
    return row;
  },

  async pendingFor(db: DbOrTx, v: { userId: number; productType: OrderProductType; productId: number }) {
    const [row] = await db.select({ id: membersOrders.id }).from(membersOrders).where(pendingOfProduct(v));
    return row?.id;
  },

  async findWithInvoice(
    db: DbOrTx,
    where: { id?: number; orderNo?: string; userId?: number },
  ): Promise<OrderWithInvoice | undefined> {
    const conds: SQL[] = [];
    if (where.id !== undefined) conds.push(sql`o.id = ${where.id}`);
    if (where.orderNo !== undefined) conds.push(sql`o.order_no = ${where.orderNo}`);
    if (where.userId !== undefined) conds.push(sql`o.user_id = ${where.userId}`);
    if (conds.length === 0) return undefined;
    const [row] = await rowsOf<RawOrder>(
      db,
      sql`SELECT ${orderColumns} FROM members_orders o ${latestInvoice} WHERE ${sql.join(conds, sql` AND `)}`,
    );
    return row ? fromRaw(row) : undefined;
  },

  async findByOrderNo(db: DbOrTx, orderNo: string): Promise<OrderRow | undefined> {
    const [row] = await db.select().from(membersOrders).where(eq(membersOrders.orderNo, orderNo));
    return row;
  },

  /** One page of a user's orders, newest first. `expired` covers stored-pending orders past their expiry. */
  async page(
    db: DbOrTx,
    userId: number,
    f: OrderFilter,
  ): Promise<{ list: OrderWithInvoice[]; total: number }> {
    const conds: SQL[] = [sql`o.user_id = ${userId}`];
    if (f.state === 'pending') conds.push(sql`o.state = 'pending' AND o.expires_at > ${f.now}`);
    else if (f.state === 'expired')
      conds.push(sql`(o.state = 'expired' OR (o.state = 'pending' AND o.expires_at <= ${f.now}))`);
    else if (f.state) conds.push(sql`o.state = ${f.state}`);
    if (f.productType) conds.push(sql`o.product_type = ${f.productType}`);
    if (f.invoiceable === true)
      conds.push(sql`o.state = 'paid' AND (inv.state IS NULL OR inv.state = 'rejected')`);
    if (f.invoiceable === false)
      conds.push(sql`NOT (o.state = 'paid' AND (inv.state IS NULL OR inv.state = 'rejected'))`);
    const where = sql.join(conds, sql` AND `);
    const rows = await rowsOf<RawOrder & { total: number }>(
      db,
      sql`SELECT ${orderColumns}, count(*) OVER ()::int AS total FROM members_orders o ${latestInvoice}
           WHERE ${where} ORDER BY o.created_at DESC, o.id DESC LIMIT ${f.limit} OFFSET ${f.offset}`,
    );
    let total = rows[0]?.total ?? 0;
    if (rows.length === 0 && f.offset > 0) {
      const [c] = await rowsOf<{ n: number }>(
        db,
        sql`SELECT count(*)::int AS n FROM members_orders o ${latestInvoice} WHERE ${where}`,
      );
      total = c?.n ?? 0;
    }
    return { list: rows.map(fromRaw), total };
  },

  /** pending (and not expired) -> cancelled; false when the order was not cancellable. */
  async cancel(db: DbOrTx, v: { id: number; userId: number; now: Date }): Promise<boolean> {
    const rows = await db
      .update(membersOrders)
      .set({ state: 'cancelled', cancelledAt: v.now })
      .where(
        and(
          eq(membersOrders.id, v.id),
          eq(membersOrders.userId, v.userId),
          eq(membersOrders.state, 'pending'),
          sql`${membersOrders.expiresAt} > ${v.now}`,
        ),
      )
      .returning({ id: membersOrders.id });
    return rows.length > 0;
  },

  /** Records the channel a pending order is sent to with /pay; false when the order is no longer pending. */
  async setChannel(db: DbOrTx, id: number, channel: 'sandbox' | 'wechat' | 'alipay'): Promise<boolean> {
    const rows = await db
      .update(membersOrders)
      .set({ channel })
      .where(and(eq(membersOrders.id, id), eq(membersOrders.state, 'pending')))
      .returning({ id: membersOrders.id });
    return rows.length > 0;
  },

  /**
   * The one statement that turns an order paid: exactly this amount, paid (by the channel's own signed clock,
   * never later than now) before the order expired, and the order still open at that moment: pending, expired
   * meanwhile (a late notification of an in-time payment still counts: the payer's money was taken), or cancelled
   * only after the payment. Row locking makes concurrent notifications wait; the losers then see state 'paid'
   * and match nothing.
   */
  async markPaid(
    db: DbOrTx,
    v: {
      orderNo: string;
      amount: number;
      channel: 'sandbox' | 'wechat' | 'alipay';
      channelTradeNo: string;
      paidAt: Date;
      now: Date;
    },
  ): Promise<OrderRow | undefined> {
    const at = v.paidAt.getTime() < v.now.getTime() ? v.paidAt : v.now;
    const [row] = await db
      .update(membersOrders)
      .set({ state: 'paid', paidAt: at, channel: v.channel, channelTradeNo: v.channelTradeNo })
      .where(
        and(
          eq(membersOrders.orderNo, v.orderNo),
          eq(membersOrders.amount, v.amount),
          sql`${membersOrders.expiresAt} > ${at}`,
          sql`(${membersOrders.state} IN ('pending', 'expired') OR (${membersOrders.state} = 'cancelled' AND ${membersOrders.cancelledAt} > ${at}))`,
        ),
      )
      .returning();
    return row;
  },

  async setMemberEnd(db: DbOrTx, orderId: number, end: Date) {
    await db.update(membersOrders).set({ memberEndAt: end }).where(eq(membersOrders.id, orderId));
  },

  async recordNotification(db: DbOrTx, v: typeof membersPaymentNotifications.$inferInsert) {
    await db.insert(membersPaymentNotifications).values(v);
  },

  /** A named secret of this area; the first process to ask creates it, every process reads the same. */
  async secret(db: DbOrTx, name: string): Promise<string> {
    await db
      .insert(membersSecrets)
      .values({ name, secret: randomBytes(32).toString('base64url') })
      .onConflictDoNothing();
    const [row] = await db.select().from(membersSecrets).where(eq(membersSecrets.name, name));
    return row!.secret;
  },
};
