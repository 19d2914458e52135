import { Button, Card, Result } from 'antd';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { OPTION_LETTERS, SUBMIT_REASON_LABELS, type Attempt } from '@app/contracts';
import { EXAMINATION_PATH } from '../lib/exam-format';
import { CertificateActions } from './certificate-actions';

/** The result of a closed attempt: score or pending grading, certificate, and the answer review when released. */
export function ResultView({ a, justSubmitted = false }: { a: Attempt; justSubmitted?: boolean }) {
  const navigate = useNavigate();
  const pending = a.state === 'submitted';
  // Replacing the paper just submitted (the 交卷 button is gone): the result takes focus, so keyboard and screen
  // reader users start reading it from its top.
  const cardRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (justSubmitted) cardRef.current?.focus();
  }, [justSubmitted]);
  return (
    <Card ref={cardRef} tabIndex={-1} className="page-container exam-card exam-result">
      <Result
        status={pending ? 'info' : a.passed ? 'success' : 'warning'}
        title={pending ? '已交卷，等待阅卷' : `考试成绩：${a.score}分`}
        subTitle={
          <>
            <div>
              {a.exam_name} · {a.paper_title}
            </div>
            {a.submit_reason && <div>{SUBMIT_REASON_LABELS[a.submit_reason]}</div>}
            {pending ? (
              <div>还有{a.pending_grading}道简答题等待老师评阅，全部评阅后发布成绩。</div>
            ) : (
              <div>
                满分{a.full_score}分，合格分数线{a.pass_score}分，{a.passed ? '成绩合格' : '未达到合格分数线'}
              </div>
            )}
          </>
        }
        extra={[
          a.certificate_number ? <CertificateActions key="cert" number={a.certificate_number} /> : null,
          <Button key="back" onClick={() => navigate(EXAMINATION_PATH)}>
            返回在线考试
          </Button>,
        ]}
      />
      {a.review && (
        <section aria-label="答案解析" className="exam-review">
          <h3>答案解析</h3>
          {a.questions.map((q, i) => {
            const r = a.review!.find((x) => x.question_id === q.id);
            const correct = r?.correct;
            const correctText = Array.isArray(correct)
              ? correct.map((k) => OPTION_LETTERS[q.options.findIndex((o) => o.key === k)]).join('')
              : typeof correct === 'boolean'
                ? correct
                  ? '正确'
                  : '错误'
                : (correct ?? '');
            return (
              <div key={q.id} className="exam-review__item">
                <div>
                  {i + 1}. {q.stem}
                </div>
                <div className="exam-muted">
                  正确答案：{correctText} · 得分：{r?.earned ?? 0} / {q.score}
                </div>
                {r?.analysis && <div className="exam-muted">解析：{r.analysis}</div>}
              </div>
            );
          })}
        </section>
      )}
    </Card>
  );
}
