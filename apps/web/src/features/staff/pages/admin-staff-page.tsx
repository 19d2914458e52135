import { App, Button, Card, Checkbox, Form, Input, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { PHONE_REGEX, ruleMessages } from '@app/contracts/common/rule-patterns';
import {
  PERMISSION_LABELS,
  ROLE_PERMISSIONS,
  STAFF_ROLE_LABELS,
  STAFF_ROLES,
  staffMessages,
  type StaffRole,
} from '@app/contracts/staff/staff.rules';
import type { StaffMember } from '@app/contracts/staff/staff.schemas';
import { useSessionStore } from '@/shared/lib/session/session-store';
import { useSetStaffRoles, useStaffMembers } from '../api/use-staff';
import './staff.css';

interface RolesForm {
  phone: string;
  roles: StaffRole[];
}

const roleOptions = STAFF_ROLES.map((r) => ({
  value: r,
  label: (
    <span>
      <strong>{STAFF_ROLE_LABELS[r]}</strong>
      <Typography.Text type="secondary" className="staff-roles__hint">
        {r === 'admin'
          ? '全部权限，包括分配角色与查看操作日志'
          : ROLE_PERMISSIONS[r].map((p) => PERMISSION_LABELS[p]).join('、')}
      </Typography.Text>
    </span>
  ),
}));

/** /admin/staff: who holds which staff roles; 管理员 gives or takes roles by phone number. */
export default function AdminStaffPage() {
  const staff = useStaffMembers();
  const setRoles = useSetStaffRoles();
  const [form] = Form.useForm<RolesForm>();
  const [editing, setEditing] = useState<string | null>(null);
  const { message } = App.useApp();
  const me = useSessionStore((s) => s.user);
  const loadCurrentUser = useSessionStore((s) => s.loadCurrentUser);

  const edit = (m: StaffMember) => {
    setEditing(m.phone);
    form.setFieldsValue({ phone: m.phone, roles: m.roles });
  };

  const save = (v: RolesForm) =>
    setRoles.mutate(
      { phone: v.phone.trim(), roles: v.roles },
      {
        onSuccess: () => {
          message.success(staffMessages.rolesSaved);
          form.resetFields();
          setEditing(null);
          // One's own roles changed: the menu follows at once.
          if (me && me.phone === v.phone.trim()) void loadCurrentUser();
        },
      },
    );

  return (
    <Space direction="vertical" size="large" className="staff-roles">
      <Card title={editing ? `修改角色（${editing}）` : '分配角色'}>
        <Form<RolesForm> form={form} layout="vertical" onFinish={save} initialValues={{ roles: [] }}>
          <Form.Item
            name="phone"
            label="手机号"
            rules={[
              { required: true, message: ruleMessages.phoneRequired },
              { pattern: PHONE_REGEX, message: ruleMessages.phoneInvalid },
            ]}
          >
            <Input maxLength={11} placeholder="已注册账号的手机号" disabled={editing !== null} />
          </Form.Item>
          <Form.Item
            name="roles"
            label="角色"
            extra="一个账号可同时担任多个角色；不选任何角色即取消其工作人员身份。"
          >
            <Checkbox.Group options={roleOptions} className="staff-roles__options" />
          </Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" loading={setRoles.isPending}>
              保存角色
            </Button>
            {editing && (
              <Button
                onClick={() => {
                  form.resetFields();
                  setEditing(null);
                }}
              >
                取消修改
              </Button>
            )}
          </Space>
        </Form>
      </Card>
      <Card title="工作人员">
        <Table<StaffMember>
          rowKey="user_id"
          loading={staff.isPending}
          dataSource={staff.data ?? []}
          pagination={false}
          columns={[
            { title: '手机号', dataIndex: 'phone', width: 140 },
            { title: '昵称', dataIndex: 'nickname', render: (v: string | null) => v ?? '—' },
            {
              title: '角色',
              render: (_, m) => (
                <Space size={[4, 4]} wrap>
                  {m.roles.map((r) => (
                    <Tag key={r} color={r === 'admin' ? 'red' : 'blue'}>
                      {STAFF_ROLE_LABELS[r]}
                    </Tag>
                  ))}
                </Space>
              ),
            },
            {
              title: '操作',
              width: 100,
              render: (_, m) => (
                <Button type="link" size="small" onClick={() => edit(m)} aria-label={`修改${m.phone}的角色`}>
                  修改
                </Button>
              ),
            },
          ]}
        />
      </Card>
    </Space>
  );
}
