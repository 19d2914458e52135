import { CloseOutlined, FlagFilled, FlagOutlined } from '@ant-design/icons';
import { App, Alert, Button, Card, Checkbox, Drawer, Input, Radio, Result, Skeleton, Space, Tag } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ClipboardEvent,
  type MouseEvent,
} from 'react';
import { useNavigate, useParams } from 'react-router';
import {
  LEAVE_GRACE_SECONDS,
  LEAVE_RULE_TEXT,
  OPTION_LETTERS,
  QUESTION_KIND_LABELS,
  SUBMIT_REASON_LABELS,
  type AnswerValue,
  type Attempt,
  type AttemptQuestion,
  leaveLimitText,
} from '@app/contracts';
import { useIsPhone } from '@/shared/hooks/use-is-phone';
import { isApiError } from '@/shared/lib/api-client';
import { chinaTime } from '@/shared/lib/china-time';
import { examKeys, examsApi } from '../api/exams-api';
import { CertificateActions } from '../components/certificate-actions';
import { EXAMINATION_PATH, countdownText } from '../lib/exam-format';
import { useAutosave, type Draft } from '../lib/use-autosave';
import { swipeDirection } from '../lib/swipe';
import { useLeaveWatch } from '../lib/use-leave-watch';
import './exams.css';

const answered = (a: AnswerValue | null | undefined) =>
  a !== null &&
  a !== undefined &&
  (Array.isArray(a) ? a.length > 0 : typeof a === 'string' ? a.trim() !== '' : true);

const block = (e: ClipboardEvent | MouseEvent) => e.preventDefault();

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

function ResultView({ a, justSubmitted = false }: { a: Attempt; justSubmitted?: boolean }) {
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

interface GridProps {
  questions: AttemptQuestion[];
  drafts: Map<number, Draft>;
  index: number;
  onJump: (i: number) => void;
}

/** 答题卡: one button per question, answered / unanswered / marked told apart by colour, mark and name. */
function QuestionGrid({ questions, drafts, index, onJump }: GridProps) {
  return (
    <>
      <nav className="exam-nav" aria-label="题号导航">
        {questions.map((q, i) => {
          const d = drafts.get(q.id);
          const done = answered(d?.answer);
          const cls = [
            'exam-nav__item',
            done ? 'is-answered' : '',
            d?.flagged ? 'is-flagged' : '',
            index === i ? 'is-current' : '',
          ]
            .filter(Boolean)
            .join(' ');
          return (
            <button
              key={q.id}
              type="button"
              className={cls}
              aria-current={index === i ? 'step' : undefined}
              aria-label={`第${i + 1}题${done ? '已答' : '未答'}${d?.flagged ? '，已标记' : ''}`}
              onClick={() => onJump(i)}
            >
              {i + 1}
            </button>
          );
        })}
      </nav>
      <Space className="exam-legend" size={12} wrap>
        <span>
          <i className="exam-dot is-answered" aria-hidden="true" />
          已答
        </span>
        <span>
          <i className="exam-dot" aria-hidden="true" />
          未答
        </span>
        <span>
          <i className="exam-dot is-flagged" aria-hidden="true" />
          标记
        </span>
      </Space>
    </>
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

function QuestionCard({ q, i, draft, current, phone, onUpdate }: QuestionCardProps) {
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

/** Question numbers (1-based) as 第1、3、5题. */
const numbersText = (numbers: number[]) => `第${numbers.join('、')}题`;

function Paper({ attempt, refetch }: { attempt: Attempt; refetch: () => void }) {
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const phone = useIsPhone();
  const [drafts, setDrafts] = useState<Map<number, Draft>>(
    () => new Map(attempt.questions.map((q) => [q.id, { answer: q.answer, flagged: q.flagged }])),
  );
  const [leaves, setLeaves] = useState(attempt.leave_count);
  const [index, setIndex] = useState(0);
  const [sheetOpen, setSheetOpen] = useState(false);
  // The server's clock minus this device's, so a wrong device clock neither shortens nor lengthens the countdown.
  const [offset] = useState(() => new Date(attempt.server_now).getTime() - Date.now());
  const deadline = new Date(attempt.deadline).getTime();
  const [remaining, setRemaining] = useState(() => deadline - (Date.now() + offset));
  const autosave = useAutosave(attempt.id, true, refetch);
  const closing = useRef(false);
  const touch = useRef<{ x: number; y: number } | null>(null);
  /** On a phone the paper is its own full-screen scroller (the site's header and footer stay behind it). */
  const screenRef = useRef<HTMLDivElement>(null);
  const total = attempt.questions.length;

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

  // Absences are measured here and counted by the server (longer than LEAVE_GRACE_SECONDS); at the limit it submits.
  useLeaveWatch(
    attempt.id,
    (ms) => examsApi.leave(attempt.id, ms),
    (r) => {
      setLeaves(r.leave_count);
      if (r.state !== 'in_progress') {
        closing.current = true;
        message.warning('离开考试页面次数已达上限，系统已自动交卷');
        void queryClient.invalidateQueries({ queryKey: examKeys.all });
        refetch();
      } else if (r.counted) {
        message.warning(
          `离开考试页面超过${LEAVE_GRACE_SECONDS}秒，已计离开${r.leave_count}次` +
            (r.max_leaves > 0 ? `，达到${r.max_leaves}次将自动交卷` : ''),
        );
      }
    },
    () => closing.current,
  );

  const update = (q: AttemptQuestion, i: number, patch: Partial<Draft>) => {
    setDrafts((prev) => {
      const next = new Map(prev);
      const draft = { ...(prev.get(q.id) ?? { answer: null, flagged: false }), ...patch };
      next.set(q.id, draft);
      autosave.change(q.id, draft);
      return next;
    });
    setIndex(i);
  };

  const jump = (i: number) => {
    const to = Math.min(Math.max(i, 0), total - 1);
    setIndex(to);
    setSheetOpen(false);
    if (phone) screenRef.current?.scrollTo({ top: 0 });
    else
      document
        .getElementById(`q-${attempt.questions[to]!.id}`)
        ?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  // While the phone paper covers the screen, the page behind it does not scroll (nor shows its back-to-top button).
  useEffect(() => {
    if (!phone) return;
    const root = document.documentElement;
    const before = root.style.overflow;
    root.style.overflow = 'hidden';
    return () => {
      root.style.overflow = before;
    };
  }, [phone]);

  const answeredCount = useMemo(
    () => attempt.questions.filter((q) => answered(drafts.get(q.id)?.answer)).length,
    [attempt.questions, drafts],
  );

  const confirmSubmit = () => {
    const unanswered = attempt.questions.flatMap((q, i) =>
      answered(drafts.get(q.id)?.answer) ? [] : [i + 1],
    );
    const flagged = attempt.questions.flatMap((q, i) => (drafts.get(q.id)?.flagged ? [i + 1] : []));
    const dialog = modal.confirm({
      title: '确认交卷',
      className: 'exam-confirm-modal',
      content: (
        <div className="exam-confirm">
          {unanswered.length > 0 ? (
            <>
              <p>
                还有{unanswered.length}道题未作答：
                <span className="exam-confirm__numbers">{numbersText(unanswered)}</span>
              </p>
              <div className="exam-confirm__jumps" role="group" aria-label="未作答的题">
                {unanswered.map((n) => (
                  <button
                    key={n}
                    type="button"
                    className="exam-nav__item"
                    aria-label={`去第${n}题作答`}
                    onClick={() => {
                      dialog.destroy();
                      jump(n - 1);
                    }}
                  >
                    {n}
                  </button>
                ))}
              </div>
            </>
          ) : (
            <p>全部{total}道题已作答。</p>
          )}
          {flagged.length > 0 && <p>已标记待检查：{numbersText(flagged)}</p>}
          <p>交卷后不能修改，确定交卷吗？</p>
        </div>
      ),
      okText: '交卷',
      cancelText: '继续作答',
      onOk: () => finish(true),
    });
  };

  const saveText =
    autosave.status === 'saving'
      ? '保存中…'
      : autosave.status === 'error'
        ? '保存失败，正在重试'
        : autosave.savedAt
          ? `已保存 ${chinaTime(autosave.savedAt)}`
          : '答案将自动保存';
  const saveState = (
    <span
      role="status"
      aria-live="polite"
      className={`exam-save${autosave.status === 'error' ? ' is-error' : ''}`}
    >
      {saveText}
    </span>
  );
  const leaveLine = (
    <div className="exam-muted" aria-label="离开次数">
      离开页面次数：{leaves}
      {attempt.max_leaves > 0 ? ` / ${attempt.max_leaves}` : ''}
    </div>
  );
  const leaveRule = (
    <p className="exam-muted exam-leave-rule">
      {LEAVE_RULE_TEXT}
      {leaveLimitText(attempt.max_leaves)}
    </p>
  );
  const grid = <QuestionGrid questions={attempt.questions} drafts={drafts} index={index} onJump={jump} />;
  const card = (q: AttemptQuestion, i: number) => (
    <QuestionCard
      key={q.id}
      q={q}
      i={i}
      draft={drafts.get(q.id) ?? { answer: null, flagged: false }}
      current={index === i}
      phone={phone}
      onUpdate={(patch) => update(q, i, patch)}
    />
  );

  if (phone) {
    const q = attempt.questions[index];
    return (
      <div
        ref={screenRef}
        className="exam-paper exam-paper--phone"
        onCopy={block}
        onCut={block}
        onPaste={block}
        onContextMenu={block}
      >
        <header className="exam-phone-bar">
          <div className="exam-timer" role="timer" aria-label="剩余时间">
            剩余 <strong>{countdownText(remaining)}</strong>
          </div>
          <div className="exam-phone-bar__facts">
            <span>
              已答 {answeredCount} / {total}
            </span>
            {saveState}
          </div>
          <Button onClick={() => setSheetOpen(true)} aria-haspopup="dialog">
            答题卡
          </Button>
        </header>
        <main
          className="exam-paper__questions"
          aria-label="试题"
          onTouchStart={(e) => {
            const t = e.touches[0];
            touch.current = t ? { x: t.clientX, y: t.clientY } : null;
          }}
          onTouchEnd={(e) => {
            const from = touch.current;
            const t = e.changedTouches[0];
            touch.current = null;
            if (!from || !t) return;
            const step = swipeDirection(t.clientX - from.x, t.clientY - from.y);
            if (step !== 0) jump(index + step);
          }}
        >
          <h1 className="exam-paper__title">
            {attempt.exam_name} · {attempt.paper_title}
          </h1>
          <div className="exam-muted exam-phone-count">
            第 {index + 1} / {total} 题
          </div>
          {q && card(q, index)}
        </main>
        <nav className="exam-phone-steps" aria-label="翻题">
          <Button size="large" disabled={index === 0} onClick={() => jump(index - 1)}>
            上一题
          </Button>
          {index < total - 1 ? (
            <Button size="large" type="primary" onClick={() => jump(index + 1)}>
              下一题
            </Button>
          ) : (
            <Button size="large" type="primary" onClick={confirmSubmit}>
              交卷
            </Button>
          )}
        </nav>
        <Drawer
          title="答题卡"
          placement="bottom"
          open={sheetOpen}
          onClose={() => setSheetOpen(false)}
          size="auto"
          className="exam-sheet"
          closeIcon={<CloseOutlined aria-label="关闭答题卡" />}
        >
          <div className="exam-muted">
            已答 {answeredCount} / {total}
          </div>
          {leaveLine}
          {grid}
          {leaveRule}
          <Button
            type="primary"
            size="large"
            block
            onClick={() => {
              setSheetOpen(false);
              confirmSubmit();
            }}
          >
            交卷
          </Button>
        </Drawer>
      </div>
    );
  }

  return (
    <div
      className="page-container exam-paper"
      onCopy={block}
      onCut={block}
      onPaste={block}
      onContextMenu={block}
    >
      <main className="exam-paper__questions" aria-label="试题">
        <h1 className="exam-paper__title">
          {attempt.exam_name} · {attempt.paper_title}
        </h1>
        {attempt.questions.map((q, i) => card(q, i))}
      </main>
      <aside className="exam-paper__panel" aria-label="答题卡">
        <Card size="small">
          <div className="exam-timer" role="timer" aria-label="剩余时间">
            剩余时间 <strong>{countdownText(remaining)}</strong>
          </div>
          <div className="exam-muted">
            已答 {answeredCount} / {total} · {saveState}
          </div>
          {leaveLine}
          {grid}
          {leaveRule}
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
  // Whether this visit showed the paper: its result then replaces it (ResultView takes focus).
  const [sawPaper, setSawPaper] = useState(false);

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
  if (a.state !== 'in_progress') return <ResultView a={a} justSubmitted={sawPaper} />;
  if (!sawPaper) setSawPaper(true);
  return <Paper key={a.id} attempt={a} refetch={refetch} />;
}
