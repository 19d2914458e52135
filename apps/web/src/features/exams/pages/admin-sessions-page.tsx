import { App, Button, Card, DatePicker, Form, Input, InputNumber, Modal, Select, Space, Switch, Table } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import type { AdminSession } from '@app/contracts';
import { isApiError } from '@/shared/lib/api-client';
import { examKeys, examsApi } from '../api/exams-api';
import { dateTime } from '../lib/exam-format';
import './exams.css';

interface SessionForm {
  type_id: number;
  paper_id: number;
  title: string;
  register: [Dayjs, Dayjs];
  exam: [Dayjs, Dayjs];
  max_attempts: number;
  retake_after_pass: boolean;
  capacity: number | null;
}

function SessionModal({ onClose }: { onClose: () => void }) {
  const [form] = Form.useForm<SessionForm>();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const types = useQuery({ queryKey: examKeys.types, queryFn: examsApi.types });
  const papers = useQuery({ queryKey: examKeys.papers, queryFn: examsApi.papers });
  const typeId = Form.useWatch('type_id', form);
  const [saving, setSaving] = useState(false);
  const save = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setSaving(true);
    try {
      await examsApi.createSession({
        type_id: v.type_id,
        paper_id: v.paper_id,
        title: v.title,
        register_start: v.register[0].toISOString(),
        register_end: v.register[1].toISOString(),
        exam_start: v.exam[0].toISOString(),
        exam_end: v.exam[1].toISOString(),
        max_attempts: v.max_attempts,
        retake_after_pass: v.retake_after_pass,
        capacity: v.capacity ?? null,
      });
      message.success('考试场次已保存');
      await queryClient.invalidateQueries({ queryKey: examKeys.all });
      onClose();
    } catch (err) {
      if (isApiError(err)) message.error(Object.values(err.fieldErrors)[0] ?? err.message);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal open title="新建考试场次" onCancel={onClose} onOk={save} confirmLoading={saving} okText="保存" cancelText="取消" width={640}>
      <Form<SessionForm> form={form} layout="vertical" initialValues={{ max_attempts: 1, retake_after_pass: false }}>
        <Space wrap>
          <Form.Item name="type_id" label="考试项目" rules={[{ required: true, message: '请选择考试项目' }]}>
            <Select style={{ width: 200 }} options={(types.data ?? []).map((t) => ({ value: t.id, label: t.name }))} onChange={() => form.setFieldValue('paper_id', undefined)} />
          </Form.Item>
          <Form.Item name="paper_id" label="试卷" rules={[{ required: true, message: '请选择试卷' }]}>
            <Select
              style={{ width: 260 }}
              options={(papers.data ?? []).filter((p) => p.type_id === typeId).map((p) => ({ value: p.id, label: `${p.title}（${p.duration_minutes}分钟）` }))}
            />
          </Form.Item>
        </Space>
        <Form.Item name="title" label="场次名称" rules={[{ required: true, whitespace: true, message: '请输入场次名称' }]}>
          <Input maxLength={60} placeholder="如：2026年度第一期" />
        </Form.Item>
        <Form.Item name="register" label="报名时间" rules={[{ required: true, message: '请选择报名时间' }]}>
          <DatePicker.RangePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" />
        </Form.Item>
        <Form.Item name="exam" label="考试时间" rules={[{ required: true, message: '请选择考试时间' }]}>
          <DatePicker.RangePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" />
        </Form.Item>
        <Space wrap>
          <Form.Item name="max_attempts" label="每人作答次数">
            <InputNumber min={1} max={5} precision={0} />
          </Form.Item>
          <Form.Item name="capacity" label="人数上限（不限留空）">
            <InputNumber min={1} max={100000} precision={0} />
          </Form.Item>
          <Form.Item
            name="retake_after_pass"
            label="合格后允许再次作答"
            valuePropName="checked"
            tooltip="关闭时，考生一旦合格即不能再次作答；开启后可用完剩余作答次数（证书按首次合格颁发）"
          >
            <Switch checkedChildren="允许" unCheckedChildren="不允许" />
          </Form.Item>
        </Space>
      </Form>
    </Modal>
  );
}

/** /admin/exam-sessions: sessions of every exam type (windows, paper, attempts, seats) and a new session. */
export default function AdminSessionsPage() {
  const sessions = useQuery({ queryKey: examKeys.sessions, queryFn: examsApi.sessions });
  const [creating, setCreating] = useState(false);
  return (
    <Card title="考试场次" className="exam-card" extra={<Button type="primary" onClick={() => setCreating(true)}>新建场次</Button>}>
      <Table<AdminSession>
        rowKey="id"
        loading={sessions.isPending}
        dataSource={sessions.data ?? []}
        scroll={{ x: 1000 }}
        columns={[
          { title: '考试项目', dataIndex: 'type_name' },
          { title: '场次', dataIndex: 'title' },
          { title: '报名时间', render: (_, s) => `${dateTime(s.register_start)} 至 ${dateTime(s.register_end)}` },
          { title: '考试时间', render: (_, s) => `${dateTime(s.exam_start)} 至 ${dateTime(s.exam_end)}` },
          { title: '试卷', dataIndex: 'paper_title' },
          { title: '作答次数', dataIndex: 'max_attempts' },
          { title: '合格后再考', render: (_, s) => (s.retake_after_pass ? '允许' : '不允许') },
          { title: '已报名', render: (_, s) => `${s.registered_count}${s.capacity ? ` / ${s.capacity}` : ''}` },
        ]}
      />
      {creating && <SessionModal onClose={() => setCreating(false)} />}
    </Card>
  );
}
