import { CloseOutlined } from '@ant-design/icons';
import { App, Button, Card, Drawer } from 'antd';
import { LEAVE_RULE_TEXT, leaveLimitText, type Attempt, type AttemptQuestion } from '@app/contracts';
import { chinaTime } from '@/shared/lib/china-time';
import { countdownText } from '../lib/exam-format';
import { block } from '../lib/paper';
import { swipeDirection } from '../lib/swipe';
import { usePaper } from '../lib/use-paper';
import { QuestionCard } from './exam-question';
import { QuestionGrid } from './question-grid';
import { SubmitConfirm } from './submit-confirm';

/** The paper being sat: all questions beside the 答题卡 on a desk, one question at a time full-screen on a phone. */
export function Paper({ attempt, refetch }: { attempt: Attempt; refetch: () => void }) {
  const { message, modal } = App.useApp();
  const {
    phone,
    drafts,
    leaves,
    index,
    sheetOpen,
    setSheetOpen,
    remaining,
    autosave,
    touchRef,
    screenRef,
    total,
    finish,
    update,
    jump,
    answeredCount,
  } = usePaper(attempt, refetch, message);

  const confirmSubmit = () => {
    const dialog = modal.confirm({
      title: '确认交卷',
      className: 'exam-confirm-modal',
      content: (
        <SubmitConfirm
          questions={attempt.questions}
          drafts={drafts}
          onJump={(n) => {
            dialog.destroy();
            jump(n - 1);
          }}
        />
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
            touchRef.current = t ? { x: t.clientX, y: t.clientY } : null;
          }}
          onTouchEnd={(e) => {
            const from = touchRef.current;
            const t = e.changedTouches[0];
            touchRef.current = null;
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
