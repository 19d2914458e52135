import { CloseCircleFilled, SearchOutlined } from '@ant-design/icons';
import { Button, Card, Input, Progress, Statistic, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import type { AdminTrainingCompany } from '@app/contracts/training/training.schemas';
import { ScrollCue, TABLE_SCROLLER, usePhoneTable } from '@/shared/ui/scroll-cue';
import { useAdminTrainingOverview, type AdminCompanyQuery } from '../api/admin';
import { AdminCompanySeatsDrawer } from '../components/admin-company-seats-drawer';
import { yuanText } from '../lib/admin-money';
import '../components/admin.css';

const PER = 20;

/**
 * /admin/training/companies: company training at a glance (companies, employees, 学员卡 sold, revenue) and each
 * company's figures; 学员卡 opens the company's seats, where staff fix an assignment on the company's request.
 */
export default function AdminCompaniesPage() {
  const [q, setQ] = useState<AdminCompanyQuery>({ page: 1, per: PER });
  const [open, setOpen] = useState<{ id: number; name: string } | null>(null);
  const overview = useAdminTrainingOverview(q);
  const totals = overview.data?.totals;

  const columns: ColumnsType<AdminTrainingCompany> = [
    { title: '企业', dataIndex: 'name', fixed: 'left', width: 200 },
    {
      title: '认证',
      dataIndex: 'verified',
      width: 84,
      render: (v: boolean) => (v ? <Tag color="success">已认证</Tag> : <Tag>未认证</Tag>),
    },
    { title: '员工', dataIndex: 'employees', width: 64, align: 'right' },
    { title: '已售学员卡', dataIndex: 'seats_sold', width: 100, align: 'right' },
    { title: '已分配', dataIndex: 'seats_assigned', width: 76, align: 'right' },
    {
      title: '指派课程',
      dataIndex: 'assignments',
      width: 96,
      align: 'right',
      render: (n: number, c) => (n > 0 ? `${c.done} / ${n}` : '0'),
    },
    {
      title: '完成率',
      dataIndex: 'completion',
      width: 150,
      render: (p: number, c) =>
        c.assignments > 0 ? (
          <Progress className="tr-admin__completion" percent={p} size="small" format={(n) => `${n ?? 0}%`} aria-label={`${c.name}完成率${p}%`} />
        ) : (
          <span className="tr-admin__muted">未指派</span>
        ),
    },
    {
      title: '操作',
      key: 'ops',
      width: 90,
      render: (_, c) => (
        <Button size="small" onClick={() => setOpen({ id: c.id, name: c.name })} aria-label={`查看${c.name}的学员卡`}>
          学员卡
        </Button>
      ),
    },
  ];
  const table = usePhoneTable(columns, { x: 860 });

  return (
    <Card title="企业培训概览">
      <div className="tr-admin__totals" aria-label="合计">
        <Statistic className="tr-admin__total" title="开展培训的企业" value={totals?.companies ?? '—'} suffix={totals ? '家' : undefined} />
        <Statistic className="tr-admin__total" title="在职员工" value={totals?.employees ?? '—'} suffix={totals ? '人' : undefined} />
        <Statistic className="tr-admin__total" title="已售学员卡" value={totals?.seats_sold ?? '—'} suffix={totals ? '张' : undefined} />
        <Statistic className="tr-admin__total" title="学员卡收入（已支付）" value={totals ? yuanText(totals.revenue) : '—'} />
      </div>
      <div className="tr-admin__filters">
        <Input.Search
          aria-label="搜索企业名称"
          placeholder="搜索企业名称"
          allowClear={{ clearIcon: <CloseCircleFilled aria-label="清空搜索" /> }}
          enterButton={<Button aria-label="搜索" icon={<SearchOutlined aria-hidden="true" />} />}
          maxLength={40}
          style={{ width: 280, maxWidth: '100%' }}
          onSearch={(v) => setQ({ ...q, keyword: v.trim() || undefined, page: 1 })}
        />
        <span className="tr-admin__muted">指派课程为员工与课程的组合数（已完成 / 全部）；完成率 = 已完成 ÷ 全部。</span>
      </div>
      <ScrollCue label="企业列表" scroller={TABLE_SCROLLER}>
        <Table<AdminTrainingCompany>
          rowKey="id"
          size="middle"
          loading={overview.isFetching}
          columns={table.columns}
          scroll={table.scroll}
          dataSource={overview.data?.list ?? []}
          locale={{ emptyText: q.keyword ? '没有找到匹配的企业' : '还没有企业开展企业培训' }}
          pagination={{
            current: q.page,
            pageSize: PER,
            total: overview.data?.total ?? 0,
            showSizeChanger: false,
            showTotal: (n) => `共 ${n} 家`,
            onChange: (page) => setQ({ ...q, page }),
          }}
        />
      </ScrollCue>
      {open && <AdminCompanySeatsDrawer companyId={open.id} companyName={open.name} onClose={() => setOpen(null)} />}
    </Card>
  );
}
