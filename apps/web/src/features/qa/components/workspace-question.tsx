import { Alert, Button, Descriptions, Divider, Form, Input, Select, Space } from 'antd';
import { useState } from 'react';
import {
  QA_FOLLOW_UP_ANSWER_MAX,
  QA_REFERENCES_MAX,
  QA_TAG_MAX,
  QA_TAGS_MAX,
  qaMessages as m,
} from '@app/contracts/qa/qa.rules';
import type { ExpertQuestion, RegulationReference } from '@app/contracts/qa/qa.schemas';
import { qaApi } from '../api/qa-api';
import { useAct } from '../api/use-act';
import { time } from '../lib/format';
import { AnswerEditor } from './answer-editor';
import { AnswerBlock, QuestionBody, StateTag } from './parts';

/** The question as experts and staff see it: text, due time, claim state, answer and follow-ups. */
export function QuestionFacts({ q, withFollowUps = false }: { q: ExpertQuestion; withFollowUps?: boolean }) {
  return (
    <>
      <Descriptions size="small" column={2} style={{ marginBottom: 12 }}>
        <Descriptions.Item label="状态">
          <StateTag state={q.state} />
          {q.hidden && <span className="qa-overdue">已隐藏</span>}
        </Descriptions.Item>
        <Descriptions.Item label="分类">{q.category}</Descriptions.Item>
        <Descriptions.Item label="提问人">
          {q.asker}
          {q.is_member ? '（会员）' : ''}
        </Descriptions.Item>
        <Descriptions.Item label="提问时间">{time(q.asked_at)}</Descriptions.Item>
        <Descriptions.Item label="解答时限">
          <span className={q.overdue ? 'qa-overdue' : undefined}>
            {time(q.due_at)}
            {q.overdue && '（已超时）'}
          </span>
        </Descriptions.Item>
        <Descriptions.Item label="认领">
          {q.claimed_by
            ? `${q.claimed_by}${q.claim_expires_at ? `（${time(q.claim_expires_at)} 前有效）` : '（工作人员指派）'}`
            : '—'}
        </Descriptions.Item>
      </Descriptions>
      <QuestionBody body={q.body} images={q.images} />
      {q.answer && <AnswerBlock answer={q.answer} />}
      {withFollowUps && q.follow_ups.length > 0 && (
        <section className="qa-followups" aria-label="追问">
          <Divider titlePlacement="start">追问</Divider>
          {q.follow_ups.map((f) => (
            <div key={f.id} className="qa-followup">
              <div className="qa-followup__q">
                <strong>追问：</strong>
                {f.content} <span className="qa-muted">{time(f.asked_at)}</span>
              </div>
              <div className="qa-followup__a">
                {f.answer ? (
                  <>
                    <strong>回复：</strong>
                    {f.answer}
                  </>
                ) : (
                  <span className="qa-muted">等待专家回复</span>
                )}
              </div>
            </div>
          ))}
        </section>
      )}
    </>
  );
}

interface AnswerValues {
  references: RegulationReference[];
  tags: string[];
}

/** Claim, answer (rich text, regulation references, tags) and follow-up replies, for the expert workspace. */
export function ExpertActions({ q, onChanged }: { q: ExpertQuestion; onChanged: () => Promise<unknown> }) {
  const [html, setHtml] = useState('');
  const [htmlError, setHtmlError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<AnswerValues>();
  const [replies, setReplies] = useState<Record<number, string>>({});

  const run = useAct(['qa', 'queue']);
  const act = async (call: () => Promise<{ message: string }>) => {
    setBusy(true);
    try {
      return await run(async () => {
        const res = await call();
        await onChanged();
        return res;
      });
    } finally {
      setBusy(false);
    }
  };

  const submitAnswer = async () => {
    if (!html.trim()) {
      setHtmlError(m.answerRequired);
      return;
    }
    let v: AnswerValues;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    setHtmlError(null);
    await act(() =>
      qaApi.answer(q.id, {
        html,
        references: (v.references ?? []).map((r) => ({
          title: r.title.trim(),
          doc_no: r.doc_no?.trim() ?? '',
          url: r.url?.trim() ?? '',
        })),
        tags: v.tags ?? [],
      }),
    );
  };

  if (q.state === 'waiting' || (q.state === 'answering' && !q.claimed_by_me)) {
    return (
      <div style={{ marginTop: 16 }}>
        {q.state === 'answering' && (
          <Alert
            type="warning"
            showIcon
            title={`${q.claimed_by ?? '其他专家'} 正在解答`}
            style={{ marginBottom: 8 }}
          />
        )}
        <Button
          type="primary"
          loading={busy}
          disabled={q.state === 'answering'}
          onClick={() => void act(() => qaApi.claim(q.id))}
        >
          认领问题
        </Button>
      </div>
    );
  }

  if (q.state === 'answering' && q.claimed_by_me) {
    return (
      <div style={{ marginTop: 16 }}>
        <Divider titlePlacement="start">撰写解答</Divider>
        <AnswerEditor onChange={setHtml} />
        {htmlError && <div className="ant-form-item-explain-error">{htmlError}</div>}
        <Form<AnswerValues>
          form={form}
          name="expert_answer"
          layout="vertical"
          style={{ marginTop: 12 }}
          initialValues={{ references: [], tags: [] }}
        >
          <Form.List
            name="references"
            rules={[
              {
                validator: async (_, refs: unknown[]) => {
                  if (refs && refs.length > QA_REFERENCES_MAX) throw new Error(m.referencesTooMany);
                },
              },
            ]}
          >
            {(fields, { add, remove }) => (
              <>
                <div style={{ marginBottom: 8 }}>政策法规引用</div>
                {fields.map((field) => (
                  <Space key={field.key} align="start" wrap>
                    <Form.Item
                      name={[field.name, 'title']}
                      rules={[{ required: true, whitespace: true, message: m.referenceTitleRequired }]}
                    >
                      <Input placeholder="法规名称" aria-label="法规名称" style={{ width: 260 }} />
                    </Form.Item>
                    <Form.Item name={[field.name, 'doc_no']}>
                      <Input
                        placeholder="文号，如 财政部 税务总局公告2023年第30号"
                        aria-label="文号"
                        style={{ width: 260 }}
                      />
                    </Form.Item>
                    <Form.Item
                      name={[field.name, 'url']}
                      rules={[{ pattern: /^(https?:\/\/\S+)?$/i, message: m.referenceUrlInvalid }]}
                    >
                      <Input placeholder="链接（选填）" aria-label="链接" style={{ width: 220 }} />
                    </Form.Item>
                    <Button type="link" danger onClick={() => remove(field.name)}>
                      删除
                    </Button>
                  </Space>
                ))}
                {fields.length < QA_REFERENCES_MAX && (
                  <Button
                    size="small"
                    onClick={() => add({ title: '', doc_no: '', url: '' })}
                    style={{ marginBottom: 12 }}
                  >
                    添加法规引用
                  </Button>
                )}
              </>
            )}
          </Form.List>
          <Form.Item
            name="tags"
            label={`标签（最多${QA_TAGS_MAX}个）`}
            rules={[
              {
                validator: async (_, tags: string[]) => {
                  if (tags && tags.length > QA_TAGS_MAX) throw new Error(m.tagsTooMany);
                  if (tags?.some((t) => !t.trim() || t.trim().length > QA_TAG_MAX))
                    throw new Error(m.tagInvalid);
                },
              },
            ]}
          >
            <Select
              mode="tags"
              placeholder="输入后回车，如：年终奖"
              tokenSeparators={[',', '，']}
              aria-label="标签"
            />
          </Form.Item>
        </Form>
        <Space>
          <Button type="primary" loading={busy} onClick={() => void submitAnswer()}>
            提交解答
          </Button>
          <Button loading={busy} onClick={() => void act(() => qaApi.release(q.id))}>
            放弃认领
          </Button>
        </Space>
      </div>
    );
  }

  const open = q.follow_ups.filter((f) => f.answer === null);
  return (
    <div style={{ marginTop: 16 }}>
      {q.follow_ups.length > 0 && <Divider titlePlacement="start">追问</Divider>}
      {q.follow_ups.map((f) => (
        <div key={f.id} className="qa-followup">
          <div className="qa-followup__q">
            <strong>追问：</strong>
            {f.content}
          </div>
          {f.answer ? (
            <div className="qa-followup__a">
              <strong>回复：</strong>
              {f.answer}
            </div>
          ) : (
            q.state === 'answered' &&
            open.includes(f) && (
              <Space.Compact style={{ width: '100%', marginTop: 6 }}>
                <Input.TextArea
                  rows={2}
                  maxLength={QA_FOLLOW_UP_ANSWER_MAX}
                  value={replies[f.id] ?? ''}
                  onChange={(e) => setReplies((r) => ({ ...r, [f.id]: e.target.value }))}
                  aria-label="回复追问"
                />
                <Button
                  type="primary"
                  loading={busy}
                  disabled={!replies[f.id]?.trim()}
                  onClick={() => void act(() => qaApi.answerFollowUp(f.id, replies[f.id]!.trim()))}
                >
                  回复
                </Button>
              </Space.Compact>
            )
          )}
        </div>
      ))}
    </div>
  );
}
