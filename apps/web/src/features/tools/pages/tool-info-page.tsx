import { Breadcrumb, Result } from 'antd';
import { lazy, Suspense } from 'react';
import { Link, useParams } from 'react-router';
import { RISK_CHECK_TOOL, calculatorById } from '@app/contracts/tools/tools.catalog';
import { PageSpin } from '@/shared/ui/page-spin';
import { CalculatorPanel } from '../components/calculator-panel';

const RiskCheckPanel = lazy(() => import('../components/risk-check-panel'));
import '../tools.css';

/** /financeTool/toolInfo/:id: one tool (a calculator, or the financial risk check). */
export default function ToolInfoPage() {
  const { id = '' } = useParams();
  const tool = calculatorById(id);
  const isRisk = id === RISK_CHECK_TOOL.id;
  const name = tool?.name ?? (isRisk ? RISK_CHECK_TOOL.name : null);

  if (!name)
    return (
      <div className="page-container tools">
        <Result status="404" title="工具不存在" subTitle="该工具不存在或已下线" extra={<Link to="/financeTool">返回智能工具</Link>} />
      </div>
    );

  return (
    <div className="page-container tools tools--detail">
      <Breadcrumb className="no-print" items={[{ title: <Link to="/financeTool">智能工具</Link> }, { title: name }]} />
      <header className="tools__detail-head">
        <h1>{name}</h1>
        <p>{tool?.summary ?? RISK_CHECK_TOOL.summary}</p>
      </header>
      {tool ? (
        <CalculatorPanel key={tool.id} tool={tool} />
      ) : (
        <Suspense fallback={<PageSpin />}>
          <RiskCheckPanel />
        </Suspense>
      )}
    </div>
  );
}
