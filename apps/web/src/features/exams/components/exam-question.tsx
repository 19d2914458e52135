import { FlagFilled, FlagOutlined } from '@ant-design/icons';
import { Button, Card, Checkbox, Input, Radio, Tag } from 'antd';
import { OPTION_LETTERS, QUESTION_KIND_LABELS, type AnswerValue, type AttemptQuestion } from '@app/contracts';
import { block } from '../lib/paper';
import type { Draft } from '../lib/use-autosave';

/** The answer field of one question, by its kind: options, 正确/错误, a blank or a text area. */
function QuestionBody({
  q,
  draft,
  onChange,
  disabled,
}: {
  q: AttemptQuestion;
  draft: Draft;
  onChange: (a: AnswerValue | null) => void;
  disabled: boolean;
}) {
  if (q.kind === 'single')
    return (
      <Radio.Group
        className="exam-options"
        disabled={disabled}
        value={Array.isArray(draft.answer) ? draft.answer[0] : undefined}
        onChange={(e) => onChange([e.target.value as number])}
        options={q.options.map((o, i) => ({ value: o.key, label: `${OPTION_LETTERS[i]}. ${o.text}` }))}
      />
    );
  if (q.kind === 'multiple')
    return (
      <Checkbox.Group
        className="exam-options"
        disabled={disabled}
        value={Array.isArray(draft.answer) ? (draft.answer as number[]) : []}
        onChange={(v) => onChange([...(v as number[])].sort((a, b) => a - b))}
        options={q.options.map((o, i) => ({ value: o.key, label: `${OPTION_LETTERS[i]}. ${o.text}` }))}
      />
    );
  if (q.kind === 'judge')
    return (
      <Radio.Group
        className="exam-options"
        disabled={disabled}
        value={typeof draft.answer === 'boolean' ? draft.answer : undefined}
        onChange={(e) => onChange(e.target.value as boolean)}
        options={[
          { value: true, label: '正确' },
          { value: false, label: '错误' },
        ]}
      />
    );
  const text = typeof draft.answer === 'string' ? draft.answer : '';
  if (q.kind === 'fill')
    return (
      <Input
        aria-label="填写答案"
        disabled={disabled}
        maxLength={200}
        value={text}
        onChange={(e) => onChange(e.target.value)}
        onPaste={block}
        onCopy={block}
        onCut={block}
        placeholder="请输入答案"
      />
    );
  return (
    <Input.TextArea
      aria-label="作答"
      disabled={disabled}
      rows={5}
      maxLength={5000}
      showCount
      value={text}
      onChange={(e) => onChange(e.target.value)}
      onPaste={block}
      onCopy={block}
      onCut={block}
      placeholder="请输入答案"
    />
  );
}

interface QuestionCardProps {
  q: AttemptQuestion;
  i: number;
  draft: Draft;
  current: boolean;
  phone: boolean;
  onUpdate: (patch: Partial<Draft>) => void;
}

/** One question of the paper: number, kind, score, the 标记 toggle, stem and answer field. */
export function QuestionCard({ q, i, draft, current, phone, onUpdate }: QuestionCardProps) {
  return (
    <Card
      id={`q-${q.id}`}
      size="small"
      className={`exam-question${current ? ' exam-question--current' : ''}`}
      title={
        <span>
          第{i + 1}题 <Tag>{QUESTION_KIND_LABELS[q.kind]}</Tag>
          <span className="exam-muted">（{q.score}分）</span>
        </span>
      }
      extra={
        <Button
          size={phone ? 'middle' : 'small'}
          type="text"
          aria-pressed={draft.flagged}
          icon={
            draft.flagged ? (
              <FlagFilled aria-hidden="true" style={{ color: '#fa8c16' }} />
            ) : (
              <FlagOutlined aria-hidden="true" />
            )
          }
          onClick={() => onUpdate({ flagged: !draft.flagged })}
        >
          {draft.flagged ? '已标记' : '标记'}
        </Button>
      }
    >
      <p className="exam-question__stem">{q.stem}</p>
      <QuestionBody q={q} draft={draft} disabled={false} onChange={(answer) => onUpdate({ answer })} />
    </Card>
  );
}
