import { Button, Card, Empty, Table, Tag } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { RISK_REPORT_SOURCE_LABELS, RISK_REPORT_STATE_LABELS, type RiskReport } from '@app/contracts';
import { chinaDateTime } from '@/shared/lib/china-time';
import { toolsApi } from '../api/tools-api';
import { useRiskReports } from '../api/use-tools';
import '../tools.css';
import { ScrollCue, TABLE_SCROLLER, usePhoneTable } from '@/shared/ui/scroll-cue';

/** /center/riskReports: my risk-check reports; an unpaid one can be paid from here. */
export default function RiskReportsPage() {
  const [page, setPage] = useState(1);
  const reports = useRiskReports({ page, per: 10 });
  const navigate = useNavigate();
  const pay = useMutation({
    mutationFn: (id: number) => toolsApi.order(id),
    onSuccess: (order) => void navigate(`/payment?order_no=${order.order_no}`),
  });

  const table = usePhoneTable<ColumnType<RiskReport>>([
    { title: '企业名称', dataIndex: 'company_name' },
    { title: '创建时间', dataIndex: 'created_at', render: (v: string) => chinaDateTime(v) },
    {
      title: '状态',
      render: (_, r) => (
        <>
          <Tag color={r.state === 'ready' ? 'green' : 'orange'}>{RISK_REPORT_STATE_LABELS[r.state]}</Tag>
          {r.source && <Tag>{RISK_REPORT_SOURCE_LABELS[r.source]}</Tag>}
        </>
      ),
    },
    { title: '评分', render: (_, r) => (r.analysis ? `${r.analysis.score}分（${r.analysis.level}风险）` : '—') },
    {
      title: '操作',
      render: (_, r) =>
        r.state === 'ready' ? (
          <Link to={`/center/riskReports/${r.id}`}>查看报告</Link>
        ) : (
          <Button type="link" size="small" loading={pay.isPending && pay.variables === r.id} onClick={() => pay.mutate(r.id)}>
            去支付
          </Button>
        ),
    },
  ]);

  return (
    <Card title="风险检测报告" extra={<Link to="/financeTool/toolInfo/risk-check">新建检测</Link>}>
      <ScrollCue label="报告列表" scroller={TABLE_SCROLLER}>
        <Table<RiskReport>
          rowKey="id"
          loading={reports.isPending}
          dataSource={reports.data?.list ?? []}
          locale={{ emptyText: <Empty description="还没有检测报告" /> }}
          pagination={{ current: page, pageSize: 10, total: reports.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
          {...table}
        />
      </ScrollCue>
    </Card>
  );
}
