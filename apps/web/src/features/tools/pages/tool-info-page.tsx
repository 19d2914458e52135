import { useParams } from 'react-router';
import { calculatorById } from '@app/contracts/tools/tools.catalog';
import { RecordMissing } from '@/shared/ui/record-missing';
import { CalculatorPanel } from '../components/calculator-panel';
import { ToolHead } from '../components/tool-head';
import '../tools.css';

/**
 * /financeTool/toolInfo/:id: one calculator, drawn without antd (route handle `antd: false`); a shared calculator
 * link is often opened on a phone. The financial risk check has its own route (risk-check-page).
 */
export default function ToolInfoPage() {
  const { id = '' } = useParams();
  const tool = calculatorById(id);

  if (!tool)
    return (
      <div className="page-container tools">
        <RecordMissing title="工具不存在" description="该工具不存在或已下线" back={{ to: '/financeTool', label: '返回智能工具' }} />
      </div>
    );

  return (
    <div className="page-container tools tools--detail">
      <ToolHead name={tool.name} summary={tool.summary} />
      <CalculatorPanel key={tool.id} tool={tool} />
    </div>
  );
}
