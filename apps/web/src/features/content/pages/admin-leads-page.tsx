import { App, Button, Card, Segmented, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { isApiError } from '@/shared/lib/api-client';
import { chinaDateTime } from '@/shared/lib/china-time';
import { articlesApi, type Lead } from '../api/articles-api';
import { contentKeys } from '../api/content-keys';

/** /admin/content-leads: cooperation leads from /projectCooperate; staff mark the ones they have followed up. */
export default function AdminLeadsPage() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [q, setQ] = useState<{ page: number; per: number; handled?: 'yes' | 'no' }>({ page: 1, per: 20, handled: 'no' });
  const leads = useQuery({ queryKey: [...contentKeys.admin(), 'leads', q], queryFn: () => articlesApi.leads(q) });
  const handle = async (id: number) => {
    try {
      const res = await articlesApi.handleLead(id);
      message.success(res.message);
      await queryClient.invalidateQueries({ queryKey: [...contentKeys.admin(), 'leads'] });
    } catch (err) {
      message.error(isApiError(err) ? err.message : '操作失败');
    }
  };
  const columns: ColumnsType<Lead> = [
    { title: '提交时间', dataIndex: 'created_at', width: 150, render: (v: string) => chinaDateTime(v) },
    { title: '单位', dataIndex: 'organisation' },
    { title: '联系人', dataIndex: 'contact', width: 90 },
    { title: '手机号', dataIndex: 'phone', width: 120 },
    { title: '方向', dataIndex: 'cooperation_type', width: 110 },
    { title: '需求', dataIndex: 'need' },
    {
      title: '状态',
      width: 170,
      render: (_: unknown, r) =>
        r.handled_at ? (
          <Tag color="green">
            {r.handled_by} 已处理 {chinaDateTime(r.handled_at)}
          </Tag>
        ) : (
          <Button size="small" onClick={() => void handle(r.id)}>
            标记已处理
          </Button>
        ),
    },
  ];
  return (
    <Card title="合作线索">
      <Segmented
        aria-label="处理状态"
        style={{ marginBottom: 12 }}
        value={q.handled ?? 'all'}
        onChange={(v) => setQ({ ...q, page: 1, handled: v === 'all' ? undefined : (v as 'yes' | 'no') })}
        options={[
          { value: 'no', label: '待处理' },
          { value: 'yes', label: '已处理' },
          { value: 'all', label: '全部' },
        ]}
      />
      <Table
        rowKey="id"
        size="middle"
        loading={leads.isFetching}
        columns={columns}
        dataSource={leads.data?.list ?? []}
        pagination={{ current: q.page, pageSize: q.per, total: leads.data?.total ?? 0, showSizeChanger: false, onChange: (page) => setQ({ ...q, page }) }}
      />
    </Card>
  );
}
