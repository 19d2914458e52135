import { Link, useSearchParams } from 'react-router';
import { CALCULATORS, RISK_CHECK_TOOL } from '@app/contracts/tools/tools.catalog';
import { PlainTabs } from '@/shared/ui/plain-tabs';
import { CalculatorPanel } from '../components/calculator-panel';
import '../tools.css';

const shortNames: Record<string, string> = {
  'iit-salary': '工资个税',
  'year-end-bonus': '年终奖',
  'iit-annual': '年度汇算',
  'social-insurance': '社保公积金',
  vat: '增值税',
  'corporate-tax': '企业所得税',
  loan: '贷款',
  investment: 'NPV/IRR',
  depreciation: '折旧',
};

/**
 * /toolpage: the compact toolbox, every calculator on one page in tabs (?tab= and the tab's inputs in the URL); drawn
 * without antd (route handle `antd: false`).
 */
export default function ToolboxPage() {
  const [params, setParams] = useSearchParams();
  const tool = CALCULATORS.find((t) => t.id === params.get('tab')) ?? CALCULATORS[0]!;
  const active = tool.id;

  return (
    <div className="page-container tools">
      <header className="tools__detail-head">
        <h1>财务工具箱</h1>
        <p>
          常用财税计算一页完成，全部在浏览器内计算。需要企业财务体检？试试
          <Link to={`/financeTool/toolInfo/${RISK_CHECK_TOOL.id}`}>{RISK_CHECK_TOOL.name}</Link>。
        </p>
      </header>
      <PlainTabs
        items={CALCULATORS.map((t) => ({ key: t.id, label: shortNames[t.id] ?? t.name }))}
        active={active}
        onChange={(k) => setParams({ tab: k })}
        label="计算器"
        idPrefix="toolbox"
        panelId={(k) => (k === active ? 'toolbox-panel' : undefined)}
      />
      <div id="toolbox-panel" role="tabpanel" aria-labelledby={`toolbox-tab-${active}`} className="tools__tab-panel">
        <h2 className="tools__tab-title">{tool.name}</h2>
        <CalculatorPanel key={tool.id} tool={tool} />
      </div>
    </div>
  );
}
