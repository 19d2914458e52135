import { FlagFilled, FlagOutlined } from '@ant-design/icons';
import { App, Alert, Button, Card, Checkbox, Input, Radio, Result, Skeleton, Space, Tag } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, type ClipboardEvent, type MouseEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import {
  OPTION_LETTERS,
  QUESTION_KIND_LABELS,
  SUBMIT_REASON_LABELS,
  type AnswerValue,
  type Attempt,
  type AttemptQuestion,
} from '@app/contracts';
import { isApiError } from '@/shared/lib/api-client';
import { examKeys, examsApi } from '../api/exams-api';
import { CertificateActions } from '../components/certificate-actions';
import { EXAMINATION_PATH, countdownText } from '../lib/exam-format';
import { useAutosave, type Draft } from '../lib/use-autosave';
import './exams.css';

const answered = (a: AnswerValue | null | undefined) =>
  a !== null && a !== undefined && (Array.isArray(a) ? a.length > 0 : typeof a === 'string' ? a.trim() !== '' : true);

const block = (e: ClipboardEvent | MouseEvent) => e.preventDefault();

function QuestionBody({ q, draft, onChange, disabled }: { q: AttemptQuestion; draft: Draft; onChange: (a: AnswerValue | null) => void; disabled: boolean }) {
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

function ResultView({ a }: { a: Attempt }) {
  const navigate = useNavigate();
  const pending = a.state === 'submitted';
  return (
    <Card className="page-container exam-card exam-result">
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

function Paper({ attempt, refetch }: { attempt: Attempt; refetch: () => void }) {
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const [drafts, setDrafts] = useState<Map<number, Draft>>(
    () => new Map(attempt.questions.map((q) => [q.id, { answer: q.answer, flagged: q.flagged }])),
  );
  const [leaves, setLeaves] = useState(attempt.leave_count);
  const [current, setCurrent] = useState(attempt.questions[0]?.id ?? 0);
  // The server's clock minus this device's, so a wrong device clock neither shortens nor lengthens the countdown.
  const [offset] = useState(() => new Date(attempt.server_now).getTime() - Date.now());
  const deadline = new Date(attempt.deadline).getTime();
  const [remaining, setRemaining] = useState(() => deadline - (Date.now() + offset));
  const autosave = useAutosave(attempt.id, true, refetch);
  const closing = useRef(false);

  const finish = useCallback(
    async (submit: boolean) => {
      if (closing.current) return;
      closing.current = true;
      await autosave.flush();
      try {
        if (submit) await examsApi.submit(attempt.id);
      } finally {
        await queryClient.invalidateQueries({ queryKey: examKeys.all });
        refetch();
      }
    },
    [attempt.id, autosave, queryClient, refetch],
  );

  // Server time countdown; at zero the server has closed the paper: read the result.
  useEffect(() => {
    const tick = setInterval(() => {
      const left = deadline - (Date.now() + offset);
      setRemaining(left);
      if (left <= 0) void finish(false);
    }, 1000);
    return () => clearInterval(tick);
  }, [deadline, finish, offset]);

  // Leaving the page (tab hidden or window blurred) is counted by the server; at the limit it submits the paper.
  useEffect(() => {
    let away = false;
    const left = () => {
      if (away || closing.current) return;
      away = true;
      void examsApi
        .leave(attempt.id)
        .then((r) => {
          setLeaves(r.leave_count);
          if (r.state !== 'in_progress') {
            closing.current = true;
            message.warning('离开考试页面次数已达上限，系统已自动交卷');
            void queryClient.invalidateQueries({ queryKey: examKeys.all });
            refetch();
          } else if (r.max_leaves > 0) {
            message.warning(`您已离开考试页面${r.leave_count}次，达到${r.max_leaves}次将自动交卷`);
          }
        })
        .catch(() => undefined);
    };
    const back = () => {
      if (document.visibilityState === 'visible') away = false;
    };
    const onVisibility = () => (document.visibilityState === 'hidden' ? left() : back());
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('blur', left);
    window.addEventListener('focus', back);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('blur', left);
      window.removeEventListener('focus', back);
    };
  }, [attempt.id, message, queryClient, refetch]);

  const update = (q: AttemptQuestion, patch: Partial<Draft>) => {
    setDrafts((prev) => {
      const next = new Map(prev);
      const draft = { ...(prev.get(q.id) ?? { answer: null, flagged: false }), ...patch };
      next.set(q.id, draft);
      autosave.change(q.id, draft);
      return next;
    });
    setCurrent(q.id);
  };

  const answeredCount = useMemo(
    () => attempt.questions.filter((q) => answered(drafts.get(q.id)?.answer)).length,
    [attempt.questions, drafts],
  );

  const confirmSubmit = () => {
    const left = attempt.questions.length - answeredCount;
    modal.confirm({
      title: '确认交卷',
      content: left > 0 ? `还有${left}道题未作答，交卷后不能修改，确定交卷吗？` : '交卷后不能修改，确定交卷吗？',
      okText: '交卷',
      cancelText: '继续作答',
      onOk: () => finish(true),
    });
  };

  const saveText =
    autosave.status === 'saving'
      ? '正在保存…'
      : autosave.status === 'error'
        ? '保存失败，正在重试'
        : autosave.savedAt
          ? `已自动保存 ${autosave.savedAt.toLocaleTimeString('zh-CN', { hour12: false })}`
          : '答案将自动保存';

  return (
    <div className="page-container exam-paper" onCopy={block} onCut={block} onPaste={block} onContextMenu={block}>
      <main className="exam-paper__questions" aria-label="试题">
        <h1 className="exam-paper__title">
          {attempt.exam_name} · {attempt.paper_title}
        </h1>
        {attempt.questions.map((q, i) => {
          const draft = drafts.get(q.id) ?? { answer: null, flagged: false };
          return (
            <Card
              key={q.id}
              id={`q-${q.id}`}
              size="small"
              className={`exam-question${current === q.id ? ' exam-question--current' : ''}`}
              title={
                <span>
                  第{i + 1}题 <Tag>{QUESTION_KIND_LABELS[q.kind]}</Tag>
                  <span className="exam-muted">（{q.score}分）</span>
                </span>
              }
              extra={
                <Button
                  size="small"
                  type="text"
                  aria-pressed={draft.flagged}
                  icon={draft.flagged ? <FlagFilled style={{ color: '#fa8c16' }} /> : <FlagOutlined />}
                  onClick={() => update(q, { flagged: !draft.flagged })}
                >
                  {draft.flagged ? '已标记' : '标记'}
                </Button>
              }
            >
              <p className="exam-question__stem">{q.stem}</p>
              <QuestionBody q={q} draft={draft} disabled={false} onChange={(answer) => update(q, { answer })} />
            </Card>
          );
        })}
      </main>
      <aside className="exam-paper__panel" aria-label="答题卡">
        <Card size="small">
          <div className="exam-timer" role="timer" aria-label="剩余时间">
            剩余时间 <strong>{countdownText(remaining)}</strong>
          </div>
          <div className="exam-muted">
            已答 {answeredCount} / {attempt.questions.length} · {saveText}
          </div>
          <div className="exam-muted" aria-label="离开次数">
            离开页面次数：{leaves}
            {attempt.max_leaves > 0 ? ` / ${attempt.max_leaves}` : ''}
          </div>
          <nav className="exam-nav" aria-label="题号导航">
            {attempt.questions.map((q, i) => {
              const d = drafts.get(q.id);
              const cls = ['exam-nav__item', answered(d?.answer) ? 'is-answered' : '', d?.flagged ? 'is-flagged' : '', current === q.id ? 'is-current' : '']
                .filter(Boolean)
                .join(' ');
              return (
                <button
                  key={q.id}
                  type="button"
                  className={cls}
                  aria-label={`第${i + 1}题${answered(d?.answer) ? '已答' : '未答'}${d?.flagged ? '，已标记' : ''}`}
                  onClick={() => {
                    setCurrent(q.id);
                    document.getElementById(`q-${q.id}`)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
                  }}
                >
                  {i + 1}
                </button>
              );
            })}
          </nav>
          <Space className="exam-legend" size={12}>
            <span><i className="exam-dot is-answered" />已答</span>
            <span><i className="exam-dot" />未答</span>
            <span><i className="exam-dot is-flagged" />标记</span>
          </Space>
          <Button type="primary" block onClick={confirmSubmit}>
            交卷
          </Button>
        </Card>
      </aside>
    </div>
  );
}

/** /exam/:attemptId: the paper (navigator, server-time countdown, autosave, leave counter) or its result. */
export default function ExamPage() {
  const { attemptId } = useParams();
  const id = Number(attemptId) || 0;
  const { message } = App.useApp();
  const attempt = useQuery({
    queryKey: examKeys.attempt(id),
    queryFn: () => examsApi.attempt(id),
    retry: false,
    refetchOnWindowFocus: false,
    enabled: id > 0,
  });
  const refetch = useCallback(() => void attempt.refetch(), [attempt]);
  const [taking, setTaking] = useState(false);

  if (attempt.isPending) return <Skeleton active paragraph={{ rows: 12 }} />;
  if (attempt.isError) {
    const err = attempt.error;
    if (isApiError(err) && err.code === 409 && (err.data as { takeover?: boolean } | null)?.takeover)
      return (
        <Card className="page-container exam-card">
          <Result
            status="warning"
            title="本场考试已在其他设备开始"
            subTitle={err.message}
            extra={
              <Button
                type="primary"
                loading={taking}
                onClick={async () => {
                  setTaking(true);
                  try {
                    await examsApi.takeover(id);
                    refetch();
                  } catch {
                    message.error('接管失败，请稍后重试');
                  } finally {
                    setTaking(false);
                  }
                }}
              >
                在本设备继续作答
              </Button>
            }
          />
        </Card>
      );
    return (
      <Card className="page-container exam-card">
        <Alert type="error" showIcon message={isApiError(err) ? err.message : '答卷加载失败'} />
      </Card>
    );
  }
  const a = attempt.data;
  if (a.state !== 'in_progress') return <ResultView a={a} />;
  return <Paper key={a.id} attempt={a} refetch={refetch} />;
}
