import { and, eq } from 'drizzle-orm';
import { analyseRisk } from '@app/contracts/tools/risk';
import type { SeedModule } from '../../../db/seed/index';
import { authRepository } from '../../auth/auth.repository';
import { toolsRiskReports } from '../tools.table';
import { DEMO_RISK_INPUT } from './demo-statements';

const MEMBER_PHONE = '13800138001';

/**
 * Demo risk-check data: the member demo account has used one of its two free reports this membership year, on the
 * demo trading company of the Excel template. Idempotent: skipped when that report exists.
 */
export const toolsSeed: SeedModule = {
  name: 'tools',
  demo: true,
  async run(tx, { clock }) {
    const member = await authRepository.findUserByPhone(tx, MEMBER_PHONE);
    if (!member) return;
    const [existing] = await tx
      .select({ id: toolsRiskReports.id })
      .from(toolsRiskReports)
      .where(and(eq(toolsRiskReports.userId, member.id), eq(toolsRiskReports.companyName, DEMO_RISK_INPUT.companyName)));
    if (existing) return;
    const now = clock.now();
    const analysis = analyseRisk(DEMO_RISK_INPUT);
    await tx.insert(toolsRiskReports).values({
      userId: member.id,
      companyName: DEMO_RISK_INPUT.companyName,
      input: DEMO_RISK_INPUT,
      analysis,
      score: analysis.score,
      state: 'ready',
      source: 'member_free',
      price: 0,
      createdAt: now,
      readyAt: now,
    });
  },
};
