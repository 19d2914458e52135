import { Space } from 'antd';
import type { AttemptQuestion } from '@app/contracts';
import { answered } from '../lib/paper';
import type { Draft } from '../lib/use-autosave';

interface GridProps {
  questions: AttemptQuestion[];
  drafts: Map<number, Draft>;
  index: number;
  onJump: (i: number) => void;
}

/** 答题卡: one button per question, answered / unanswered / marked told apart by colour, mark and name. */
export function QuestionGrid({ questions, drafts, index, onJump }: GridProps) {
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
