import { App, Button, Card, Form, Input, InputNumber, Modal, Select, Space, Table } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  FEE_MODE_LABELS,
  FEE_MODES,
  NOTICE_MAX,
  SYLLABUS_MAX,
  TYPE_NAME_MAX,
  TYPE_NAME_PATTERN,
  examsMessages as m,
  type AdminExamType,
  type FeeMode,
} from '@app/contracts';
import { CREDIT_CATEGORIES, CREDIT_CATEGORY_LABELS, CREDIT_SCALE, type CreditCategory } from '@app/contracts/credits/credits.rules';
import { isApiError } from '@/shared/lib/api-client';
import { examKeys, examsApi } from '../api/exams-api';
import { dateTime, feeText } from '../lib/exam-format';
import './exams.css';

interface TypeForm {
  type_name: string;
  name: string;
  level: string;
  summary: string;
  notice: string;
  /** One syllabus item per line. */
  syllabus: string;
  fee_mode: FeeMode;
  /** Yuan, as staff think of it; sent in fen. */
  fee_yuan: number | null;
  full_score: number;
  pass_score: number;
  validity_months: number;
  min_star: number;
  min_finished_courses: number;
  /** 继续教育学分 a pass grants: the category ('none': none) and whole credits with one decimal. */
  credit_category: CreditCategory | 'none';
  credits_whole: number | null;
  sort: number;
}

const toForm = (t: AdminExamType): TypeForm => ({
  type_name: t.type_name,
  name: t.name,
  level: t.level,
  summary: t.summary,
  notice: t.notice,
  syllabus: t.syllabus.join('\n'),
  fee_mode: t.fee_mode,
  fee_yuan: t.fee / 100,
  full_score: t.full_score,
  pass_score: t.pass_score,
  validity_months: t.validity_months,
  min_star: t.min_star,
  min_finished_courses: t.min_finished_courses,
  credit_category: t.credit_category ?? 'none',
  credits_whole: t.credits === null ? null : t.credits / CREDIT_SCALE,
  sort: t.sort,
});

const NEW_TYPE: Partial<TypeForm> = {
  fee_mode: 'free',
  fee_yuan: 0,
  full_score: 100,
  pass_score: 60,
  validity_months: 36,
  min_star: 0,
  min_finished_courses: 0,
  credit_category: 'none',
  credits_whole: null,
  sort: 0,
};

function TypeModal({ editing, onClose }: { editing: AdminExamType | null; onClose: () => void }) {
  const [form] = Form.useForm<TypeForm>();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const feeMode = Form.useWatch('fee_mode', form);
  const [saving, setSaving] = useState(false);

  const save = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    const body = {
      type_name: v.type_name.trim(),
      name: v.name,
      level: v.level,
      summary: v.summary,
      notice: v.notice,
      syllabus: v.syllabus
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean),
      fee_mode: v.fee_mode,
      fee: v.fee_mode === 'free' ? 0 : Math.round((v.fee_yuan ?? 0) * 100),
      full_score: v.full_score,
      pass_score: v.pass_score,
      validity_months: v.validity_months,
      min_star: v.min_star,
      min_finished_courses: v.min_finished_courses,
      credit_category: v.credit_category === 'none' ? null : v.credit_category,
      credits: v.credit_category === 'none' || v.credits_whole === null ? null : Math.round(v.credits_whole * CREDIT_SCALE),
      sort: v.sort,
    };
    setSaving(true);
    try {
      if (editing) await examsApi.updateType(editing.id, body);
      else await examsApi.createType(body);
      message.success(m.saveTypeOk);
      await queryClient.invalidateQueries({ queryKey: examKeys.all });
      onClose();
    } catch (err) {
      if (!isApiError(err)) throw err;
      const fields = Object.entries(err.fieldErrors);
      if (fields.length > 0) {
        form.setFields(
          fields.map(([name, error]) => ({ name: (name === 'fee' ? 'fee_yuan' : name) as keyof TypeForm, errors: [error] })),
        );
      }
      message.error(fields[0]?.[1] ?? err.message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={editing ? `编辑考试项目：${editing.name}` : '新建考试项目'}
      onCancel={onClose}
      onOk={save}
      confirmLoading={saving}
      okText="保存"
      cancelText="取消"
      width={760}
    >
      <Form<TypeForm> form={form} layout="vertical" initialValues={editing ? toForm(editing) : NEW_TYPE}>
        <Space wrap align="start">
          <Form.Item
            name="name"
            label="考试项目名称"
            rules={[{ required: true, whitespace: true, message: m.typeTitleRequired }, { max: 40, message: m.typeTitleTooLong }]}
          >
            <Input style={{ width: 260 }} placeholder="如：管理会计师（初级）" />
          </Form.Item>
          <Form.Item name="level" label="级别" rules={[{ required: true, whitespace: true, message: m.levelRequired }]}>
            <Input style={{ width: 120 }} maxLength={20} placeholder="如：初级" />
          </Form.Item>
          <Form.Item
            name="type_name"
            label="URL标识（公告地址 /examNotice/标识）"
            rules={[
              { required: true, message: m.typeNameInvalid },
              { pattern: TYPE_NAME_PATTERN, message: m.typeNameInvalid },
              { min: 2, max: TYPE_NAME_MAX, message: m.typeNameInvalid },
            ]}
            extra={editing ? '修改后原公告地址将失效' : undefined}
          >
            <Input style={{ width: 300 }} placeholder="management-accountant-junior" />
          </Form.Item>
        </Space>
        <Form.Item
          name="summary"
          label="一句话简介"
          rules={[{ required: true, whitespace: true, message: m.summaryRequired }, { max: 200, message: m.summaryTooLong }]}
        >
          <Input maxLength={200} showCount />
        </Form.Item>
        <Form.Item
          name="notice"
          label="考试公告（每行一段）"
          rules={[{ required: true, whitespace: true, message: m.noticeRequired }, { max: NOTICE_MAX, message: m.noticeTooLong }]}
        >
          <Input.TextArea autoSize={{ minRows: 5, maxRows: 14 }} maxLength={NOTICE_MAX} showCount />
        </Form.Item>
        <Form.Item
          name="syllabus"
          label={`考试大纲（每行一条，最多${SYLLABUS_MAX}条）`}
          rules={[
            { required: true, whitespace: true, message: m.syllabusInvalid },
            {
              validator: async (_, value: string | undefined) => {
                const lines = (value ?? '').split('\n').map((l) => l.trim()).filter(Boolean);
                if (lines.length === 0 || lines.length > SYLLABUS_MAX || lines.some((l) => l.length > 200)) throw new Error(m.syllabusInvalid);
              },
            },
          ]}
        >
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} />
        </Form.Item>
        <Space wrap align="start">
          <Form.Item name="fee_mode" label="收费方式" rules={[{ required: true, message: m.feeModeInvalid }]}>
            <Select style={{ width: 140 }} options={FEE_MODES.map((f) => ({ value: f, label: FEE_MODE_LABELS[f] }))} />
          </Form.Item>
          <Form.Item
            name="fee_yuan"
            label={feeMode === 'member_free' ? '非会员报名费（元）' : '报名费（元）'}
            rules={[
              {
                validator: async (_, value: number | null) => {
                  if (feeMode !== 'free' && !(typeof value === 'number' && value > 0 && value <= 100_000)) throw new Error(m.feeInvalid);
                },
              },
            ]}
          >
            <InputNumber min={0} max={100_000} precision={2} disabled={feeMode === 'free'} style={{ width: 140 }} />
          </Form.Item>
          <Form.Item name="full_score" label="满分" rules={[{ required: true, message: m.fullScoreInvalid }]}>
            <InputNumber min={1} max={1000} precision={0} />
          </Form.Item>
          <Form.Item
            name="pass_score"
            label="合格分"
            dependencies={['full_score']}
            rules={[
              { required: true, message: m.passScoreInvalid },
              ({ getFieldValue }) => ({
                validator: async (_, value: number | null) => {
                  if (typeof value === 'number' && value > Number(getFieldValue('full_score'))) throw new Error(m.passScoreInvalid);
                },
              }),
            ]}
          >
            <InputNumber min={1} max={1000} precision={0} />
          </Form.Item>
          <Form.Item name="validity_months" label="证书有效期（月）" rules={[{ required: true, message: m.validityInvalid }]}>
            <InputNumber min={1} max={120} precision={0} />
          </Form.Item>
        </Space>
        <Space wrap align="start">
          <Form.Item name="min_star" label="报考星级要求（0为不限）" rules={[{ required: true, message: m.minStarInvalid }]}>
            <InputNumber min={0} max={5} precision={0} />
          </Form.Item>
          <Form.Item
            name="min_finished_courses"
            label="需完成课程数（0为不限）"
            rules={[{ required: true, message: m.minCoursesInvalid }]}
          >
            <InputNumber min={0} max={200} precision={0} />
          </Form.Item>
          <Form.Item name="credit_category" label="通过可获继续教育学分">
            <Select
              style={{ width: 140 }}
              options={[{ value: 'none', label: '不计学分' }, ...CREDIT_CATEGORIES.map((k) => ({ value: k, label: CREDIT_CATEGORY_LABELS[k] }))]}
            />
          </Form.Item>
          <Form.Item
            name="credits_whole"
            label="学分"
            dependencies={['credit_category']}
            rules={[
              ({ getFieldValue }) => ({
                validator: async (_, value: number | null) => {
                  if (getFieldValue('credit_category') !== 'none' && !value) throw new Error(m.creditsInvalid);
                },
              }),
            ]}
          >
            <InputNumber min={0.1} max={90} precision={1} addonAfter="学分" />
          </Form.Item>
          <Form.Item name="sort" label="排序（小的在前）" rules={[{ required: true, message: m.sortInvalid }]}>
            <InputNumber min={0} max={9999} precision={0} />
          </Form.Item>
        </Space>
      </Form>
    </Modal>
  );
}

/** /admin/exam-types: the exam types with their public notice (text, syllabus, fee, pass mark, eligibility). */
export default function AdminTypesPage() {
  const types = useQuery({ queryKey: examKeys.adminTypes, queryFn: examsApi.adminTypes });
  const [editing, setEditing] = useState<AdminExamType | 'new' | null>(null);
  return (
    <Card
      title="考试项目与公告"
      className="exam-card"
      extra={
        <Button type="primary" onClick={() => setEditing('new')}>
          新建考试项目
        </Button>
      }
    >
      <Table<AdminExamType>
        rowKey="id"
        loading={types.isPending}
        dataSource={types.data ?? []}
        pagination={false}
        scroll={{ x: 900 }}
        columns={[
          { title: '考试项目', dataIndex: 'name' },
          { title: '级别', dataIndex: 'level', width: 80 },
          {
            title: '公告地址',
            render: (_, t) => (
              <a href={`/examNotice/${t.type_name}`} target="_blank" rel="noopener noreferrer">
                /examNotice/{t.type_name}
              </a>
            ),
          },
          { title: '报名费', render: (_, t) => feeText(t), width: 170 },
          { title: '合格分', render: (_, t) => `${t.pass_score} / ${t.full_score}`, width: 90 },
          { title: '更新时间', render: (_, t) => dateTime(t.updated_at), width: 150 },
          {
            title: '操作',
            width: 90,
            render: (_, t) => (
              <Button type="link" onClick={() => setEditing(t)}>
                编辑
              </Button>
            ),
          },
        ]}
      />
      {editing && <TypeModal editing={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </Card>
  );
}
