import { eq, sql } from 'drizzle-orm';
import {
  standardChangeCertificateMessage,
  standardChangeCourseMessage,
  standardChangeTitle,
  type StandardKind,
} from '@app/contracts';
import type { Db } from '../../db/client';
import { pgArray } from '../../db/pg-array';
import { rowsOf } from '../../db/sql';
import type { Clock } from '../../lib/clock';
import { courses } from '../courses';
import { examsTypes } from '../exams';
import type { MessagesService } from '../messages';
import { recipients } from './standards.repository';
import { standards, standardsChanges, standardsDeliveries } from './standards.table';

/** People told per transaction: a batch holds its change's row only as long as it writes this many messages. */
export const DELIVERY_BATCH = 200;
/** How often each process looks for changes whose messages are not all sent (one a stopped process left). */
export const DELIVERY_INTERVAL_MS = 60_000;

export interface DeliveryRunResult {
  /** Messages this run wrote. */
  sent: number;
  /** Changes this run finished. */
  delivered: number;
}

interface Claim {
  id: number;
  kind: StandardKind;
  name: string;
  changed_on: string;
  note: string;
  course_ids: number[];
  exam_type_ids: number[];
  after_user_id: number;
}

/**
 * Tells the learners of a recorded change, once each: those who finished one of the change's courses, and holders
 * of a valid certificate of one of its exam types, one message per person (a course they finished named first).
 * `run()` is started after a change is recorded and by every process every minute (and called by tests); it takes
 * the oldest change not yet delivered whose row no other process holds (FOR UPDATE SKIP LOCKED), writes one batch in
 * that transaction and moves the change's cursor with it; the (change, user) key of standards_deliveries is the
 * second guard, so a crash mid-batch, a rerun or a second process never sends twice.
 */
export function createStandardsDelivery(deps: { db: Db; clock: Clock; messages: MessagesService }) {
  const { db, clock, messages } = deps;
  let stopped = false;

  /** One batch of one change; null when no change waits (or every waiting one is held by another process). */
  async function batch(): Promise<{ sent: number; done: boolean } | null> {
    return db.transaction(async (tx) => {
      const [claim] = await rowsOf<Claim>(
        tx,
        sql`SELECT ch.id, s.kind, s.name, ch.changed_on::text AS changed_on, ch.note, ch.course_ids, ch.exam_type_ids, ch.after_user_id
              FROM ${standardsChanges} ch JOIN ${standards} s ON s.id = ch.standard_id
             WHERE ch.delivered_at IS NULL
             ORDER BY ch.id
             LIMIT 1
             FOR UPDATE OF ch SKIP LOCKED`,
      );
      if (!claim) return null;
      const now = clock.now();
      const people = await rowsOf<{ user_id: number; course: string | null; exam_type: string | null }>(
        tx,
        sql`WITH r AS (
              SELECT x.user_id,
                     min(x.ref_id) FILTER (WHERE x.src = 'course') AS course_id,
                     min(x.ref_id) FILTER (WHERE x.src = 'exam') AS exam_type_id
                FROM (${recipients(claim.course_ids, claim.exam_type_ids, now)}) x
               WHERE x.user_id > ${claim.after_user_id}
               GROUP BY x.user_id
               ORDER BY x.user_id
               LIMIT ${DELIVERY_BATCH})
            SELECT r.user_id, c.title AS course, t.name AS exam_type
              FROM r LEFT JOIN ${courses} c ON c.id = r.course_id LEFT JOIN ${examsTypes} t ON t.id = r.exam_type_id
             ORDER BY r.user_id`,
      );
      const claimed = new Set(
        (
          await rowsOf<{ user_id: number }>(
            tx,
            sql`INSERT INTO ${standardsDeliveries} (change_id, user_id, sent_at)
                SELECT ${claim.id}, u.id, ${now}::timestamptz FROM unnest(${pgArray(people.map((p) => p.user_id))}::int[]) AS u(id)
                ON CONFLICT DO NOTHING
                RETURNING user_id`,
          )
        ).map((r) => r.user_id),
      );
      // One statement per distinct text: everyone who finished the same course reads the same sentence.
      const byText = new Map<string, number[]>();
      const facts = { kind: claim.kind, standard: claim.name, changedOn: claim.changed_on, note: claim.note };
      for (const p of people) {
        if (!claimed.has(p.user_id)) continue;
        const text =
          p.course !== null
            ? standardChangeCourseMessage({ ...facts, course: p.course })
            : standardChangeCertificateMessage({ ...facts, examType: p.exam_type ?? '' });
        byText.set(text, [...(byText.get(text) ?? []), p.user_id]);
      }
      for (const [text, ids] of byText) await messages.sendMany(ids, standardChangeTitle(claim.kind), text, tx);

      const done = people.length < DELIVERY_BATCH;
      await tx
        .update(standardsChanges)
        .set({
          afterUserId: people.at(-1)?.user_id ?? claim.after_user_id,
          sent: sql`${standardsChanges.sent} + ${claimed.size}`,
          deliveredAt: done ? now : null,
        })
        .where(eq(standardsChanges.id, claim.id));
      return { sent: claimed.size, done };
    });
  }

  return {
    /** Batches until no change waits (or this process is stopping). */
    async run(): Promise<DeliveryRunResult> {
      const result: DeliveryRunResult = { sent: 0, delivered: 0 };
      while (!stopped) {
        const b = await batch();
        if (!b) break;
        result.sent += b.sent;
        if (b.done) result.delivered += 1;
      }
      return result;
    },
    /** Stops between batches (the app's onClose). */
    stop() {
      stopped = true;
    },
  };
}
export type StandardsDelivery = ReturnType<typeof createStandardsDelivery>;
