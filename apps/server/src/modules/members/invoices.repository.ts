import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/sql';
import { membersInvoices } from './members.table';

export type InvoiceRow = typeof membersInvoices.$inferSelect;

/** Moves a request that is still `requested` on (issued or rejected); false when it was no longer requested. */
async function closeRequest(db: DbOrTx, id: number, set: Partial<typeof membersInvoices.$inferInsert>): Promise<boolean> {
  const rows = await db
    .update(membersInvoices)
    .set(set)
    .where(and(eq(membersInvoices.id, id), eq(membersInvoices.state, 'requested')))
    .returning({ id: membersInvoices.id });
  return rows.length > 0;
}

/** An invoice with its order and requester, as the views need it. */
export interface InvoiceView {
  id: number;
  user_id: number;
  order_id: number;
  order_no: string;
  order_subject: string;
  order_amount: number;
  order_paid_at: Date | string | null;
  title_type: 'personal' | 'company';
  title: string;
  tax_no: string | null;
  invoice_kind: 'normal' | 'special';
  reg_address: string | null;
  reg_phone: string | null;
  bank_name: string | null;
  bank_account: string | null;
  email: string;
  amount: number;
  state: 'requested' | 'issued' | 'rejected';
  reject_reason: string | null;
  pdf_file: string | null;
  requested_at: Date | string;
  issued_at: Date | string | null;
  rejected_at: Date | string | null;
  user_phone: string;
  user_nickname: string | null;
  user_role: 'personal' | 'company';
}

const viewSql = sql.raw(`SELECT i.id, i.user_id, i.order_id, o.order_no, o.subject AS order_subject, o.amount AS order_amount,
    o.paid_at AS order_paid_at, i.title_type, i.title, i.tax_no, i.invoice_kind, i.reg_address, i.reg_phone, i.bank_name,
    i.bank_account, i.email, i.amount, i.state, i.reject_reason, i.pdf_file,
    i.requested_at, i.issued_at, i.rejected_at, u.phone AS user_phone, u.nickname AS user_nickname, u.role AS user_role
  FROM members_invoices i JOIN members_orders o ON o.id = i.order_id JOIN users u ON u.id = i.user_id`);

export const invoicesRepository = {
  /** Inserts a request unless the order has a live (requested or issued) one; the partial unique index decides. */
  async insert(db: DbOrTx, v: typeof membersInvoices.$inferInsert): Promise<number | undefined> {
    const [row] = await db.insert(membersInvoices).values(v).onConflictDoNothing().returning({ id: membersInvoices.id });
    return row?.id;
  },

  async view(db: DbOrTx, id: number): Promise<InvoiceView | undefined> {
    const [row] = await rowsOf<InvoiceView>(db, sql`${viewSql} WHERE i.id = ${id}`);
    return row;
  },

  async page(
    db: DbOrTx,
    f: { userId?: number; state?: InvoiceView['state']; oldestFirst: boolean; limit: number; offset: number },
  ): Promise<{ list: InvoiceView[]; total: number }> {
    const conds: SQL[] = [sql`true`];
    if (f.userId !== undefined) conds.push(sql`i.user_id = ${f.userId}`);
    if (f.state) conds.push(sql`i.state = ${f.state}`);
    const where = sql.join(conds, sql` AND `);
    const rows = await rowsOf<InvoiceView & { total: number }>(
      db,
      sql`SELECT v.*, count(*) OVER ()::int AS total FROM (${viewSql} WHERE ${where}) v
           ORDER BY ${sql.raw(f.oldestFirst ? 'v.requested_at ASC, v.id ASC' : 'v.requested_at DESC, v.id DESC')}
           LIMIT ${f.limit} OFFSET ${f.offset}`,
    );
    let total = rows[0]?.total ?? 0;
    if (rows.length === 0 && f.offset > 0) {
      const [c] = await rowsOf<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM members_invoices i WHERE ${where}`);
      total = c?.n ?? 0;
    }
    return { list: rows, total };
  },

  /** requested -> issued with the stored file; false when it was no longer requested. */
  async issue(db: DbOrTx, v: { id: number; pdfFile: string; staffId: number; now: Date }): Promise<boolean> {
    return closeRequest(db, v.id, { state: 'issued', pdfFile: v.pdfFile, handledBy: v.staffId, issuedAt: v.now });
  },

  /** requested -> rejected with the reason; false when it was no longer requested. */
  async reject(db: DbOrTx, v: { id: number; reason: string; staffId: number; now: Date }): Promise<boolean> {
    return closeRequest(db, v.id, { state: 'rejected', rejectReason: v.reason, handledBy: v.staffId, rejectedAt: v.now });
  },
};
