import { lazy, Suspense } from 'react';
import { RISK_CHECK_TOOL } from '@app/contracts/tools/tools.catalog';
import { PageSpin } from '@/shared/ui/page-spin';
import { ToolHead } from '../components/tool-head';
import '../tools.css';

const RiskCheckPanel = lazy(() => import('../components/risk-check-panel'));

/** /financeTool/toolInfo/risk-check: the financial risk check (statements in, a report out; an antd form). */
export default function RiskCheckPage() {
  return (
    <div className="page-container tools tools--detail">
      <ToolHead name={RISK_CHECK_TOOL.name} summary={RISK_CHECK_TOOL.summary} />
      <Suspense fallback={<PageSpin />}>
        <RiskCheckPanel />
      </Suspense>
    </div>
  );
}
