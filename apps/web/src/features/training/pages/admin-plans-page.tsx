import { Button, Card, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import type { TrainingPlan } from '@app/contracts/training/training.schemas';
import { ScrollCue, TABLE_SCROLLER, useTableScroll } from '@/shared/ui/scroll-cue';
import { useAdminPlans } from '../api/admin';
import { AdminPlanModal } from '../components/admin-plan-modal';
import '../components/admin.css';

const TITLES_SHOWN = 4;

/**
 * /admin/training/plans: learning plans, staff-made sets of courses a company may assign at once (e.g. a year's
 * continuing education). A plan that is switched off is no longer offered to companies.
 */
export default function AdminPlansPage() {
  const q = useAdminPlans();
  const [editing, setEditing] = useState<{ plan: TrainingPlan | undefined } | null>(null);
  const scroll = useTableScroll({ x: 760 });

  const columns: ColumnsType<TrainingPlan> = [
    {
      title: '计划名称',
      dataIndex: 'name',
      width: 260,
      render: (name: string, p) => (
        <span>
          {name}
          {p.description && (
            <>
              <br />
              <span className="tr-admin__muted">{p.description}</span>
            </>
          )}
        </span>
      ),
    },
    {
      title: '课程',
      key: 'courses',
      render: (_, p) => (
        <span className="tr-admin__tags">
          <strong>{p.courses.length}门：</strong>
          {p.courses.slice(0, TITLES_SHOWN).map((c) => (
            <Tag key={c.id}>{c.title}</Tag>
          ))}
          {p.courses.length > TITLES_SHOWN && <span className="tr-admin__muted">等</span>}
        </span>
      ),
    },
    {
      title: '状态',
      dataIndex: 'active',
      width: 90,
      render: (active: boolean) => (active ? <Tag color="success">启用</Tag> : <Tag>停用</Tag>),
    },
    {
      title: '操作',
      key: 'ops',
      width: 90,
      render: (_, p) => (
        <Button type="link" size="small" onClick={() => setEditing({ plan: p })} aria-label={`修改学习计划${p.name}`}>
          修改
        </Button>
      ),
    },
  ];

  return (
    <Card
      title="学习计划"
      extra={
        <Button type="primary" onClick={() => setEditing({ plan: undefined })}>
          新建学习计划
        </Button>
      }
    >
      <p className="tr-admin__hint">学习计划是平台编排的一组课程，企业可一次把整个计划指派给员工。</p>
      <ScrollCue label="学习计划列表" scroller={TABLE_SCROLLER}>
        <Table<TrainingPlan>
          rowKey="id"
          size="middle"
          loading={q.isPending}
          columns={columns}
          dataSource={q.data ?? []}
          scroll={scroll}
          pagination={(q.data?.length ?? 0) > 20 ? { pageSize: 20, showSizeChanger: false } : false}
          locale={{ emptyText: '还没有学习计划' }}
        />
      </ScrollCue>
      {editing && <AdminPlanModal plan={editing.plan} onClose={() => setEditing(null)} />}
    </Card>
  );
}
