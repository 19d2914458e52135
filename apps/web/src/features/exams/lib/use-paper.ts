import { useQueryClient } from '@tanstack/react-query';
import type { App } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { LEAVE_GRACE_SECONDS, type Attempt, type AttemptQuestion } from '@app/contracts';
import { useIsPhone } from '@/shared/hooks/use-is-phone';
import { examKeys, examsApi } from '../api/exams-api';
import { answered } from './paper';
import { useAutosave, type Draft } from './use-autosave';
import { useLeaveWatch } from './use-leave-watch';

type Message = ReturnType<typeof App.useApp>['message'];

/**
 * One sitting of a paper: the drafts, the current question, the server-time countdown, autosave, the leave counter,
 * and closing the paper (submitted, or read back when the time is up). `message` shows the leave warnings.
 */
export function usePaper(attempt: Attempt, refetch: () => void, message: Message) {
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
  const touchRef = useRef<{ x: number; y: number } | null>(null);
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

  return {
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
  };
}
