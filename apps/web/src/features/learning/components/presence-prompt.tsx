import { Button } from 'antd';
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { learningMessages } from '@app/contracts/learning/learning.rules';
import './presence-prompt.css';

export interface PresencePromptProps {
  /** Seconds left to answer when the prompt opened; 0 when the time has already passed. */
  answerIn: number;
  /** The answer time passed: crediting is paused until the learner answers. */
  paused: boolean;
  /** The confirmation is on its way. */
  busy?: boolean;
  onConfirm(): void;
  /** Called once when the countdown reaches 0 with no answer (at once when it opens with the time passed). */
  onTimeout(): void;
}

/**
 * The presence check (学习确认) drawn over the lesson video: a small dialog whose 继续学习 button takes the focus,
 * with the seconds left to answer; once they run out it says that timing is paused until the learner answers.
 * Mount it anew (a `key`) for each check.
 */
export function PresencePrompt({ answerIn, paused, busy = false, onConfirm, onTimeout }: PresencePromptProps) {
  const titleId = useId();
  const textId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const [left, setLeft] = useState(() => Math.max(0, Math.ceil(answerIn)));
  const timedOut = paused || left <= 0;
  const timeoutRef = useRef(onTimeout);
  useEffect(() => {
    timeoutRef.current = onTimeout;
  });

  // The countdown runs on the wall clock, so a throttled background tab still ends it on time.
  useEffect(() => {
    if (paused) return;
    const until = Date.now() + Math.max(0, answerIn) * 1000;
    const tick = () => setLeft(Math.max(0, Math.ceil((until - Date.now()) / 1000)));
    const timer = setInterval(tick, 250);
    return () => clearInterval(timer);
  }, [answerIn, paused]);

  const fired = useRef(false);
  useEffect(() => {
    if (timedOut && !fired.current) {
      fired.current = true;
      timeoutRef.current();
    }
  }, [timedOut]);

  // The learner's attention goes to the one thing to do, now and again when the time runs out.
  useEffect(() => {
    button.current?.focus();
  }, [timedOut]);

  // Answered (the prompt unmounts), focus goes back where it was when the prompt opened (the player, say).
  const rootRef = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const active = document.activeElement;
    const opener = active instanceof HTMLElement && active !== document.body ? active : null;
    const root = rootRef.current;
    return () => {
      const now = document.activeElement;
      if (opener?.isConnected && (!now || now === document.body || root?.contains(now))) opener.focus();
    };
  }, []);

  return (
    <div ref={rootRef} className="presence-prompt" role="alertdialog" aria-modal="false" aria-labelledby={titleId} aria-describedby={textId}>
      <div className="presence-prompt__card">
        <h2 id={titleId} className="presence-prompt__title">
          学习确认
        </h2>
        <p id={textId} className="presence-prompt__text">
          {timedOut ? learningMessages.presencePaused : learningMessages.presencePrompt}
        </p>
        {!timedOut && (
          <p className="presence-prompt__countdown">
            剩余 <span className="presence-prompt__seconds">{left}</span> 秒，超时将暂停学习计时
          </p>
        )}
        <Button ref={button} type="primary" size="large" className="presence-prompt__button" loading={busy} onClick={onConfirm}>
          继续学习
        </Button>
      </div>
    </div>
  );
}
