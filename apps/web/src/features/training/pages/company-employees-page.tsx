import { App, Button, Card, Form, Input, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { phoneError } from '@app/contracts/common/rule-patterns';
import { TRAINING_INVITE_DAYS, type EmploymentState } from '@app/contracts/training/training.rules';
import type { EmployeeRow, Invitation } from '@app/contracts/training/training.schemas';
import { isApiError } from '@/shared/lib/api-client';
import { chinaDate, chinaDateTime } from '@/shared/lib/china-time';
import { useCancelInvitation, useEmployees, useInvitations, useInvite, useRemoveEmployee, useTrainingOverview } from '../api/company';
import { SeatCell, VerifyNotice } from '../components/company-standing';
import { cardColumns } from '@/shared/lib/card-columns';
import '../components/company.css';

const PER = 10;

export const STATE_COLORS: Record<EmploymentState, string> = {
  invited: 'processing',
  active: 'success',
  declined: 'default',
  expired: 'default',
  cancelled: 'default',
  left: 'default',
  removed: 'default',
};

const errorText = (err: unknown, fallback: string) => (isApiError(err) && err.message ? err.message : fallback);

/** Invite by phone: the person must already have a personal account; the server's refusal lands on the field. */
export function InviteForm({ disabled }: { disabled: boolean }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ phone: string }>();
  const invite = useInvite();

  const submit = async ({ phone }: { phone: string }) => {
    try {
      const res = await invite.mutateAsync(phone.trim());
      void message.success(res.message);
      form.resetFields();
    } catch (err) {
      // Field errors, or a refusal about this very number (not registered, a company, already invited...).
      const text = (isApiError(err) && err.fieldErrors.phone) || errorText(err, '邀请失败，请稍后重试');
      form.setFields([{ name: 'phone', errors: [text] }]);
    }
  };

  return (
    <Form form={form} className="tr-invite" layout="inline" disabled={disabled} onFinish={(v) => void submit(v)} requiredMark={false}>
      <Form.Item
        name="phone"
        label="员工手机号"
        rules={[
          {
            validator: async (_rule, value: string | undefined) => {
              const problem = phoneError(value ?? '');
              if (problem) throw new Error(problem);
            },
          },
        ]}
      >
        <Input className="tr-invite__phone" inputMode="tel" autoComplete="off" maxLength={11} placeholder="请输入员工的手机号" />
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit" loading={invite.isPending}>
          发送邀请
        </Button>
      </Form.Item>
    </Form>
  );
}

/**
 * /center/training/employees (员工管理): invite employees by phone, follow the invitations (撤回 while pending), and
 * the employees who accepted, each removable (their seat comes back to the company).
 */
export default function CompanyEmployeesPage() {
  const { message, modal } = App.useApp();
  const [page, setPage] = useState(1);
  const overview = useTrainingOverview();
  const invitations = useInvitations();
  const employees = useEmployees({ page, per: PER });
  const cancel = useCancelInvitation();
  const remove = useRemoveEmployee();
  const unverified = overview.data?.verified === false;

  const confirmRemove = (e: EmployeeRow) =>
    modal.confirm({
      title: `移除员工${e.name}？`,
      content: '移除后其学员卡将收回，对方不再是本单位员工。',
      okText: '移除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: async () => {
        try {
          const res = await remove.mutateAsync(e.id);
          void message.success(res.message);
        } catch (err) {
          void message.error(errorText(err, '移除失败，请稍后重试'));
        }
      },
    });

  const cancelInvitation = async (i: Invitation) => {
    try {
      const res = await cancel.mutateAsync(i.id);
      void message.success(res.message);
    } catch (err) {
      void message.error(errorText(err, '撤回失败，请稍后重试'));
    }
  };

  const invitationColumns: ColumnsType<Invitation> = cardColumns<Invitation>([
    { title: '手机号', dataIndex: 'phone', width: 130 },
    { title: '姓名', dataIndex: 'name', render: (v: string) => v || '—' },
    { title: '状态', key: 'state', width: 90, render: (_, i) => <Tag color={STATE_COLORS[i.state]}>{i.state_label}</Tag> },
    { title: '邀请时间', dataIndex: 'invited_at', width: 150, render: (v: string) => chinaDateTime(v) },
    {
      title: '处理情况',
      key: 'answer',
      width: 170,
      render: (_, i) =>
        i.state === 'invited' ? `${chinaDate(i.expires_at)} 前有效` : i.responded_at ? `${chinaDateTime(i.responded_at)}` : '—',
    },
    {
      title: '操作',
      key: 'actions',
      width: 80,
      render: (_, i) =>
        i.state === 'invited' ? (
          <Button type="link" size="small" danger onClick={() => void cancelInvitation(i)} aria-label={`撤回对${i.phone}的邀请`}>
            撤回
          </Button>
        ) : null,
    },
  ]);

  const employeeColumns: ColumnsType<EmployeeRow> = cardColumns<EmployeeRow>([
    { title: '姓名', dataIndex: 'name', render: (v: string) => <strong>{v || '未填写姓名'}</strong> },
    { title: '手机号', dataIndex: 'phone', width: 130 },
    { title: '加入时间', dataIndex: 'joined_at', width: 120, render: (v: string) => chinaDate(v) },
    { title: '学员卡', key: 'seat', width: 170, render: (_, e) => <SeatCell seat={e.seat} /> },
    {
      title: '操作',
      key: 'actions',
      width: 80,
      render: (_, e) => (
        <Button type="link" size="small" danger onClick={() => confirmRemove(e)} aria-label={`移除${e.name}`}>
          移除
        </Button>
      ),
    },
  ]);

  return (
    <Card className="tr-page" variant="borderless" title="员工管理">
      <VerifyNotice />
      <h3 className="tr-section">邀请员工</h3>
      <InviteForm disabled={unverified} />
      <p className="tr-note">
        员工须先注册平台个人账号。对方会收到站内消息和短信，{TRAINING_INVITE_DAYS}天内在个人中心接受后即成为本单位员工；一人同一时间只能属于一个单位。
      </p>

      <h3 className="tr-section">邀请记录</h3>
      <Table<Invitation>
        className="tr-card-table"
        rowKey="id"
        size="middle"
        columns={invitationColumns}
        dataSource={invitations.data ?? []}
        loading={invitations.isFetching}
        locale={{ emptyText: invitations.isError ? '邀请记录加载失败，请稍后重试' : '暂无邀请记录' }}
        pagination={(invitations.data?.length ?? 0) > PER ? { pageSize: PER, showSizeChanger: false } : false}
      />

      <h3 className="tr-section">本单位员工</h3>
      <Table<EmployeeRow>
        className="tr-card-table"
        rowKey="id"
        size="middle"
        columns={employeeColumns}
        dataSource={employees.data?.list ?? []}
        loading={employees.isFetching}
        locale={{ emptyText: employees.isError ? '员工列表加载失败，请稍后重试' : '还没有员工接受邀请' }}
        pagination={
          employees.data && employees.data.total > PER
            ? { current: page, pageSize: PER, total: employees.data.total, showSizeChanger: false, showTotal: (t) => `共 ${t} 人`, onChange: setPage }
            : false
        }
      />
    </Card>
  );
}
