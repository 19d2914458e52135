import {
  MEMBERSHIP_YEAR_DAYS,
  RISK_FREE_REPORTS_PER_YEAR,
  RISK_REPORT_PRICE_FEN,
  toolsMessages as m,
  type AdminRiskReportPage,
  type PageQuery,
  type RiskCheckBody,
  type RiskQuota,
  type RiskReport,
  type RiskReportPage,
} from '@app/contracts';
import { analyseRisk, readRiskInput } from '@app/contracts/tools/risk';
import type { Db, DbOrTx } from '../../db/client';
import { lockKey } from '../../db/sql';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { pageWindow, toPaged } from '../../lib/pagination';
import { toolsRepository as repo } from './tools.repository';
import type { RiskReportRow } from './tools.table';

const YEAR_MS = MEMBERSHIP_YEAR_DAYS * 86_400_000;

/**
 * The membership year containing `now`: 365-day windows counted back from the membership end date, so a two-year
 * membership has two years of 2 free reports each. Null when not a member.
 */
export function membershipYear(memberEnd: Date | null, now: Date): { from: Date; to: Date } | null {
  if (!memberEnd || memberEnd <= now) return null;
  const k = Math.floor((memberEnd.getTime() - now.getTime()) / YEAR_MS);
  const to = new Date(memberEnd.getTime() - k * YEAR_MS);
  return { from: new Date(to.getTime() - YEAR_MS), to };
}

const chinaDate = (d: Date) => new Date(d.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);

function toReport(r: RiskReportRow): RiskReport {
  const ready = r.state === 'ready';
  return {
    id: r.id,
    company_name: r.companyName,
    state: r.state,
    source: r.source,
    price: r.price,
    created_at: r.createdAt.toISOString(),
    ready_at: r.readyAt?.toISOString() ?? null,
    analysis: ready ? r.analysis : null,
    pdf_url: ready ? `/api/risk-checks/${r.id}/pdf` : null,
  };
}

export function createToolsService(db: Db, clock: Clock) {
  async function quota(tx: DbOrTx, userId: number, now: Date): Promise<RiskQuota> {
    const end = await repo.memberEndOf(tx, userId);
    const year = membershipYear(end, now);
    const used = year ? await repo.freeUsed(tx, userId, year.from, year.to) : 0;
    return {
      is_member: year !== null,
      member_end_at: year ? end!.toISOString() : null,
      free_per_year: RISK_FREE_REPORTS_PER_YEAR,
      free_used: used,
      free_left: year ? Math.max(0, RISK_FREE_REPORTS_PER_YEAR - used) : 0,
      price: RISK_REPORT_PRICE_FEN,
    };
  }

  return {
    quota: (userId: number) => quota(db, userId, clock.now()),

    /** Checks and analyses the statements; a member's free report is ready at once, any other awaits payment. */
    async create(userId: number, body: RiskCheckBody): Promise<RiskReport> {
      const read = readRiskInput({
        company_name: body.company_name,
        industry_tax_rate: body.industry_tax_rate ?? '',
        prior: body.prior,
        current: body.current,
      });
      if (!read.ok) {
        const fieldErrors: Record<string, string> = {};
        for (const e of read.errors) {
          const key = e.column === 'company' ? 'company_name' : e.column === 'industry' ? 'industry_tax_rate' : `${e.column}.${e.line}`;
          fieldErrors[key] ??= e.message;
        }
        throw AppError.badRequest(read.errors[0]!.message, fieldErrors);
      }
      const analysis = analyseRisk(read.input);
      const row = await db.transaction(async (tx) => {
        await lockKey(tx, `risk-report:${userId}`);
        const now = clock.now();
        const q = await quota(tx, userId, now);
        const free = q.free_left > 0;
        return repo.insert(tx, {
          userId,
          companyName: read.input.companyName,
          input: read.input,
          analysis,
          score: analysis.score,
          state: free ? 'ready' : 'awaiting_payment',
          source: free ? 'member_free' : null,
          price: free ? 0 : RISK_REPORT_PRICE_FEN,
          createdAt: now,
          readyAt: free ? now : null,
        });
      });
      return toReport(row);
    },

    async list(userId: number, q: PageQuery): Promise<RiskReportPage> {
      const w = pageWindow(q);
      const { rows, total } = await repo.page(db, userId, w.offset, w.limit);
      return toPaged(rows.map(toReport), total, q);
    },

    async show(userId: number, id: number): Promise<RiskReport> {
      const row = await repo.ofUser(db, userId, id);
      if (!row) throw AppError.notFound(m.reportNotFound);
      return toReport(row);
    },

    /** The report ready for its PDF: another user's report or an unpaid one answers like a missing PDF. */
    async forPdf(userId: number, id: number) {
      const row = await repo.ofUser(db, userId, id);
      if (!row) throw AppError.notFound(m.reportNotFound);
      if (row.state !== 'ready') throw AppError.conflict(m.reportNotReady);
      return { companyName: row.companyName, createdAt: chinaDate(row.createdAt), analysis: row.analysis };
    },

    async adminList(q: PageQuery): Promise<AdminRiskReportPage> {
      const w = pageWindow(q);
      const { rows, total } = await repo.adminPage(db, w.offset, w.limit);
      return toPaged(
        rows.map(({ report: r, phone }) => ({
          id: r.id,
          user_id: r.userId,
          user_phone: phone.replace(/^(\d{3})\d{4}(\d+)$/, '$1****$2'),
          company_name: r.companyName,
          state: r.state,
          source: r.source,
          score: r.score,
          level: r.analysis.level,
          created_at: r.createdAt.toISOString(),
        })),
        total,
        q,
      );
    },
  };
}
export type ToolsService = ReturnType<typeof createToolsService>;

/**
 * What the orders flow needs of a risk report (members depends on this port): whether a report can be bought, and
 * unlocking it inside the paying transaction.
 */
export function riskReportSales(db: DbOrTx) {
  return {
    /** null: no such report of this user; 'ready': nothing to pay. */
    async forSale(userId: number, reportId: number): Promise<{ subject: string } | 'ready' | null> {
      const row = await repo.ofUser(db, userId, reportId);
      if (!row) return null;
      if (row.state === 'ready') return 'ready';
      return { subject: `财务风险检测报告（${row.companyName}）` };
    },
    /** awaiting_payment -> ready; false when it was already ready (a second paid order grants nothing more). */
    unlock: (v: { userId: number; reportId: number; orderNo: string; now: Date }) =>
      repo.markPaid(db, { userId: v.userId, id: v.reportId, orderNo: v.orderNo, now: v.now }),
  };
}
