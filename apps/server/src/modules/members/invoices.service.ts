import { randomBytes } from 'node:crypto';
import {
  INVOICE_PDF_MAX_PAGES,
  invoicePdfPath,
  membersMessages as m,
  type AdminInvoice,
  type AdminInvoicePage,
  type CreateInvoiceInput,
  type Invoice,
  type InvoicePage,
  type InvoiceState,
} from '@app/contracts';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { Storage } from '../../lib/storage';
import { pageWindow, toPaged } from '../../lib/pagination';
import { checkPdf } from '../../lib/pdf-check';
import type { AuditTrail, StaffActor } from '../audit';
import type { MessagesService } from '../messages';
import { invoicesRepository as repo, type InvoiceView } from './invoices.repository';
import { membersRepository } from './members.repository';
import { effectiveState } from './members.service';

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();
const isoOrNull = (d: Date | string | null) => (d === null ? null : iso(d));

/** Stored invoice files are only names this module generates. */
export const INVOICE_FILE_NAME = /^[0-9a-f]{32}\.pdf$/;

function toInvoice(v: InvoiceView): Invoice {
  return {
    id: v.id,
    order_id: v.order_id,
    order_no: v.order_no,
    order_subject: v.order_subject,
    title_type: v.title_type,
    title: v.title,
    tax_no: v.tax_no,
    invoice_kind: v.invoice_kind,
    reg_address: v.reg_address,
    reg_phone: v.reg_phone,
    bank_name: v.bank_name,
    bank_account: v.bank_account,
    email: v.email,
    amount: v.amount,
    state: v.state,
    reject_reason: v.reject_reason,
    pdf_url: v.state === 'issued' && v.pdf_file ? invoicePdfPath(v.id) : null,
    requested_at: iso(v.requested_at),
    issued_at: isoOrNull(v.issued_at),
    rejected_at: isoOrNull(v.rejected_at),
  };
}

function toAdminInvoice(v: InvoiceView): AdminInvoice {
  return {
    ...toInvoice(v),
    user: { id: v.user_id, phone: v.user_phone, nickname: v.user_nickname, role: v.user_role },
    order_amount: v.order_amount,
    order_paid_at: isoOrNull(v.order_paid_at),
  };
}

export const INVOICE_KEY_PREFIX = 'uploads/invoices/';

export function createInvoicesService(deps: {
  db: Db;
  clock: Clock;
  messages: MessagesService;
  /** Where issued PDFs are kept, below INVOICE_KEY_PREFIX (the local disk: DATA_DIR/uploads/invoices). */
  storage: Storage;
  audit: AuditTrail;
}) {
  const { db, clock, messages, storage, audit } = deps;

  async function adminView(id: number): Promise<InvoiceView> {
    const v = await repo.view(db, id);
    if (!v) throw AppError.notFound(m.invoiceNotFound);
    return v;
  }

  return {
    /** An invoice request for one of the caller's paid orders, at most the amount paid, one live request per order. */
    async request(userId: number, body: CreateInvoiceInput): Promise<Invoice> {
      const now = clock.now();
      const order = await membersRepository.findWithInvoice(db, { id: body.order_id, userId });
      if (!order) throw AppError.notFound(m.orderNotFound);
      if (effectiveState(order, now) !== 'paid') {
        throw AppError.badRequest(m.invoiceOrderNotPaid, { order_id: m.invoiceOrderNotPaid });
      }
      const amount = body.amount ?? order.amount;
      if (amount > order.amount) throw AppError.badRequest(m.amountTooHigh, { amount: m.amountTooHigh });
      const id = await repo.insert(db, {
        userId,
        orderId: order.id,
        titleType: body.title_type,
        title: body.title.trim(),
        taxNo: body.title_type === 'company' ? body.tax_no : null,
        invoiceKind: body.invoice_kind,
        regAddress: body.reg_address,
        regPhone: body.reg_phone,
        bankName: body.bank_name,
        bankAccount: body.bank_account,
        email: body.email,
        amount,
        state: 'requested',
        requestedAt: now,
      });
      if (id === undefined) throw AppError.conflict(m.invoiceAlreadyRequested);
      return toInvoice((await repo.view(db, id))!);
    },

    async list(userId: number, q: { page: number; per: number; state?: InvoiceState }): Promise<InvoicePage> {
      const { limit, offset } = pageWindow(q);
      const { list, total } = await repo.page(db, {
        userId,
        state: q.state,
        oldestFirst: false,
        limit,
        offset,
      });
      return toPaged(list.map(toInvoice), total, q);
    },

    async adminList(q: { page: number; per: number; state?: InvoiceState }): Promise<AdminInvoicePage> {
      const { limit, offset } = pageWindow(q);
      const { list, total } = await repo.page(db, {
        state: q.state,
        oldestFirst: q.state === 'requested',
        limit,
        offset,
      });
      return toPaged(list.map(toAdminInvoice), total, q);
    },

    /** Stores the uploaded PDF (it must open) under a random name, marks the request issued and tells the user. */
    async issue(actor: StaffActor, id: number, content: Buffer): Promise<AdminInvoice> {
      const staffId = actor.id;
      const v = await adminView(id);
      if (v.state !== 'requested') throw AppError.conflict(m.invoiceNotRequested);
      await checkPdf(content, {
        maxPages: INVOICE_PDF_MAX_PAGES,
        notPdf: m.invoicePdfRequired,
        broken: m.invoicePdfBroken,
        encrypted: m.invoicePdfEncrypted,
        tooManyPages: m.invoicePdfTooManyPages,
        field: 'file',
      });
      const name = `${randomBytes(16).toString('hex')}.pdf`;
      const key = INVOICE_KEY_PREFIX + name;
      await storage.put(key, content, { contentType: 'application/pdf', ifAbsent: true });
      const now = clock.now();
      try {
        const done = await db.transaction(async (tx) => {
          if (!(await repo.issue(tx, { id, pdfFile: name, staffId, now }))) return false;
          await audit.record(tx, actor, {
            action: 'invoice.issue',
            entity: 'invoice',
            entityId: id,
            before: { state: v.state },
            after: { state: 'issued', pdf_file: name },
          });
          await messages.send(
            v.user_id,
            '发票已开具',
            `您为订单${v.order_no}（${v.order_subject}）申请的发票已开具，可在“我的发票”中下载。`,
            tx,
          );
          return true;
        });
        if (!done) throw AppError.conflict(m.invoiceNotRequested);
      } catch (err) {
        await storage.delete(key);
        throw err;
      }
      return toAdminInvoice(await adminView(id));
    },

    async reject(actor: StaffActor, id: number, reason: string): Promise<AdminInvoice> {
      const staffId = actor.id;
      const v = await adminView(id);
      const now = clock.now();
      const done = await db.transaction(async (tx) => {
        if (!(await repo.reject(tx, { id, reason, staffId, now }))) return false;
        await audit.record(tx, actor, {
          action: 'invoice.reject',
          entity: 'invoice',
          entityId: id,
          before: { state: v.state },
          after: { state: 'rejected', reason },
        });
        await messages.send(
          v.user_id,
          '发票申请被驳回',
          `您为订单${v.order_no}（${v.order_subject}）提交的发票申请被驳回，原因：${reason}。您可修改信息后重新申请。`,
          tx,
        );
        return true;
      });
      if (!done) throw AppError.conflict(m.invoiceNotRequested);
      return toAdminInvoice(await adminView(id));
    },

    /** The issued PDF, for its owner or staff; anyone else gets 404 as for a missing invoice. */
    async pdf(
      viewer: { id: number; isStaff: boolean },
      id: number,
    ): Promise<{ key: string; downloadName: string }> {
      const v = await repo.view(db, id);
      if (!v || (v.user_id !== viewer.id && !viewer.isStaff)) throw AppError.notFound(m.invoiceNotFound);
      if (v.state !== 'issued' || !v.pdf_file || !INVOICE_FILE_NAME.test(v.pdf_file))
        throw AppError.notFound(m.invoicePdfNotReady);
      return { key: INVOICE_KEY_PREFIX + v.pdf_file, downloadName: `invoice-${v.order_no}.pdf` };
    },
  };
}

export type InvoicesService = ReturnType<typeof createInvoicesService>;
