import { Button, Card, Result, Skeleton } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { fenToYuan } from '@app/contracts/tools/money';
import { toolsApi } from '../api/tools-api';
import { useRiskReport } from '../api/use-tools';
import { RiskReportView } from '../components/risk-report-view';
import '../tools.css';

/** /center/riskReports/:id: one of my reports (or its payment prompt while unpaid). */
export default function RiskReportPage() {
  const id = Number(useParams().id) || 0;
  const report = useRiskReport(id);
  const navigate = useNavigate();
  const pay = useMutation({
    mutationFn: () => toolsApi.order(id),
    onSuccess: (order) => void navigate(`/payment?order_no=${order.order_no}`),
  });

  if (report.isPending) return <Card><Skeleton active paragraph={{ rows: 8 }} /></Card>;
  if (report.isError || !report.data)
    return <Result status="404" title="报告不存在" extra={<Link to="/center/riskReports">返回我的检测报告</Link>} />;
  const r = report.data;
  if (r.state !== 'ready')
    return (
      <Result
        status="info"
        title="报告待支付"
        subTitle={`支付${fenToYuan(r.price)}元后即可查看“${r.company_name}”的检测报告并下载PDF。`}
        extra={<Button type="primary" loading={pay.isPending} onClick={() => pay.mutate()}>去支付</Button>}
      />
    );
  return <RiskReportView report={r} />;
}
