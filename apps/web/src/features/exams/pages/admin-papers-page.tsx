import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Card, Form, Input, InputNumber, Modal, Radio, Select, Space, Switch, Table, Tag } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  MULTIPLE_SCORING_LABELS,
  QUESTION_KINDS,
  QUESTION_KIND_LABELS,
  type ExamPaper,
  type ExamPaperBody,
} from '@app/contracts';
import { isApiError } from '@/shared/lib/api-client';
import { examKeys, examsApi } from '../api/exams-api';
import { dateTime } from '../lib/exam-format';
import './exams.css';

function PaperModal({ onClose }: { onClose: () => void }) {
  const [form] = Form.useForm<ExamPaperBody>();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const types = useQuery({ queryKey: examKeys.types, queryFn: examsApi.types });
  const [saving, setSaving] = useState(false);
  const typeId = Form.useWatch('type_id', form);
  const mode = Form.useWatch('mode', form) ?? 'random';
  const bankQuery = { type_id: typeId, per_page: 100, page: 1 };
  const bank = useQuery({
    queryKey: examKeys.questions(bankQuery),
    queryFn: () => examsApi.questions(bankQuery),
    enabled: mode === 'fixed' && typeId !== undefined,
  });
  const save = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setSaving(true);
    try {
      const picked = (v as unknown as { question_ids?: number[] }).question_ids ?? [];
      await examsApi.createPaper({
        ...v,
        mode,
        rules: mode === 'random' ? v.rules : [],
        questions: mode === 'fixed' ? picked.map((id) => ({ id })) : [],
      });
      message.success('试卷已保存');
      await queryClient.invalidateQueries({ queryKey: examKeys.papers });
      onClose();
    } catch (err) {
      if (isApiError(err)) message.error(err.message);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal open title="新建试卷" onCancel={onClose} onOk={save} confirmLoading={saving} okText="保存" cancelText="取消" width={720}>
      <Form<ExamPaperBody>
        form={form}
        layout="vertical"
        initialValues={{ mode: 'random', duration_minutes: 60, multiple_scoring: 'partial', max_leaves: 3, shuffle_questions: true, shuffle_options: true, allow_review: true, rules: [{ kind: 'single', count: 10, score: 2 }] }}
      >
        <Space wrap>
          <Form.Item name="type_id" label="考试项目" rules={[{ required: true, message: '请选择考试项目' }]}>
            <Select style={{ width: 200 }} options={(types.data ?? []).map((t) => ({ value: t.id, label: t.name }))} />
          </Form.Item>
          <Form.Item name="title" label="试卷名称" rules={[{ required: true, message: '请输入试卷名称' }]}>
            <Input style={{ width: 260 }} />
          </Form.Item>
        </Space>
        <Space wrap>
          <Form.Item name="duration_minutes" label="时长（分钟）">
            <InputNumber min={5} max={300} />
          </Form.Item>
          <Form.Item name="max_leaves" label="离开次数上限（0不限）">
            <InputNumber min={0} max={20} />
          </Form.Item>
          <Form.Item name="multiple_scoring" label="多选题计分">
            <Select style={{ width: 240 }} options={Object.entries(MULTIPLE_SCORING_LABELS).map(([value, label]) => ({ value, label }))} />
          </Form.Item>
        </Space>
        <Space wrap>
          <Form.Item name="shuffle_questions" label="题目乱序" valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="shuffle_options" label="选项乱序" valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="allow_review" label="考试结束后可查看解析" valuePropName="checked">
            <Switch />
          </Form.Item>
        </Space>
        <Form.Item name="mode" label="组卷方式">
          <Radio.Group
            options={[
              { value: 'random', label: '按规则随机抽题（每位考生不同）' },
              { value: 'fixed', label: '固定试题' },
            ]}
          />
        </Form.Item>
        {mode === 'fixed' && (
          <Form.Item name="question_ids" label="试题（从题库选择，分值取试题分值）" rules={[{ required: true, message: '请至少选择一道试题' }]}>
            <Select
              mode="multiple"
              showSearch
              optionFilterProp="label"
              loading={bank.isFetching}
              placeholder={typeId ? '输入题干搜索' : '请先选择考试项目'}
              options={(bank.data?.list ?? []).filter((q) => q.active).map((q) => ({ value: q.id, label: `[${QUESTION_KIND_LABELS[q.kind]}] ${q.stem}` }))}
            />
          </Form.Item>
        )}
        {mode === 'random' && (
        <Form.List name="rules">
          {(fields, { add, remove }) => (
            <>
              {fields.map((f) => (
                <Space key={f.key} align="baseline" wrap>
                  <Form.Item name={[f.name, 'kind']} rules={[{ required: true, message: '请选择题型' }]}>
                    <Select style={{ width: 110 }} options={QUESTION_KINDS.map((k) => ({ value: k, label: QUESTION_KIND_LABELS[k] }))} />
                  </Form.Item>
                  <Form.Item name={[f.name, 'knowledge_point']}>
                    <Input placeholder="知识点（可选）" style={{ width: 150 }} />
                  </Form.Item>
                  <Form.Item name={[f.name, 'difficulty']}>
                    <Select allowClear placeholder="难度" style={{ width: 90 }} options={[{ value: 1, label: '易' }, { value: 2, label: '中' }, { value: 3, label: '难' }]} />
                  </Form.Item>
                  <Form.Item name={[f.name, 'count']} rules={[{ required: true, message: '题数' }]}>
                    <InputNumber min={1} max={100} addonAfter="题" />
                  </Form.Item>
                  <Form.Item name={[f.name, 'score']} rules={[{ required: true, message: '分值' }]}>
                    <InputNumber min={1} max={100} addonAfter="分/题" />
                  </Form.Item>
                  <Button type="text" aria-label="删除规则" icon={<MinusCircleOutlined aria-hidden="true" />} onClick={() => remove(f.name)} />
                </Space>
              ))}
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ kind: 'single', count: 5, score: 2 })}>
                添加抽题规则
              </Button>
            </>
          )}
        </Form.List>
        )}
      </Form>
    </Modal>
  );
}

/** /admin/exam-papers: papers (fixed or drawn per candidate from bank rules) and a new random paper. */
export default function AdminPapersPage() {
  const papers = useQuery({ queryKey: examKeys.papers, queryFn: examsApi.papers });
  const [creating, setCreating] = useState(false);
  return (
    <Card title="试卷管理" className="exam-card" extra={<Button type="primary" onClick={() => setCreating(true)}>新建试卷</Button>}>
      <Table<ExamPaper>
        rowKey="id"
        loading={papers.isPending}
        dataSource={papers.data ?? []}
        scroll={{ x: 900 }}
        columns={[
          { title: '试卷名称', dataIndex: 'title' },
          { title: '考试项目', dataIndex: 'type_name' },
          { title: '组卷方式', render: (_, p) => (p.mode === 'random' ? <Tag color="blue">随机抽题</Tag> : <Tag>固定试题</Tag>) },
          { title: '题数/总分', render: (_, p) => `${p.question_count}题 / ${p.full_score}分` },
          { title: '时长', render: (_, p) => `${p.duration_minutes}分钟` },
          { title: '多选计分', render: (_, p) => MULTIPLE_SCORING_LABELS[p.multiple_scoring] },
          {
            title: '抽题规则',
            render: (_, p) =>
              p.rules.map((r, i) => (
                <div key={i}>
                  {QUESTION_KIND_LABELS[r.kind]}
                  {r.knowledge_point ? `·${r.knowledge_point}` : ''} {r.count}题×{r.score}分
                </div>
              )),
          },
          { title: '创建时间', render: (_, p) => dateTime(p.created_at) },
        ]}
      />
      {creating && <PaperModal onClose={() => setCreating(false)} />}
    </Card>
  );
}
