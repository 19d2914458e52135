import { Button, Checkbox, Form, Input, Modal, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { QA_CATEGORIES, qaMessages as m } from '@app/contracts/qa/qa.rules';
import type { AdminExpert } from '@app/contracts/qa/qa.schemas';
import { qaApi } from '../api/qa-api';
import { useAct } from '../api/use-act';
import { useExperts } from '../api/use-qa';

/** 专家账号: the think-tank experts, each linked to a login phone and the categories it answers. */
export function ExpertsTab() {
  const experts = useExperts();
  const [editing, setEditing] = useState<AdminExpert | null>(null);
  const [form] = Form.useForm<{ phone: string; categories: string[] }>();
  const act = useAct();
  const columns: ColumnsType<AdminExpert> = [
    {
      title: '专家',
      dataIndex: 'name',
      render: (v: string, e) => (
        <>
          {v}
          <div className="qa-muted">
            {e.title} · {e.organisation}
          </div>
        </>
      ),
    },
    {
      title: '关联账号',
      dataIndex: 'phone',
      width: 130,
      render: (v: string | null) => v ?? <span className="qa-muted">未关联</span>,
    },
    {
      title: '解答领域',
      dataIndex: 'categories',
      render: (c: string[]) => c.map((x) => <Tag key={x}>{x}</Tag>),
    },
    { title: '处理中', dataIndex: 'open_claims', width: 80 },
    { title: '已解答', dataIndex: 'answered', width: 80 },
    {
      title: '操作',
      width: 90,
      render: (_: unknown, e) => (
        <Button
          type="link"
          onClick={() => {
            setEditing(e);
            form.setFieldsValue({
              phone: e.phone ?? '',
              categories: e.categories.length
                ? e.categories
                : e.fields.filter((f) => (QA_CATEGORIES as readonly string[]).includes(f)),
            });
          }}
        >
          设置
        </Button>
      ),
    },
  ];
  const save = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v || !editing) return;
    if (
      await act(() =>
        qaApi.linkExpert(editing.id, {
          phone: v.phone.trim(),
          categories: v.categories as (typeof QA_CATEGORIES)[number][],
        }),
      )
    )
      setEditing(null);
  };
  return (
    <>
      <Table<AdminExpert>
        rowKey="id"
        columns={columns}
        dataSource={experts.data ?? []}
        loading={experts.isPending}
        pagination={false}
      />
      <Modal
        open={!!editing}
        title={`专家账号：${editing?.name ?? ''}`}
        onCancel={() => setEditing(null)}
        onOk={() => void save()}
        okText="保存"
        cancelText="取消"
      >
        <Form form={form} layout="vertical" name="expert_link">
          <Form.Item
            name="phone"
            label="账号手机号（留空则解除关联）"
            rules={[{ pattern: /^(1[2-9]\d{9})?$/, message: '手机号格式不正确' }]}
          >
            <Input maxLength={11} placeholder="专家登录用的手机号" />
          </Form.Item>
          <Form.Item
            name="categories"
            label="解答领域"
            dependencies={['phone']}
            rules={[
              ({ getFieldValue }) => ({
                validator: async (_, v: string[]) => {
                  if (getFieldValue('phone') && !v?.length) throw new Error(m.categoriesRequired);
                },
              }),
            ]}
          >
            <Checkbox.Group options={QA_CATEGORIES.map((c) => ({ value: c, label: c }))} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
