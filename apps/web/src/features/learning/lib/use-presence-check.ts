import { useCallback, useEffect, useRef, useState } from 'react';
import type { LessonPresence } from '@app/contracts';

/** What the presence check needs of the player. */
export interface PresencePlayer {
  /** Sends a progress report of the present state; its answer comes back through `update`. */
  reportNow(): void;
  isPlaying(): boolean;
  pause(): void;
  play(): Promise<boolean>;
}

export interface OpenCheck {
  nonce: string;
  /** Seconds left to answer when it was told. */
  answerIn: number;
  paused: boolean;
}

/** A late report answer may still carry a check that was just confirmed; ignore it for this long. */
const CONFIRMED_GRACE_MS = 5_000;

/**
 * The player's side of the presence check (学习确认); the server decides everything. The lesson and every report
 * answer tell when the next check is due; at that moment the player reports, and the answer carries the open check's
 * nonce, which opens the prompt. When its time runs out the video is paused (the server credits nothing until the
 * answer anyway, and the learner should not miss what is not counted); the answer resumes it.
 */
export function usePresenceCheck(opts: {
  /** The lesson: its check starts afresh when it changes. */
  lessonId: number;
  initial: LessonPresence | null | undefined;
  player(): PresencePlayer | null;
  confirm(nonce: string): Promise<LessonPresence>;
}) {
  const [check, setCheck] = useState<OpenCheck | null>(null);
  const [busy, setBusy] = useState(false);
  /** The next check falls due this long after it was told (a new object each time, so the timer restarts). */
  const [due, setDue] = useState<{ delayMs: number } | null>(null);
  const autoPaused = useRef(false);
  const confirmed = useRef<{ nonce: string; at: number } | null>(null);
  const optsRef = useRef(opts);
  useEffect(() => {
    optsRef.current = opts;
  });

  const update = useCallback((p: LessonPresence | null | undefined) => {
    if (!p) return;
    if (p.nonce) {
      const done = confirmed.current;
      if (done && done.nonce === p.nonce && Date.now() - done.at < CONFIRMED_GRACE_MS) return;
      const nonce = p.nonce;
      setDue(null);
      setCheck((c) =>
        c && c.nonce === nonce
          ? c.paused || !p.paused
            ? c
            : { ...c, paused: true }
          : { nonce, answerIn: p.answer_in ?? 0, paused: p.paused },
      );
    } else {
      setCheck(null);
      setDue({ delayMs: p.due_in * 1000 });
    }
  }, []);

  // The lesson's own schedule, once it is read; another lesson starts with nothing open (state reset while
  // rendering, React's way of deriving state from a prop that changed).
  const { initial, lessonId } = opts;
  const [source, setSource] = useState<{ lessonId: number; initial: typeof initial } | null>(null);
  if (!source || source.lessonId !== lessonId || source.initial !== initial) {
    setSource({ lessonId, initial });
    setCheck(initial?.nonce ? { nonce: initial.nonce, answerIn: initial.answer_in ?? 0, paused: initial.paused } : null);
    setDue(initial && !initial.nonce ? { delayMs: initial.due_in * 1000 } : null);
  }
  useEffect(() => {
    autoPaused.current = false;
  }, [lessonId]);

  // At the due time the player reports, so the answer brings the check (and again a little later if it did not).
  useEffect(() => {
    if (!due) return;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const ask = () => {
      optsRef.current.player()?.reportNow();
      retry = setTimeout(ask, 15_000);
    };
    const timer = setTimeout(ask, Math.max(0, due.delayMs) + 500);
    return () => {
      clearTimeout(timer);
      if (retry) clearTimeout(retry);
    };
  }, [due]);

  const onTimeout = useCallback(() => {
    setCheck((c) => (c ? { ...c, paused: true } : c));
    const player = optsRef.current.player();
    if (player?.isPlaying()) {
      autoPaused.current = true;
      player.pause();
    }
  }, []);

  const answer = useCallback(async () => {
    if (!check || busy) return;
    setBusy(true);
    try {
      const next = await optsRef.current.confirm(check.nonce);
      confirmed.current = { nonce: check.nonce, at: Date.now() };
      update(next);
      const player = optsRef.current.player();
      if (autoPaused.current && player && !player.isPlaying()) {
        autoPaused.current = false;
        // Its `play` report opens a new credited interval; if the browser refuses, a report does it for what plays.
        if (!(await player.play())) player.reportNow();
      } else player?.reportNow();
    } catch {
      // An old or wrong check (answered in another tab, the lesson reopened): a report brings the present one.
      optsRef.current.player()?.reportNow();
    } finally {
      setBusy(false);
    }
  }, [busy, check, update]);

  return { check, busy, update, answer, onTimeout };
}
