import { App, Button, Card, DatePicker, Form, Modal, Radio, Select, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { TRAINING_REMINDER_DAYS, trainingMessages as m } from '@app/contracts/training/training.rules';
import type { Assignment, CreateAssignmentBody } from '@app/contracts/training/training.schemas';
import { creditText } from '@app/contracts/credits/credits.rules';
import { isApiError } from '@/shared/lib/api-client';
import { chinaDate } from '@/shared/lib/china-time';
import { useAssign, useAssignable, useAssignments, useCancelAssignment, useTrainingOverview } from '../api/company';
import { EmployeePicker } from '../components/company-employee-picker';
import { VerifyNotice } from '../components/company-standing';
import { cardColumns } from '@/shared/lib/card-columns';
import { deadlineDisabled } from '../lib/company-deadline';
import '../components/company.css';

const PER = 10;
const errorText = (err: unknown, fallback: string) => (isApiError(err) && err.message ? err.message : fallback);

interface AssignValues {
  kind: 'course' | 'plan';
  target?: number;
  audience: 'everyone' | 'some';
  employment_ids?: number[];
  deadline?: Dayjs | null;
}

/** The form's values as the body of POST assignments. */
export function assignmentBody(v: AssignValues): CreateAssignmentBody {
  return {
    ...(v.kind === 'course' ? { course_id: v.target } : { plan_id: v.target }),
    everyone: v.audience === 'everyone',
    employment_ids: v.audience === 'everyone' ? [] : (v.employment_ids ?? []),
    deadline: v.deadline ? v.deadline.format('YYYY-MM-DD') : '',
  };
}

/** Server field names to the form's. */
const FIELD_OF: Record<string, keyof AssignValues> = {
  course_id: 'target',
  plan_id: 'target',
  employment_ids: 'employment_ids',
  deadline: 'deadline',
};

/** 指派课程: a course or a staff-made plan, to everyone or to the employees chosen, due on a day from today on. */
function AssignDialog({ onClose }: { onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<AssignValues>();
  const kind = Form.useWatch('kind', form) ?? 'course';
  const audience = Form.useWatch('audience', form) ?? 'everyone';
  const assignable = useAssignable();
  const assign = useAssign();
  const today = chinaDate(new Date());

  const options =
    kind === 'course'
      ? (assignable.data?.courses ?? []).map((c) => ({
          value: c.id,
          label: c.credits ? `${c.title}（${creditText(c.credits)}学分）` : c.title,
        }))
      : (assignable.data?.plans ?? []).map((p) => ({ value: p.id, label: `${p.name}（${p.course_titles.length}门课程）` }));

  const submit = async (v: AssignValues) => {
    try {
      const res = await assign.mutateAsync(assignmentBody(v));
      void message.success(res.message);
      onClose();
    } catch (err) {
      const fields = isApiError(err) ? Object.entries(err.fieldErrors).filter(([k]) => FIELD_OF[k]) : [];
      if (fields.length) form.setFields(fields.map(([k, text]) => ({ name: FIELD_OF[k]!, errors: [text] })));
      else void message.error(errorText(err, '指派失败，请稍后重试'));
    }
  };

  return (
    <Modal
      open
      title="指派课程"
      okText="指派"
      cancelText="取消"
      confirmLoading={assign.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<AssignValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ kind: 'course', audience: 'everyone', employment_ids: [] }}
        onFinish={(v) => void submit(v)}
      >
        <Form.Item name="kind" label="指派内容">
          <Radio.Group
            options={[
              { value: 'course', label: '课程' },
              { value: 'plan', label: '学习计划' },
            ]}
            onChange={() => form.setFieldValue('target', undefined)}
          />
        </Form.Item>
        <Form.Item name="target" label={kind === 'course' ? '选择课程' : '选择学习计划'} rules={[{ required: true, message: m.courseRequired }]}>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={kind === 'course' ? '输入课程名称搜索' : '输入计划名称搜索'}
            loading={assignable.isPending}
            options={options}
            notFoundContent={assignable.isError ? '加载失败，请稍后重试' : kind === 'course' ? '没有可指派的课程' : '平台暂未提供学习计划'}
          />
        </Form.Item>
        <Form.Item name="audience" label="指派对象">
          <Radio.Group
            options={[
              { value: 'everyone', label: '全体员工' },
              { value: 'some', label: '指定员工' },
            ]}
          />
        </Form.Item>
        {audience === 'some' && (
          <Form.Item
            name="employment_ids"
            label="选择员工"
            rules={[{ validator: async (_r, v: number[] | undefined) => { if (!v?.length) throw new Error(m.employeesRequired); } }]}
          >
            <EmployeePicker label="选择员工" />
          </Form.Item>
        )}
        <Form.Item name="deadline" label="截止日期" rules={[{ required: true, message: m.deadlineRequired }]} extra={`截止前${TRAINING_REMINDER_DAYS.join('天和')}天会提醒员工`}>
          <DatePicker
            style={{ width: '100%' }}
            placeholder="选择截止日期"
            inputReadOnly
            disabledDate={(d) => deadlineDisabled(d.format('YYYY-MM-DD'), today)}
            defaultPickerValue={dayjs(today).add(1, 'month')}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** /center/training/assignments (课程指派): what the company assigned, how far its employees are, 撤销, 指派课程. */
export default function CompanyAssignmentsPage() {
  const { message, modal } = App.useApp();
  const overview = useTrainingOverview();
  const assignments = useAssignments();
  const cancel = useCancelAssignment();
  const [open, setOpen] = useState(false);
  const unverified = overview.data?.verified === false;

  const confirmCancel = (a: Assignment) =>
    modal.confirm({
      title: `撤销指派「${a.course_title}」？`,
      content: '撤销后员工的个人中心不再显示这项单位指派，已有的学习记录保留。',
      okText: '撤销',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: async () => {
        try {
          const res = await cancel.mutateAsync(a.id);
          void message.success(res.message);
        } catch (err) {
          void message.error(errorText(err, '撤销失败，请稍后重试'));
        }
      },
    });

  const columns: ColumnsType<Assignment> = cardColumns<Assignment>([
    { title: '课程', dataIndex: 'course_title', render: (v: string) => <strong>{v}</strong> },
    { title: '来自学习计划', dataIndex: 'plan_name', width: 140, render: (v: string | null) => v ?? '—' },
    { title: '对象', dataIndex: 'everyone', width: 100, render: (v: boolean) => (v ? '全体员工' : '指定员工') },
    { title: '截止日期', dataIndex: 'deadline', width: 110 },
    {
      title: '完成',
      key: 'done',
      width: 90,
      render: (_, a) => (
        <span aria-label={`已完成${a.counts.done}人，共${a.counts.total}人`}>
          {a.counts.done} / {a.counts.total}
        </span>
      ),
    },
    {
      title: '逾期',
      key: 'overdue',
      width: 80,
      render: (_, a) => (a.counts.overdue > 0 ? <Tag color="error">{a.counts.overdue}人</Tag> : <span className="tr-muted">0</span>),
    },
    {
      title: '操作',
      key: 'actions',
      width: 80,
      render: (_, a) => (
        <Button type="link" size="small" danger onClick={() => confirmCancel(a)} aria-label={`撤销指派${a.course_title}`}>
          撤销
        </Button>
      ),
    },
  ]);

  return (
    <Card
      className="tr-page"
      variant="borderless"
      title="课程指派"
      extra={
        <Button type="primary" disabled={unverified} onClick={() => setOpen(true)}>
          指派课程
        </Button>
      }
    >
      <VerifyNotice />
      <Table<Assignment>
        className="tr-card-table"
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={assignments.data ?? []}
        loading={assignments.isFetching}
        locale={{ emptyText: assignments.isError ? '指派记录加载失败，请稍后重试' : '还没有指派课程，点击右上角「指派课程」开始' }}
        pagination={(assignments.data?.length ?? 0) > PER ? { pageSize: PER, showSizeChanger: false, showTotal: (t) => `共 ${t} 项` } : false}
      />
      {open && <AssignDialog onClose={() => setOpen(false)} />}
    </Card>
  );
}
