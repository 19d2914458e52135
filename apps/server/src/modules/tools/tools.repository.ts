import { and, count, desc, eq, gt, lte } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users } from '../users';
import { toolsRiskReports, type RiskReportRow } from './tools.table';

export type NewRiskReport = typeof toolsRiskReports.$inferInsert;

export const toolsRepository = {
  async memberEndOf(db: DbOrTx, userId: number): Promise<Date | null> {
    const [row] = await db.select({ end: users.memberEndAt }).from(users).where(eq(users.id, userId));
    return row?.end ?? null;
  },

  /** Free reports made by the user in (from, to]. */
  async freeUsed(db: DbOrTx, userId: number, from: Date, to: Date): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(toolsRiskReports)
      .where(and(eq(toolsRiskReports.userId, userId), eq(toolsRiskReports.source, 'member_free'), gt(toolsRiskReports.readyAt, from), lte(toolsRiskReports.readyAt, to)));
    return row?.n ?? 0;
  },

  async insert(db: DbOrTx, v: NewRiskReport): Promise<RiskReportRow> {
    const [row] = await db.insert(toolsRiskReports).values(v).returning();
    return row!;
  },

  async ofUser(db: DbOrTx, userId: number, id: number): Promise<RiskReportRow | null> {
    const [row] = await db.select().from(toolsRiskReports).where(and(eq(toolsRiskReports.id, id), eq(toolsRiskReports.userId, userId)));
    return row ?? null;
  },

  async page(db: DbOrTx, userId: number, offset: number, limit: number): Promise<{ rows: RiskReportRow[]; total: number }> {
    const rows = await db
      .select()
      .from(toolsRiskReports)
      .where(eq(toolsRiskReports.userId, userId))
      .orderBy(desc(toolsRiskReports.createdAt), desc(toolsRiskReports.id))
      .limit(limit)
      .offset(offset);
    const [t] = await db.select({ n: count() }).from(toolsRiskReports).where(eq(toolsRiskReports.userId, userId));
    return { rows, total: t?.n ?? 0 };
  },

  async adminPage(db: DbOrTx, offset: number, limit: number) {
    const rows = await db
      .select({ report: toolsRiskReports, phone: users.phone })
      .from(toolsRiskReports)
      .innerJoin(users, eq(users.id, toolsRiskReports.userId))
      .orderBy(desc(toolsRiskReports.createdAt), desc(toolsRiskReports.id))
      .limit(limit)
      .offset(offset);
    const [t] = await db.select({ n: count() }).from(toolsRiskReports);
    return { rows, total: t?.n ?? 0 };
  },

  /** awaiting_payment -> ready (paid); false when it was not awaiting payment. */
  async markPaid(db: DbOrTx, v: { userId: number; id: number; orderNo: string; now: Date }): Promise<boolean> {
    const rows = await db
      .update(toolsRiskReports)
      .set({ state: 'ready', source: 'paid', orderNo: v.orderNo, readyAt: v.now })
      .where(and(eq(toolsRiskReports.id, v.id), eq(toolsRiskReports.userId, v.userId), eq(toolsRiskReports.state, 'awaiting_payment')))
      .returning({ id: toolsRiskReports.id });
    return rows.length === 1;
  },
};
