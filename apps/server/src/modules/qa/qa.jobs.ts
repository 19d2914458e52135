import { sql } from 'drizzle-orm';
import { qaNoticeTitles as titles } from '@app/contracts';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/sql';
import type { Clock } from '../../lib/clock';
import type { MessagesService } from '../messages';
import { chinaDate } from './qa.calendar';
import { qaRepository as repo } from './qa.repository';
import { formatChinaTime, monthStart } from './qa.service';

/** From this China-time hour on, the day's staff summary is sent (once). */
export const DAILY_SUMMARY_HOUR = 9;
/** How often each process runs the checks. */
export const QA_JOB_INTERVAL_MS = 60_000;

export interface QaCheckResult {
  dueSoon: number;
  overdue: number;
  summarySent: boolean;
}

/**
 * The scheduled Q&A checks: due-soon reminders to the claiming expert, overdue notices to staff, and the daily staff
 * summary. Idempotent and safe with several processes: each notice is sent by the one conditional UPDATE (or
 * INSERT ... ON CONFLICT DO NOTHING) that marks it, in the same transaction as the message.
 */
export async function runQaChecks(deps: {
  db: Db;
  clock: Clock;
  messages: MessagesService;
}): Promise<QaCheckResult> {
  const { db, clock, messages } = deps;
  const now = clock.now();
  return db.transaction(async (tx) => {
    const dueSoon = await rowsOf<{ id: number; title: string; claimed_by: number; due_at: Date }>(
      tx,
      sql`UPDATE qa_questions q SET due_soon_notified_at = ${now}::timestamptz
          WHERE q.status = 'waiting' AND NOT q.hidden AND q.due_soon_notified_at IS NULL
            AND q.due_soon_at <= ${now}::timestamptz AND q.due_at > ${now}::timestamptz
            AND q.claimed_by IS NOT NULL AND (q.claim_expires_at IS NULL OR q.claim_expires_at > ${now}::timestamptz)
          RETURNING q.id, q.title, q.claimed_by, q.due_at`,
    );
    for (const q of dueSoon)
      await messages.send(
        q.claimed_by,
        titles.dueSoon,
        `您认领的问题“${q.title}”将于 ${formatChinaTime(new Date(q.due_at))} 到期，请尽快解答。`,
        tx,
      );

    const overdue = await rowsOf<{ id: number; title: string; due_at: Date }>(
      tx,
      sql`UPDATE qa_questions q SET overdue_notified_at = ${now}::timestamptz
          WHERE q.status = 'waiting' AND NOT q.hidden AND q.overdue_notified_at IS NULL
            AND q.due_at <= ${now}::timestamptz
          RETURNING q.id, q.title, q.due_at`,
    );
    const staff = await repo.staffIds(tx);
    if (overdue.length) {
      const lines = overdue
        .slice(0, 10)
        .map((q) => `“${q.title}”（应于 ${formatChinaTime(new Date(q.due_at))} 前解答）`)
        .join('；');
      const more = overdue.length > 10 ? `等${overdue.length}个问题` : '';
      for (const id of staff)
        await messages.send(
          id,
          titles.overdue,
          `以下问题已超过解答时限：${lines}${more}。请在问答管理中指派专家。`,
          tx,
        );
    }

    let summarySent = false;
    const hour = Number(new Date(now.getTime() + 8 * 3_600_000).toISOString().slice(11, 13));
    if (hour >= DAILY_SUMMARY_HOUR) {
      const day = chinaDate(now);
      const won = await rowsOf<{ day: string }>(
        tx,
        sql`INSERT INTO qa_daily_summaries (day, sent_at) VALUES (${day}, ${now}::timestamptz)
            ON CONFLICT (day) DO NOTHING RETURNING day`,
      );
      if (won.length) {
        const s = await repo.monthStats(tx, monthStart(now), now);
        const share = s.due ? `${Math.round((s.in_time / s.due) * 1000) / 10}%` : '暂无到期问题';
        const text = `待解答 ${s.waiting} 个，其中已超时 ${s.overdue} 个；本月会员问题按时解答率 ${share}（${s.in_time}/${s.due}）。`;
        for (const id of staff) await messages.send(id, titles.dailySummary, text, tx);
        summarySent = true;
      }
    }
    return { dueSoon: dueSoon.length, overdue: overdue.length, summarySent };
  });
}
