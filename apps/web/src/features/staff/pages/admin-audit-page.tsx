import { Button, Card, DatePicker, Descriptions, Form, Input, Select, Space, Table, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { AUDIT_ENTITY_LABELS, auditActionLabel, auditTarget } from '@app/contracts/staff/audit-labels';
import { STAFF_ROLE_LABELS, type StaffRole } from '@app/contracts/staff/staff.rules';
import type { AuditEntry, AuditQuery } from '@app/contracts/staff/staff.schemas';
import { chinaDateTime } from '@/shared/lib/china-time';
import { useAuditLog } from '../api/use-staff';
import './staff.css';

const PER = 20;


interface Filters {
  actor?: string;
  entity?: string;
  entity_id?: string;
  days?: [Dayjs | null, Dayjs | null] | null;
}

const ENTITY_OPTIONS = Object.entries(AUDIT_ENTITY_LABELS).map(([value, label]) => ({ value, label }));

const roleLabel = (r: string) => STAFF_ROLE_LABELS[r as StaffRole] ?? r;
const json = (v: unknown) => (v === null || v === undefined ? '—' : JSON.stringify(v, null, 2));

/** /admin/audit: every staff write, newest first, searchable by who, what and when (管理员). */
export default function AdminAuditPage() {
  const [query, setQuery] = useState<AuditQuery>({ page: 1, per: PER });
  const log = useAuditLog(query);
  const [form] = Form.useForm<Filters>();

  const search = (f: Filters) => {
    const [from, to] = f.days ?? [];
    setQuery({
      page: 1,
      per: PER,
      ...(f.actor?.trim() ? { actor: f.actor.trim() } : {}),
      ...(f.entity?.trim() ? { entity: f.entity.trim() } : {}),
      ...(f.entity_id?.trim() ? { entity_id: f.entity_id.trim() } : {}),
      ...(from ? { from: from.format('YYYY-MM-DD') } : {}),
      ...(to ? { to: to.format('YYYY-MM-DD') } : {}),
    });
  };

  return (
    <Card title="操作日志">
      <Form<Filters> form={form} layout="inline" onFinish={search} className="audit-log__filters">
        <Form.Item name="actor" label="操作人手机号">
          <Input allowClear maxLength={11} placeholder="手机号或其中几位" />
        </Form.Item>
        <Form.Item name="entity" label="对象类型">
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            placeholder="全部类型"
            style={{ width: 160 }}
            options={ENTITY_OPTIONS}
          />
        </Form.Item>
        <Form.Item name="entity_id" label="对象编号">
          <Input allowClear maxLength={60} />
        </Form.Item>
        <Form.Item name="days" label="日期">
          <DatePicker.RangePicker allowEmpty={[true, true]} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            查询
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              setQuery({ page: 1, per: PER });
            }}
          >
            重置
          </Button>
        </Space>
      </Form>
      <Table<AuditEntry>
        rowKey="id"
        loading={log.isPending}
        dataSource={log.data?.list ?? []}
        style={{ marginTop: 16 }}
        pagination={{
          current: query.page,
          pageSize: PER,
          total: log.data?.total ?? 0,
          showSizeChanger: false,
          onChange: (page) => setQuery((q) => ({ ...q, page })),
        }}
        expandable={{
          expandedRowRender: (e) => (
            <Descriptions size="small" column={2} bordered>
              <Descriptions.Item label="修改前">
                <pre className="audit-log__change">{json(e.before)}</pre>
              </Descriptions.Item>
              <Descriptions.Item label="修改后">
                <pre className="audit-log__change">{json(e.after)}</pre>
              </Descriptions.Item>
            </Descriptions>
          ),
        }}
        columns={[
          {
            title: '时间',
            dataIndex: 'at',
            width: 180,
            render: (v: string) => chinaDateTime(v),
          },
          {
            title: '操作人',
            render: (_, e) => e.actor_phone ?? (e.actor_id === null ? '命令行' : '—'),
            width: 130,
          },
          {
            title: '角色',
            render: (_, e) => (
              <Space size={[4, 4]} wrap>
                {e.actor_roles.map((r) => (
                  <Tag key={r}>{roleLabel(r)}</Tag>
                ))}
              </Space>
            ),
          },
          { title: '操作', dataIndex: 'action', render: (v: string) => auditActionLabel(v) },
          { title: '对象', render: (_, e) => auditTarget(e) },
          { title: 'IP', dataIndex: 'ip', width: 130, render: (v: string | null) => v ?? '—' },
        ]}
      />
    </Card>
  );
}
