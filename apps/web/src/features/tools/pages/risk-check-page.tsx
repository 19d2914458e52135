import { RISK_CHECK_TOOL } from '@app/contracts/tools/tools.catalog';
import RiskCheckPanel from '../components/risk-check-panel';
import { ToolHead } from '../components/tool-head';
import '../tools.css';

/**
 * /financeTool/toolInfo/risk-check: the financial risk check (statements in, a report out; an antd form). The panel is
 * part of this route's own chunk: a second lazy chunk inside the server-rendered page made hydration give up on its
 * Suspense boundary (React error 419) and draw the panel again.
 */
export default function RiskCheckPage() {
  return (
    <div className="page-container tools tools--detail">
      <ToolHead name={RISK_CHECK_TOOL.name} summary={RISK_CHECK_TOOL.summary} />
      <RiskCheckPanel />
    </div>
  );
}
