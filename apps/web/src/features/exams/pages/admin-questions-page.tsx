import { DownloadOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Alert, Button, Card, Form, Input, InputNumber, Modal, Select, Space, Table, Tag, Upload } from 'antd';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  OPTION_LETTERS,
  QUESTION_KINDS,
  QUESTION_KIND_LABELS,
  type ImportError,
  type Question,
  type QuestionKind,
} from '@app/contracts';
import { isApiError } from '@/shared/lib/api-client';
import { examKeys, examsApi, saveBlob } from '../api/exams-api';
import './exams.css';

const PER = 20;

function answerText(q: Question): string {
  if (q.kind === 'single' || q.kind === 'multiple') return (q.answer as number[]).map((k) => OPTION_LETTERS[k]).join('');
  if (q.kind === 'judge') return q.answer ? '正确' : '错误';
  if (q.kind === 'fill') return (q.answer as string[]).join(' | ');
  return String(q.answer);
}

interface QuestionForm {
  kind: QuestionKind;
  knowledge_point: string;
  difficulty: number;
  stem: string;
  options: string;
  answer: string;
  score: number;
  analysis: string;
}

/** Form text to the API body: options one per line, choice answers as letters, fill-in answers separated by |. */
function toBody(typeId: number, v: QuestionForm) {
  const options = (v.options ?? '').split('\n').map((o) => o.trim()).filter(Boolean);
  const raw = (v.answer ?? '').trim();
  let answer: unknown = raw;
  if (v.kind === 'single' || v.kind === 'multiple') answer = [...raw.toUpperCase().replace(/[^A-H]/g, '')].map((c) => OPTION_LETTERS.indexOf(c));
  if (v.kind === 'judge') answer = ['正确', '对', 'T', 'TRUE'].includes(raw.toUpperCase());
  if (v.kind === 'fill') answer = raw.split('|').map((a) => a.trim()).filter(Boolean);
  return {
    type_id: typeId,
    kind: v.kind,
    knowledge_point: v.knowledge_point,
    difficulty: v.difficulty,
    stem: v.stem,
    options: v.kind === 'single' || v.kind === 'multiple' ? options : [],
    answer: answer as never,
    score: v.score,
    analysis: v.analysis ?? '',
  };
}

function QuestionModal({ typeId, question, onClose }: { typeId: number; question: Question | null; onClose: () => void }) {
  const [form] = Form.useForm<QuestionForm>();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);
  const kind = Form.useWatch('kind', form);
  const save = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setSaving(true);
    try {
      const body = toBody(question?.type_id ?? typeId, v);
      if (question) await examsApi.updateQuestion(question.id, body);
      else await examsApi.createQuestion(body);
      message.success('试题已保存');
      await queryClient.invalidateQueries({ queryKey: ['exams', 'admin', 'questions'] });
      onClose();
    } catch (err) {
      if (isApiError(err)) {
        const fields = Object.entries(err.fieldErrors).map(([name, errors]) => ({ name: name as keyof QuestionForm, errors: [errors] }));
        if (fields.length) form.setFields(fields);
        else message.error(err.message);
      }
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal open title={question ? '编辑试题' : '新增试题'} onCancel={onClose} onOk={save} confirmLoading={saving} okText="保存" cancelText="取消" width={680}>
      <Form<QuestionForm>
        form={form}
        layout="vertical"
        initialValues={
          question
            ? { ...question, options: question.options.join('\n'), answer: answerText(question).replace(/ \| /g, '|') }
            : { kind: 'single', difficulty: 1, score: 2 }
        }
      >
        <Space wrap>
          <Form.Item name="kind" label="题型" rules={[{ required: true, message: '请选择题型' }]}>
            <Select style={{ width: 120 }} options={QUESTION_KINDS.map((k) => ({ value: k, label: QUESTION_KIND_LABELS[k] }))} />
          </Form.Item>
          <Form.Item name="knowledge_point" label="知识点" rules={[{ required: true, message: '请输入知识点' }]}>
            <Input style={{ width: 180 }} />
          </Form.Item>
          <Form.Item name="difficulty" label="难度">
            <Select style={{ width: 100 }} options={[{ value: 1, label: '易' }, { value: 2, label: '中' }, { value: 3, label: '难' }]} />
          </Form.Item>
          <Form.Item name="score" label="分值" rules={[{ required: true, message: '请输入分值' }]}>
            <InputNumber min={1} max={100} precision={0} />
          </Form.Item>
        </Space>
        <Form.Item name="stem" label="题干" rules={[{ required: true, message: '请输入题干' }]}>
          <Input.TextArea rows={3} maxLength={2000} />
        </Form.Item>
        {(kind === 'single' || kind === 'multiple') && (
          <Form.Item name="options" label="选项（每行一个）" rules={[{ required: true, message: '请输入选项' }]}>
            <Input.TextArea rows={4} />
          </Form.Item>
        )}
        <Form.Item
          name="answer"
          label={kind === 'judge' ? '答案（正确/错误）' : kind === 'fill' ? '可接受答案（用 | 分隔）' : kind === 'short' ? '参考答案' : '答案（选项字母，如 A 或 ABD）'}
          rules={[{ required: true, message: '请设置正确答案' }]}
        >
          <Input.TextArea rows={kind === 'short' ? 4 : 1} />
        </Form.Item>
        <Form.Item name="analysis" label="解析">
          <Input.TextArea rows={2} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** /admin/exam-questions: the bank by exam type and kind, editing, and the Excel import with its template. */
export default function AdminQuestionsPage() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const types = useQuery({ queryKey: examKeys.types, queryFn: examsApi.types });
  const [typeId, setTypeId] = useState<number | undefined>();
  const [kind, setKind] = useState<QuestionKind | undefined>();
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Question | null | 'new'>(null);
  const [importErrors, setImportErrors] = useState<ImportError[] | null>(null);
  const activeType = typeId ?? types.data?.[0]?.id;
  const query = { type_id: activeType, kind, keyword: keyword || undefined, page, per_page: PER };
  const list = useQuery({
    queryKey: examKeys.questions(query),
    queryFn: () => examsApi.questions(query),
    enabled: activeType !== undefined,
    placeholderData: keepPreviousData,
  });

  const upload = async (file: File) => {
    if (!activeType) return;
    setImportErrors(null);
    try {
      const res = await examsApi.importQuestions(activeType, file);
      message.success(res.message);
      await queryClient.invalidateQueries({ queryKey: ['exams', 'admin', 'questions'] });
    } catch (err) {
      if (isApiError(err)) {
        const rows = (err.data as { rows?: ImportError[] } | null)?.rows;
        if (rows?.length) setImportErrors(rows);
        message.error(err.message);
      }
    }
  };

  return (
    <Card title="考试题库" className="exam-card">
      <Space wrap style={{ marginBottom: 12 }}>
        <Select
          aria-label="考试项目"
          style={{ width: 200 }}
          value={activeType}
          onChange={(v) => {
            setTypeId(v);
            setPage(1);
          }}
          options={(types.data ?? []).map((t) => ({ value: t.id, label: t.name }))}
        />
        <Select
          aria-label="题型"
          allowClear
          placeholder="全部题型"
          style={{ width: 120 }}
          value={kind}
          onChange={(v) => {
            setKind(v);
            setPage(1);
          }}
          options={QUESTION_KINDS.map((k) => ({ value: k, label: QUESTION_KIND_LABELS[k] }))}
        />
        <Input.Search
          placeholder="题干或知识点"
          allowClear
          onSearch={(v) => {
            setKeyword(v.trim());
            setPage(1);
          }}
          style={{ width: 220 }}
        />
        <Button icon={<PlusOutlined />} type="primary" onClick={() => setEditing('new')} disabled={!activeType}>
          新增试题
        </Button>
        <Button icon={<DownloadOutlined />} onClick={async () => saveBlob(await examsApi.importTemplate(), '试题导入模板.xlsx')}>
          下载导入模板
        </Button>
        <Upload
          accept=".xlsx"
          showUploadList={false}
          beforeUpload={(file) => {
            void upload(file);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} disabled={!activeType}>
            导入Excel
          </Button>
        </Upload>
      </Space>
      {importErrors && (
        <Alert
          type="error"
          showIcon
          closable
          onClose={() => setImportErrors(null)}
          style={{ marginBottom: 12 }}
          message="导入失败：文件中有错误的行，未导入任何试题"
          description={
            <ul style={{ margin: 0 }}>
              {importErrors.map((e) => (
                <li key={`${e.row}-${e.column}`}>
                  第{e.row}行「{e.column}」：{e.message}
                </li>
              ))}
            </ul>
          }
        />
      )}
      <Table<Question>
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        pagination={{ current: page, pageSize: PER, total: list.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
        scroll={{ x: 900 }}
        columns={[
          { title: '题型', width: 80, render: (_, q) => QUESTION_KIND_LABELS[q.kind] },
          { title: '知识点', dataIndex: 'knowledge_point', width: 120 },
          { title: '题干', dataIndex: 'stem' },
          { title: '答案', width: 140, render: (_, q) => answerText(q) },
          { title: '分值', dataIndex: 'score', width: 60 },
          { title: '状态', width: 80, render: (_, q) => (q.active ? <Tag color="success">启用</Tag> : <Tag>停用</Tag>) },
          {
            title: '操作',
            width: 140,
            render: (_, q) => (
              <Space size={4}>
                <Button size="small" type="link" onClick={() => setEditing(q)}>
                  编辑
                </Button>
                {q.active && (
                  <Button
                    size="small"
                    type="link"
                    danger
                    onClick={async () => {
                      await examsApi.deactivateQuestion(q.id);
                      await queryClient.invalidateQueries({ queryKey: ['exams', 'admin', 'questions'] });
                    }}
                  >
                    停用
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
      {editing && activeType && (
        <QuestionModal typeId={activeType} question={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
    </Card>
  );
}
