import { ExclamationCircleFilled } from '@ant-design/icons';
import { App, Button, Card, Popconfirm, Space, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { SeatTier } from '@app/contracts/training/training.schemas';
import { isApiError } from '@/shared/lib/api-client';
import { useTableScroll } from '@/shared/ui/scroll-cue';
import { adminTrainingApi, adminTrainingKeys, useAdminSeatTiers } from '../api/admin';
import { AdminTierModal } from '../components/admin-tier-modal';
import { yuanText } from '../lib/admin-money';
import '../components/admin.css';

/**
 * /admin/training/seat-tiers: the price per 学员卡 by how many one order buys. The tier from 1 seat is the base price
 * and stays (the server refuses to delete it and says so).
 */
export default function AdminSeatTiersPage() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const q = useAdminSeatTiers();
  const [editing, setEditing] = useState<{ tier: SeatTier | undefined } | null>(null);
  const scroll = useTableScroll();
  const tiers = [...(q.data ?? [])].sort((a, b) => a.min_quantity - b.min_quantity);

  const remove = async (tier: SeatTier) => {
    try {
      const res = await adminTrainingApi.deleteTier(tier.id);
      queryClient.setQueryData(adminTrainingKeys.tiers, res.data);
      message.success(res.message);
    } catch (err) {
      message.error(isApiError(err) ? err.message : '删除失败，请稍后重试');
    }
  };

  const columns: ColumnsType<SeatTier> = [
    { title: '起购数量', dataIndex: 'min_quantity', render: (n: number) => `${n}张起` },
    { title: '单价（元/张）', dataIndex: 'price', render: (fen: number) => yuanText(fen) },
    {
      title: '操作',
      key: 'ops',
      width: 150,
      render: (_, t) => (
        <Space size={4}>
          <Button type="link" size="small" onClick={() => setEditing({ tier: t })} aria-label={`修改${t.min_quantity}张起的价格档`}>
            修改
          </Button>
          <Popconfirm
            icon={<ExclamationCircleFilled aria-hidden="true" />}
            title={`确定删除${t.min_quantity}张起的价格档吗？`}
            okText="删除"
            okButtonProps={{ danger: true }}
            cancelText="取消"
            onConfirm={() => remove(t)}
          >
            <Button type="link" size="small" danger aria-label={`删除${t.min_quantity}张起的价格档`}>
              删除
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <Card
      title="学员卡价格"
      extra={
        <Button type="primary" onClick={() => setEditing({ tier: undefined })}>
          新增价格档
        </Button>
      }
    >
      <p className="tr-admin__hint">
        企业一次购买的学员卡数量达到某档的起购数量时，整单按该档单价计价；须保留从1张起购的一档。
      </p>
      <Table<SeatTier>
        rowKey="id"
        size="middle"
        loading={q.isPending}
        columns={columns}
        dataSource={tiers}
        scroll={scroll}
        pagination={false}
        locale={{ emptyText: '暂无价格档，企业暂时无法购买学员卡' }}
      />
      {editing && <AdminTierModal tier={editing.tier} onClose={() => setEditing(null)} />}
    </Card>
  );
}
