import { App, Alert, Button, Checkbox, Form, Input, Modal, Popconfirm, Radio, Select, Space, Table } from 'antd';
import { useState } from 'react';
import {
  LESSON_QUESTION_KIND_LABELS,
  QUESTION_OPTIONS_MAX,
  courseAdminMessages as m,
  lessonQuestionBodySchema,
  type AdminCourse,
  type AdminQuestion,
} from '@app/contracts';
import { courseAdminApi, useCourseAdminRefresh, useLessonQuestions } from '../api/course-admin-api';
import { showError } from '../lib/show-save-error';

interface QuestionForm {
  kind: 'single' | 'multiple';
  stem: string;
  options: string[];
  answer: string[];
  explanation: string;
}

/** The course editor's 课后习题 tab: one lesson's questions, with the modal that adds or edits a question. */
export function CourseQuestionsTab({ course }: { course: AdminCourse }) {
  const { message } = App.useApp();
  const [lessonId, setLessonId] = useState<number | null>(course.lessons[0]?.id ?? null);
  const questions = useLessonQuestions(lessonId);
  const refresh = useCourseAdminRefresh();
  const [editing, setEditing] = useState<AdminQuestion | 'new' | null>(null);
  const [form] = Form.useForm<QuestionForm>();
  const options = Form.useWatch('options', form) ?? [];

  function open(q: AdminQuestion | 'new') {
    setEditing(q);
    form.setFieldsValue(
      q === 'new'
        ? { kind: 'single', stem: '', options: ['', '', '', ''], answer: [], explanation: '' }
        : { kind: q.kind, stem: q.stem, options: q.options.map((o) => o.text), answer: q.answer, explanation: q.explanation },
    );
  }

  async function save() {
    const v = await form.validateFields();
    const parsed = lessonQuestionBodySchema.safeParse(v);
    if (!parsed.success) {
      form.setFields(parsed.error.issues.map((i) => ({ name: String(i.path[0]) as keyof QuestionForm, errors: [i.message] })));
      return;
    }
    try {
      if (editing === 'new') await courseAdminApi.createQuestion(lessonId!, v);
      else if (editing) await courseAdminApi.updateQuestion(editing.id, v);
      message.success('已保存');
      setEditing(null);
      await refresh();
    } catch (err) {
      showError(err, form as never, message);
    }
  }

  if (course.lessons.length === 0) return <Alert type="info" showIcon message="请先在「课时」中添加课时，再为课时设置课后习题。" />;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space>
        <span>课时</span>
        <Select style={{ width: 360 }} value={lessonId} onChange={setLessonId} options={course.lessons.map((l) => ({ value: l.id, label: `第${l.sort}课 ${l.title}` }))} aria-label="选择课时" />
        <Button type="primary" onClick={() => open('new')}>
          新增习题
        </Button>
      </Space>
      <Table<AdminQuestion>
        rowKey="id"
        loading={questions.isLoading}
        dataSource={questions.data ?? []}
        pagination={false}
        columns={[
          { title: '序号', dataIndex: 'sort', width: 60 },
          { title: '题型', width: 80, render: (_, q) => LESSON_QUESTION_KIND_LABELS[q.kind] },
          { title: '题干', dataIndex: 'stem' },
          { title: '答案', width: 80, render: (_, q) => q.answer.join('') },
          {
            title: '操作',
            width: 130,
            render: (_, q) => (
              <Space>
                <Button type="link" size="small" onClick={() => open(q)}>
                  编辑
                </Button>
                <Popconfirm title="确定删除这道题？" onConfirm={() => courseAdminApi.deleteQuestion(q.id).then(() => refresh())}>
                  <Button type="link" size="small" danger>
                    删除
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <Modal open={editing !== null} title={editing === 'new' ? '新增课后习题' : '编辑课后习题'} onCancel={() => setEditing(null)} onOk={() => void save()} okText="保存" destroyOnHidden width={640}>
        <Form form={form} layout="vertical">
          <Form.Item name="kind" label="题型">
            <Radio.Group options={(['single', 'multiple'] as const).map((k) => ({ value: k, label: LESSON_QUESTION_KIND_LABELS[k] }))} />
          </Form.Item>
          <Form.Item name="stem" label="题干" rules={[{ required: true, whitespace: true, message: m.stemRequired }]}>
            <Input.TextArea rows={2} />
          </Form.Item>
          <Form.List name="options">
            {(fields, { add, remove }) => (
              <>
                {fields.map((f, i) => (
                  <Space key={f.key} align="baseline">
                    <span style={{ width: 20 }}>{String.fromCharCode(65 + i)}</span>
                    <Form.Item name={f.name} rules={[{ required: true, whitespace: true, message: m.optionRequired }]}>
                      <Input style={{ width: 460 }} aria-label={`选项${String.fromCharCode(65 + i)}`} />
                    </Form.Item>
                    {fields.length > 2 ? <Button type="link" onClick={() => remove(f.name)}>删除</Button> : null}
                  </Space>
                ))}
                {fields.length < QUESTION_OPTIONS_MAX ? <Button onClick={() => add('')}>添加选项</Button> : null}
              </>
            )}
          </Form.List>
          <Form.Item name="answer" label="正确答案" rules={[{ required: true, type: 'array', min: 1, message: m.answerRequired }]} style={{ marginTop: 12 }}>
            <Checkbox.Group options={options.map((_, i) => String.fromCharCode(65 + i))} />
          </Form.Item>
          <Form.Item name="explanation" label="解析">
            <Input.TextArea rows={2} />
          </Form.Item>
        </Form>
      </Modal>
    </Space>
  );
}
