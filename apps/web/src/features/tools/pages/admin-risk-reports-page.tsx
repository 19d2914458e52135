import { Card, Table, Tag } from 'antd';
import { useState } from 'react';
import { RISK_REPORT_PRICE_FEN, RISK_REPORT_SOURCE_LABELS, RISK_REPORT_STATE_LABELS, type AdminRiskReport } from '@app/contracts';
import { fenToYuan } from '@app/contracts/tools/money';
import { chinaDateTime } from '@/shared/lib/china-time';
import { useAdminRiskReports } from '../api/use-tools';

/** /admin/risk-reports: every risk-check report (staff), with how it was obtained. */
export default function AdminRiskReportsPage() {
  const [page, setPage] = useState(1);
  const reports = useAdminRiskReports({ page, per: 20 });
  return (
    <Card title="风险检测报告" extra={<span>单份报告价格：{fenToYuan(RISK_REPORT_PRICE_FEN)}元（会员每年免费2份）</span>}>
      <Table<AdminRiskReport>
        rowKey="id"
        loading={reports.isPending}
        dataSource={reports.data?.list ?? []}
        pagination={{ current: page, pageSize: 20, total: reports.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
        columns={[
          { title: '编号', dataIndex: 'id', width: 80 },
          { title: '企业名称', dataIndex: 'company_name' },
          { title: '用户手机号', dataIndex: 'user_phone' },
          { title: '状态', render: (_, r) => <Tag color={r.state === 'ready' ? 'green' : 'orange'}>{RISK_REPORT_STATE_LABELS[r.state]}</Tag> },
          { title: '来源', render: (_, r) => (r.source ? RISK_REPORT_SOURCE_LABELS[r.source] : '—') },
          { title: '评分', render: (_, r) => `${r.score}分（${r.level}风险）` },
          { title: '创建时间', dataIndex: 'created_at', render: (v: string) => chinaDateTime(v) },
        ]}
      />
    </Card>
  );
}
