import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import { Button, Checkbox, Empty, Radio } from 'antd';
import { useState } from 'react';
import { LESSON_QUESTION_KIND_LABELS, type AnswerResult, type LessonQuestion } from '@app/contracts';
import { useAnswerQuestion } from '../api/use-learning';
import './lesson-questions.css';

function QuestionCard({ lessonId, question, index }: { lessonId: number; question: LessonQuestion; index: number }) {
  const answer = useAnswerQuestion(lessonId);
  const [chosen, setChosen] = useState<string[]>(question.my_answer?.chosen ?? []);
  const [result, setResult] = useState<AnswerResult | null>(null);
  const [retrying, setRetrying] = useState(false);
  const answered = !retrying && (result !== null || question.my_answer !== null);
  const correct = result?.correct ?? question.my_answer?.correct ?? false;
  const multiple = question.kind === 'multiple';

  async function submit() {
    const r = await answer.mutateAsync({ question_id: question.id, answer: chosen });
    setResult(r);
    setRetrying(false);
  }

  const options = question.options.map((o) => ({ value: o.key, label: `${o.key}. ${o.text}` }));
  return (
    <li className="question-card">
      <p className="question-card__stem">
        <span className="question-card__kind">{LESSON_QUESTION_KIND_LABELS[question.kind]}</span>
        {index + 1}. {question.stem}
      </p>
      {multiple ? (
        <Checkbox.Group className="question-card__options" options={options} value={chosen} disabled={answered} onChange={(v) => setChosen(v as string[])} />
      ) : (
        <Radio.Group className="question-card__options" options={options} value={chosen[0]} disabled={answered} onChange={(e) => setChosen([e.target.value as string])} />
      )}
      {answered ? (
        <div className={`question-card__result ${correct ? 'is-correct' : 'is-wrong'}`} role="status">
          <p className="question-card__verdict">
            {correct ? <CheckCircleFilled /> : <CloseCircleFilled />} {correct ? '回答正确' : '回答错误'}
            {result && <span className="question-card__right">正确答案：{result.right_answer.join('、')}</span>}
          </p>
          {result?.explanation && <p className="question-card__explanation">解析：{result.explanation}</p>}
          <Button
            size="small"
            onClick={() => {
              setRetrying(true);
              setResult(null);
              setChosen([]);
            }}
          >
            重新作答
          </Button>
        </div>
      ) : (
        <Button type="primary" size="small" disabled={chosen.length === 0} loading={answer.isPending} onClick={submit}>
          提交答案
        </Button>
      )}
    </li>
  );
}

/** The lesson's questions: choose, submit, see whether it was right, the right answer and the explanation. */
export function LessonQuestions({ lessonId, questions }: { lessonId: number; questions: LessonQuestion[] }) {
  if (questions.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="本课时没有练习题" />;
  return (
    <ol className="question-list">
      {questions.map((q, i) => (
        <QuestionCard key={q.id} lessonId={lessonId} question={q} index={i} />
      ))}
    </ol>
  );
}
