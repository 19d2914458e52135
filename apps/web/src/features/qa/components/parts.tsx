import { QA_STATE_LABELS, type QaState } from '@app/contracts/qa/qa.rules';
import type { ExpertCard as Expert, QuizAnswer } from '@app/contracts/qa/qa.schemas';
import { PlainAvatar } from '@/shared/ui/plain-avatar';
import { PlainTag, type PlainTagColor } from '@/shared/ui/plain-tag';
import { time } from '../lib/format';

const STATE_COLORS: Record<QaState, PlainTagColor> = {
  waiting: 'orange',
  answering: 'blue',
  answered: 'green',
  closed: 'default',
};

export function StateTag({ state }: { state: QaState }) {
  return <PlainTag color={STATE_COLORS[state]}>{QA_STATE_LABELS[state]}</PlainTag>;
}

/** The think-tank expert beside an answer. */
export function ExpertCard({ expert }: { expert: Expert }) {
  return (
    <aside className="qa-expert" aria-label="解答专家">
      <PlainAvatar name={expert.name} src={expert.photo} size={64} />
      <div className="qa-expert__body">
        <div className="qa-expert__name">
          {expert.name}
          <span className="qa-expert__title">{expert.title}</span>
        </div>
        <div className="qa-expert__org">{expert.organisation}</div>
        <div className="qa-expert__fields">
          {expert.fields.map((f) => (
            <PlainTag key={f}>{f}</PlainTag>
          ))}
        </div>
        <p className="qa-expert__intro">{expert.introduction}</p>
      </div>
    </aside>
  );
}

/**
 * An expert's answer. The HTML was sanitised by the server with an allowlist when it was stored (sanitize-html:
 * paragraphs, emphasis, lists, quotes, headings, http(s) links; no scripts, handlers or styles), so it is rendered.
 */
export function AnswerBlock({ answer }: { answer: QuizAnswer }) {
  return (
    <section className="qa-answer" aria-label="专家解答">
      <div className="qa-answer__head">
        <strong>专家解答</strong>
        <span className="qa-muted">{time(answer.answered_at)}</span>
      </div>
      <div className="qa-answer__html" dangerouslySetInnerHTML={{ __html: answer.html }} />
      {answer.references.length > 0 && (
        <div className="qa-refs">
          <div className="qa-refs__title">政策依据</div>
          <ul>
            {answer.references.map((r, i) => (
              <li key={i}>
                {r.url ? (
                  <a href={r.url} target="_blank" rel="noopener noreferrer nofollow">
                    {r.title}
                  </a>
                ) : (
                  r.title
                )}
                {r.doc_no && <span className="qa-muted">（{r.doc_no}）</span>}
              </li>
            ))}
          </ul>
        </div>
      )}
      {answer.expert && <ExpertCard expert={answer.expert} />}
    </section>
  );
}

/** The question text: plain text, line breaks kept, images below. */
export function QuestionBody({ body, images }: { body: string; images: string[] }) {
  return (
    <>
      <div className="qa-body">{body}</div>
      {images.length > 0 && (
        <div className="qa-images">
          {images.map((src, i) => (
            <a key={src} href={src} target="_blank" rel="noreferrer">
              <img src={src} alt={`问题配图${i + 1}`} loading="lazy" />
            </a>
          ))}
        </div>
      )}
    </>
  );
}
