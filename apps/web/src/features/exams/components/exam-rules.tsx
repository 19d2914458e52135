import { LEAVE_RULE_TEXT, leaveLimitText, type ExamSession } from '@app/contracts';

/** The leave limits of the listed sessions, as one sentence (papers of one exam type usually share it). */
function limitText(sessions: Pick<ExamSession, 'max_leaves'>[]): string {
  const limits = [...new Set(sessions.map((s) => s.max_leaves))];
  if (limits.length === 1) return leaveLimitText(limits[0]!);
  return '离开次数达到本场试卷规定的上限时，系统将自动交卷。';
}

/**
 * 考试须知: what happens while sitting the paper, shown on the notice and before a paper starts. The leave rule is the
 * one the server applies (LEAVE_GRACE_SECONDS, countsAsLeave).
 */
export function ExamRules({ sessions, durationMinutes }: { sessions: Pick<ExamSession, 'max_leaves'>[]; durationMinutes?: number }) {
  return (
    <ol className="exam-rules">
      <li>
        {durationMinutes ? `考试时长${durationMinutes}分钟，` : ''}
        开始作答后按服务器时间倒计时，时间到系统自动交卷；中途关闭页面不会暂停计时。
      </li>
      <li>答案自动保存，网络中断时会自动重试；同一时间只能在一台设备上作答。</li>
      <li>
        {LEAVE_RULE_TEXT}
        {limitText(sessions)}
      </li>
      <li>答题时禁止复制、粘贴题目和答案。</li>
    </ol>
  );
}
