import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/sql';

/** China-time day `d` (YYYY-MM-DD) 00:00 as an instant. */
const chinaMidnight = (d: string) => sql`(${d}::date::timestamp - interval '8 hours') AT TIME ZONE 'UTC'`;

/** Sales figures and finance exports for staff (dashboard; orders and invoices of a period). */
export const membersFigures = {
  /** Paid orders, revenue (fen) and first memberships per China-time day, from the trigger-kept daily totals. */
  dailySales(db: DbOrTx, fromDay: string, toDay: string) {
    return rowsOf<{ day: string; paid_orders: number; revenue: number; member_conversions: number }>(
      db,
      sql`SELECT to_char(day, 'YYYY-MM-DD') AS day, paid_orders, revenue::float8 AS revenue, member_conversions
            FROM members_daily_sales WHERE day >= ${fromDay}::date AND day <= ${toDay}::date ORDER BY day`,
    );
  },

  async pendingInvoices(db: DbOrTx): Promise<number> {
    const [row] = await rowsOf<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM members_invoices WHERE state = 'requested'`,
    );
    return row?.n ?? 0;
  },

  /** Orders paid on China-time days `from`..`to`, a batch after (paidAt, id), with the buyer read-only. */
  paidOrders(db: DbOrTx, v: { from: string; to: string; after: { paidAt: string; id: number } | null; limit: number }) {
    const after = v.after ? sql`AND (o.paid_at, o.id) > (${v.after.paidAt}::timestamptz, ${v.after.id})` : sql``;
    return rowsOf<{
      id: number;
      order_no: string;
      product_type: string;
      subject: string;
      amount: number;
      list_price: number;
      channel: string | null;
      channel_trade_no: string | null;
      created_label: string;
      paid_at: string;
      paid_label: string;
      phone: string;
      real_name: string | null;
      nickname: string | null;
      company_name: string | null;
      invoice_state: string | null;
    }>(
      db,
      sql`SELECT o.id, o.order_no, o.product_type, o.subject, o.amount, o.list_price, o.channel, o.channel_trade_no,
                 to_char(o.created_at AT TIME ZONE 'UTC' + interval '8 hours', 'YYYY-MM-DD HH24:MI:SS') AS created_label,
                 o.paid_at::text AS paid_at, to_char(o.paid_at AT TIME ZONE 'UTC' + interval '8 hours', 'YYYY-MM-DD HH24:MI:SS') AS paid_label, u.phone, u.real_name, u.nickname, u.company_name,
                 (SELECT i.state FROM members_invoices i WHERE i.order_id = o.id AND i.state <> 'rejected' LIMIT 1) AS invoice_state
            FROM members_orders o JOIN users u ON u.id = o.user_id
           WHERE o.paid_at IS NOT NULL AND o.paid_at >= ${chinaMidnight(v.from)}
             AND o.paid_at < ${chinaMidnight(v.to)} + interval '1 day' ${after}
           ORDER BY o.paid_at, o.id LIMIT ${v.limit}`,
    );
  },

  /** Invoice requests made on China-time days `from`..`to`, a batch after (requestedAt, id). */
  invoices(db: DbOrTx, v: { from: string; to: string; after: { requestedAt: string; id: number } | null; limit: number }) {
    const after = v.after ? sql`AND (i.requested_at, i.id) > (${v.after.requestedAt}::timestamptz, ${v.after.id})` : sql``;
    return rowsOf<{
      id: number;
      order_no: string;
      subject: string;
      title_type: string;
      title: string;
      tax_no: string | null;
      invoice_kind: string;
      reg_address: string | null;
      reg_phone: string | null;
      bank_name: string | null;
      bank_account: string | null;
      email: string;
      amount: number;
      state: string;
      reject_reason: string | null;
      requested_at: string;
      requested_label: string;
      issued_label: string | null;
      phone: string;
    }>(
      db,
      sql`SELECT i.id, o.order_no, o.subject, i.title_type, i.title, i.tax_no, i.invoice_kind, i.reg_address, i.reg_phone,
                 i.bank_name, i.bank_account, i.email, i.amount, i.state, i.reject_reason,
                 i.requested_at::text AS requested_at, to_char(i.requested_at AT TIME ZONE 'UTC' + interval '8 hours', 'YYYY-MM-DD HH24:MI:SS') AS requested_label,
                 to_char(i.issued_at AT TIME ZONE 'UTC' + interval '8 hours', 'YYYY-MM-DD HH24:MI:SS') AS issued_label, u.phone
            FROM members_invoices i JOIN members_orders o ON o.id = i.order_id JOIN users u ON u.id = i.user_id
           WHERE i.requested_at >= ${chinaMidnight(v.from)} AND i.requested_at < ${chinaMidnight(v.to)} + interval '1 day' ${after}
           ORDER BY i.requested_at, i.id LIMIT ${v.limit}`,
    );
  },
};
