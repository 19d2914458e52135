import {
  App,
  Button,
  Card,
  Descriptions,
  Drawer,
  Form,
  Input,
  InputNumber,
  Modal,
  Select,
  Space,
  Table,
  Tag,
} from 'antd';
import { useState } from 'react';
import {
  GRANT_MEMBERSHIP_MAX_DAYS,
  STAFF_REASON_MAX_LENGTH,
  STAFF_ROLE_LABELS,
  staffMessages,
} from '@app/contracts/staff/staff.rules';
import type { AdminUser, AdminUserDetail, AdminUsersQuery } from '@app/contracts/staff/staff.schemas';
import {
  useAdminUser,
  useAdminUsers,
  useGrantMembership,
  useResetPassword,
  useSetUserDisabled,
} from '../api/use-staff';
import { chinaDate, chinaDateTime } from '@/shared/lib/china-time';
import { formatLearnDuration } from '@/shared/lib/learn-duration';
import './staff.css';

const PER = 20;
const KIND_LABELS = { personal: '个人', company: '企业' } as const;
const day = (iso: string | null) => chinaDate(iso, '—');

interface Filters {
  keyword?: string;
  member?: 'member' | 'non_member';
  role?: 'personal' | 'company';
}

/** /admin/users: search accounts, open one, disable or enable it, grant membership by hand (permission 用户管理). */
export default function AdminUsersPage() {
  const [query, setQuery] = useState<AdminUsersQuery>({ page: 1, per: PER });
  const [openId, setOpenId] = useState<number | null>(null);
  const users = useAdminUsers(query);

  return (
    <Card title="用户管理">
      <Form<Filters>
        layout="inline"
        onFinish={(f) =>
          setQuery({
            page: 1,
            per: PER,
            ...(f.keyword?.trim() ? { keyword: f.keyword.trim() } : {}),
            ...(f.member ? { member: f.member } : {}),
            ...(f.role ? { role: f.role } : {}),
          })
        }
      >
        <Form.Item name="keyword" label="关键词">
          <Input allowClear maxLength={60} placeholder="手机号、昵称或企业名称" />
        </Form.Item>
        <Form.Item name="member" label="会员状态">
          <Select
            allowClear
            style={{ width: 120 }}
            placeholder="全部"
            options={[
              { value: 'member', label: '会员' },
              { value: 'non_member', label: '非会员' },
            ]}
          />
        </Form.Item>
        <Form.Item name="role" label="账号类型">
          <Select
            allowClear
            style={{ width: 120 }}
            placeholder="全部"
            options={[
              { value: 'personal', label: '个人' },
              { value: 'company', label: '企业' },
            ]}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          搜索
        </Button>
      </Form>
      <Table<AdminUser>
        rowKey="id"
        style={{ marginTop: 16 }}
        loading={users.isPending}
        dataSource={users.data?.list ?? []}
        pagination={{
          current: query.page,
          pageSize: PER,
          total: users.data?.total ?? 0,
          showSizeChanger: false,
          onChange: (page) => setQuery((q) => ({ ...q, page })),
        }}
        columns={[
          { title: '手机号', dataIndex: 'phone', width: 130 },
          { title: '昵称', dataIndex: 'nickname', render: (v: string | null) => v ?? '—' },
          { title: '类型', dataIndex: 'role', width: 70, render: (v: AdminUser['role']) => KIND_LABELS[v] },
          { title: '企业名称', dataIndex: 'company_name', render: (v: string | null) => v ?? '—' },
          {
            title: '会员',
            width: 130,
            render: (_, u) => (u.is_member ? <Tag color="gold">会员至{day(u.member_end_at)}</Tag> : '非会员'),
          },
          {
            title: '状态',
            width: 80,
            render: (_, u) => (u.disabled ? <Tag color="red">已禁用</Tag> : <Tag color="green">正常</Tag>),
          },
          { title: '注册时间', dataIndex: 'created_at', width: 110, render: day },
          {
            title: '操作',
            width: 80,
            render: (_, u) => (
              <Button type="link" size="small" onClick={() => setOpenId(u.id)} aria-label={`查看${u.phone}`}>
                查看
              </Button>
            ),
          },
        ]}
      />
      <UserDrawer id={openId} onClose={() => setOpenId(null)} />
    </Card>
  );
}

function UserDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const user = useAdminUser(id);
  const u = user.data;
  return (
    <Drawer
      title={u ? `用户 ${u.phone}` : '用户'}
      open={id !== null}
      onClose={onClose}
      width={560}
      destroyOnHidden
    >
      {u && (
        <Space direction="vertical" size="large" style={{ width: '100%' }}>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label="手机号">{u.phone}</Descriptions.Item>
            <Descriptions.Item label="昵称">{u.nickname ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="真实姓名">{u.real_name ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="账号类型">{KIND_LABELS[u.role]}</Descriptions.Item>
            {u.company_name && <Descriptions.Item label="企业名称">{u.company_name}</Descriptions.Item>}
            <Descriptions.Item label="会员">
              {u.is_member ? `会员，有效期至${day(u.member_end_at)}` : '非会员'}
            </Descriptions.Item>
            <Descriptions.Item label="学习时长">
              {formatLearnDuration(u.total_learn_time)}
            </Descriptions.Item>
            <Descriptions.Item label="完成课程">{u.finish_course_num}门</Descriptions.Item>
            <Descriptions.Item label="星级">{u.star_id > 0 ? `${u.star_id}星` : '暂无'}</Descriptions.Item>
            <Descriptions.Item label="工作人员角色">
              {u.staff_roles.length ? u.staff_roles.map((r) => STAFF_ROLE_LABELS[r]).join('、') : '—'}
            </Descriptions.Item>
            <Descriptions.Item label="登录状态">
              {u.active_sessions > 0 ? '已登录' : '未登录'}
            </Descriptions.Item>
            <Descriptions.Item label="账号状态">
              {u.disabled ? <Tag color="red">已禁用</Tag> : <Tag color="green">正常</Tag>}
            </Descriptions.Item>
            <Descriptions.Item label="注册时间">
              {chinaDateTime(u.created_at)}
            </Descriptions.Item>
          </Descriptions>
          <Space>
            <DisableButton user={u} />
            <ResetPasswordButton user={u} />
            <GrantMembershipButton user={u} />
          </Space>
        </Space>
      )}
    </Drawer>
  );
}

function DisableButton({ user }: { user: AdminUserDetail }) {
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ reason: string }>();
  const mutation = useSetUserDisabled(user.id);
  const { message } = App.useApp();
  const disabling = !user.disabled;
  const label = disabling ? '禁用账号' : '启用账号';
  return (
    <>
      <Button danger={disabling} onClick={() => setOpen(true)}>
        {label}
      </Button>
      <Modal
        title={`${label}（${user.phone}）`}
        open={open}
        okText={`确认${label}`}
        cancelText="取消"
        okButtonProps={{ danger: disabling, loading: mutation.isPending }}
        destroyOnHidden
        onCancel={() => setOpen(false)}
        onOk={() =>
          form
            .validateFields()
            .then(({ reason }) =>
              mutation.mutate(
                { disabled: disabling, reason: reason.trim() },
                {
                  onSuccess: () => {
                    message.success(disabling ? staffMessages.userDisabled : staffMessages.userEnabled);
                    setOpen(false);
                  },
                },
              ),
            )
            .catch(() => undefined)
        }
      >
        {disabling && <p>禁用后该用户立即退出登录，且无法再登录，直到重新启用。</p>}
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item
            name="reason"
            label="原因"
            rules={[
              { required: true, whitespace: true, message: staffMessages.reasonRequired },
              { max: STAFF_REASON_MAX_LENGTH, message: staffMessages.reasonTooLong },
            ]}
          >
            <Input.TextArea rows={3} maxLength={STAFF_REASON_MAX_LENGTH} showCount />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

function ResetPasswordButton({ user }: { user: AdminUserDetail }) {
  const reset = useResetPassword(user.id);
  const { message, modal } = App.useApp();
  return (
    <Button
      loading={reset.isPending}
      onClick={() =>
        modal.confirm({
          title: `重置密码（${user.phone}）`,
          content:
            '原密码将立即失效，该用户的登录将结束；系统会向其手机发送找回密码验证码，用户凭验证码设置新密码。',
          okText: '确认重置',
          cancelText: '取消',
          onOk: () =>
            reset.mutate(undefined, {
              onSuccess: () => {
                message.success(staffMessages.passwordResetSent);
              },
            }),
        })
      }
    >
      重置密码
    </Button>
  );
}

function GrantMembershipButton({ user }: { user: AdminUserDetail }) {
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ days: number; reason: string }>();
  const mutation = useGrantMembership(user.id);
  const { message } = App.useApp();
  return (
    <>
      <Button type="primary" onClick={() => setOpen(true)}>
        开通会员
      </Button>
      <Modal
        title={`开通会员（${user.phone}）`}
        open={open}
        okText="确认开通"
        cancelText="取消"
        okButtonProps={{ loading: mutation.isPending }}
        destroyOnHidden
        onCancel={() => setOpen(false)}
        onOk={() =>
          form
            .validateFields()
            .then(({ days, reason }) =>
              mutation.mutate(
                { days, reason: reason.trim() },
                {
                  onSuccess: () => {
                    message.success(staffMessages.membershipGranted);
                    setOpen(false);
                  },
                },
              ),
            )
            .catch(() => undefined)
        }
      >
        <Form form={form} layout="vertical" preserve={false} initialValues={{ days: 365 }}>
          <Form.Item
            name="days"
            label="天数"
            extra="从当前会员到期日（或今天）起延长"
            rules={[
              { required: true, message: staffMessages.daysInvalid },
              { type: 'integer', min: 1, max: GRANT_MEMBERSHIP_MAX_DAYS, message: staffMessages.daysInvalid },
            ]}
          >
            <InputNumber min={1} max={GRANT_MEMBERSHIP_MAX_DAYS} precision={0} style={{ width: 160 }} />
          </Form.Item>
          <Form.Item
            name="reason"
            label="原因"
            rules={[
              { required: true, whitespace: true, message: staffMessages.reasonRequired },
              { max: STAFF_REASON_MAX_LENGTH, message: staffMessages.reasonTooLong },
            ]}
          >
            <Input.TextArea
              rows={3}
              maxLength={STAFF_REASON_MAX_LENGTH}
              showCount
              placeholder="如：合作企业员工批量开通"
            />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
