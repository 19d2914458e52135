import { useCallback, useEffect, useRef, useState } from 'react';
import { AUTOSAVE_DEBOUNCE_MS, examsRoutes, type AnswerValue } from '@app/contracts';
import { isApiError } from '@/shared/lib/api-client';
import { useSessionStore } from '@/shared/lib/session/session-store';
import { examsApi } from '../api/exams-api';

export interface Draft {
  answer: AnswerValue | null;
  flagged: boolean;
}
export type SaveStatus = 'idle' | 'saving' | 'saved' | 'error';

/**
 * Autosave of an attempt: every change marks its question dirty; dirty answers are sent together after
 * AUTOSAVE_DEBOUNCE_MS without changes, and at once (keepalive fetch, which outlives the page) when the page is
 * hidden or unloaded. A failed save keeps the answers dirty and is retried with the next change or in 5 s.
 */
export function useAutosave(attemptId: number, active: boolean, onClosed: () => void) {
  const drafts = useRef(new Map<number, Draft>());
  const dirty = useRef(new Set<number>());
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const inFlight = useRef(false);
  const [status, setStatus] = useState<SaveStatus>('idle');
  const [savedAt, setSavedAt] = useState<Date | null>(null);
  /** The latest flush, for the retry timer (a callback cannot name itself while it is being made). */
  const retry = useRef<() => void>(() => undefined);

  const batch = () =>
    [...dirty.current].map((id) => ({ question_id: id, ...(drafts.current.get(id) ?? { answer: null, flagged: false }) }));

  const flush = useCallback(async () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    if (!active || dirty.current.size === 0 || inFlight.current) return;
    const answers = batch();
    dirty.current.clear();
    inFlight.current = true;
    setStatus('saving');
    try {
      await examsApi.saveAnswers(attemptId, { answers });
      setStatus('saved');
      setSavedAt(new Date());
    } catch (err) {
      // The server closed the paper (deadline, leaves, another device): nothing more can be saved; show the result.
      if (isApiError(err) && err.code === 409) {
        onClosed();
        return;
      }
      for (const a of answers) dirty.current.add(a.question_id);
      setStatus('error');
      timer.current = setTimeout(() => retry.current(), 5_000);
    } finally {
      inFlight.current = false;
    }
  }, [attemptId, active, onClosed]);

  useEffect(() => {
    retry.current = () => void flush();
  }, [flush]);

  /** On page hide: a keepalive request that the browser finishes even while the page goes away. */
  const flushOnHide = useCallback(() => {
    if (!active || dirty.current.size === 0) return;
    const token = useSessionStore.getState().token;
    const answers = batch();
    dirty.current.clear();
    void fetch(examsRoutes.saveAnswers.path.replace(':id', String(attemptId)), {
      method: 'PUT',
      keepalive: true,
      headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
      body: JSON.stringify({ answers }),
    }).catch(() => {
      for (const a of answers) dirty.current.add(a.question_id);
    });
  }, [attemptId, active]);

  const change = useCallback(
    (questionId: number, draft: Draft) => {
      drafts.current.set(questionId, draft);
      dirty.current.add(questionId);
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush(), AUTOSAVE_DEBOUNCE_MS);
    },
    [flush],
  );

  useEffect(() => {
    const onHide = () => {
      if (document.visibilityState === 'hidden') flushOnHide();
    };
    document.addEventListener('visibilitychange', onHide);
    window.addEventListener('pagehide', flushOnHide);
    return () => {
      document.removeEventListener('visibilitychange', onHide);
      window.removeEventListener('pagehide', flushOnHide);
      if (timer.current) clearTimeout(timer.current);
    };
  }, [flushOnHide]);

  return { change, flush, status, savedAt, pending: () => dirty.current.size };
}
