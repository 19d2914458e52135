import { index, integer, jsonb, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import type { RiskAnalysis, RiskInput } from '@app/contracts/tools/risk';
import { users } from '../users/users.table';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Financial risk-check reports. `awaiting_payment` until an order for it is paid (or `ready` at once when it used
 * a member's free report); the analysis is computed at creation, the PDF is rendered on request.
 */
export const toolsRiskReports = pgTable(
  'tools_risk_reports',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyName: text('company_name').notNull(),
    input: jsonb('input').$type<RiskInput>().notNull(),
    analysis: jsonb('analysis').$type<RiskAnalysis>().notNull(),
    score: smallint('score').notNull(),
    state: text('state', { enum: ['awaiting_payment', 'ready'] }).notNull(),
    source: text('source', { enum: ['member_free', 'paid'] }),
    /** Order that paid for it (paid reports). */
    orderNo: text('order_no'),
    /** Price when it had to be paid, fen (0 for free reports). */
    price: integer('price').notNull(),
    createdAt: ts('created_at').notNull(),
    readyAt: ts('ready_at'),
  },
  (t) => [
    index('tools_risk_reports_user_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('tools_risk_reports_free_idx').on(t.userId, t.source, t.readyAt),
  ],
);
export type RiskReportRow = typeof toolsRiskReports.$inferSelect;
