import type { AttemptQuestion } from '@app/contracts';
import { answered } from '../lib/paper';
import type { Draft } from '../lib/use-autosave';

/** Question numbers (1-based) as 第1、3、5题. */
const numbersText = (numbers: number[]) => `第${numbers.join('、')}题`;

interface SubmitConfirmProps {
  questions: AttemptQuestion[];
  drafts: Map<number, Draft>;
  /** Go to question `n` (1-based) from the list of unanswered ones. */
  onJump: (n: number) => void;
}

/** The body of the 确认交卷 dialog: unanswered questions (each a jump button), marked ones, and the last warning. */
export function SubmitConfirm({ questions, drafts, onJump }: SubmitConfirmProps) {
  const unanswered = questions.flatMap((q, i) => (answered(drafts.get(q.id)?.answer) ? [] : [i + 1]));
  const flagged = questions.flatMap((q, i) => (drafts.get(q.id)?.flagged ? [i + 1] : []));
  return (
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
                onClick={() => onJump(n)}
              >
                {n}
              </button>
            ))}
          </div>
        </>
      ) : (
        <p>全部{questions.length}道题已作答。</p>
      )}
      {flagged.length > 0 && <p>已标记待检查：{numbersText(flagged)}</p>}
      <p>交卷后不能修改，确定交卷吗？</p>
    </div>
  );
}
