// Q&A by use case: the expert's workspace (their queue, claiming a question, answering it and its follow-ups).
import { sql } from 'drizzle-orm';
import {
  QA_CLAIM_MINUTES,
  QA_ANSWER_TEXT_MIN,
  qaMessages as m,
  qaNoticeTitles as titles,
  type AnswerBody,
  type ExpertMe,
  type ExpertQuestion,
  type ExpertQueueQuery,
  type QueuePage,
} from '@app/contracts';
import { AppError } from '../../lib/app-error';
import { MINUTE_MS, iso, toQueueItem, type QaServiceDeps, type QaShared } from './qa-shared';
import { qaRepository as repo, type QuestionRow } from './qa.repository';
import { sanitizeAnswer, textOf } from './qa.sanitize';

export function createQaExpertService(
  { db, clock, messages }: Pick<QaServiceDeps, 'db' | 'clock' | 'messages'>,
  { expertCardOfUser, questionForWorkspace }: QaShared,
) {
  async function expertOf(userId: number) {
    const link = await repo.expertOfUser(db, userId);
    if (!link) throw AppError.forbidden(m.notExpert);
    return link;
  }

  /** An expert may see questions of their fields, and those they claimed or answered; never hidden ones. */
  async function visibleToExpert(userId: number, categories: string[], id: number): Promise<QuestionRow> {
    const q = await repo.question(db, id);
    if (
      !q ||
      q.hidden ||
      !(categories.includes(q.category) || q.claimedBy === userId || q.answeredBy === userId)
    )
      throw AppError.notFound(m.questionNotFound);
    return q;
  }

  return {
    async isExpert(userId: number): Promise<boolean> {
      return (await repo.expertOfUser(db, userId)) !== null;
    },

    async expertMe(userId: number): Promise<ExpertMe> {
      const link = await repo.expertOfUser(db, userId);
      if (!link) return { expert: null, categories: [] };
      return { expert: await expertCardOfUser(userId), categories: link.categories };
    },

    async expertQueue(userId: number, query: ExpertQueueQuery): Promise<QueuePage> {
      const link = await expertOf(userId);
      const now = clock.now();
      const cats = sql.join(
        link.categories.map((c) => sql`${c}`),
        sql`, `,
      );
      const where =
        query.scope === 'open'
          ? sql`q.status = 'waiting' AND NOT q.hidden AND q.category IN (${link.categories.length ? cats : sql`NULL`})
                AND (q.claimed_by IS NULL
                     OR (q.claim_expires_at IS NOT NULL AND q.claim_expires_at <= ${now}::timestamptz))`
          : query.scope === 'mine'
            ? sql`NOT q.hidden AND ((q.status = 'waiting' AND q.claimed_by = ${userId}
                  AND (q.claim_expires_at IS NULL OR q.claim_expires_at > ${now}::timestamptz))
                  OR (q.answered_by = ${userId} AND q.status <> 'closed' AND EXISTS (
                    SELECT 1 FROM qa_follow_ups f WHERE f.question_id = q.id AND f.answer IS NULL)))`
            : sql`q.answered_by = ${userId}`;
      const order =
        query.scope === 'answered' ? sql`q.answered_at DESC, q.id DESC` : sql`q.due_at ASC, q.id ASC`;
      const rows = await repo.queue(db, where, order, now, query.per, (query.page - 1) * query.per);
      return {
        list: rows.map((r) => toQueueItem(r, userId, now)),
        total: rows[0]?.total ?? 0,
        page: query.page,
        per: query.per,
      };
    },

    async expertQuestion(userId: number, id: number): Promise<ExpertQuestion> {
      const link = await expertOf(userId);
      await visibleToExpert(userId, link.categories, id);
      return questionForWorkspace(id, userId);
    },

    async claim(userId: number, id: number) {
      const link = await expertOf(userId);
      const now = clock.now();
      const won = await repo.claim(db, {
        id,
        userId,
        categories: link.categories,
        now,
        expiresAt: new Date(now.getTime() + QA_CLAIM_MINUTES * MINUTE_MS),
      });
      if (won)
        return {
          claim_expires_at: iso(
            won.claim_expires_at ?? new Date(now.getTime() + QA_CLAIM_MINUTES * MINUTE_MS),
          ),
        };
      const q = await visibleToExpert(userId, link.categories, id);
      if (q.status !== 'waiting') throw AppError.conflict(m.alreadyAnswered);
      throw AppError.conflict(m.claimTaken);
    },

    async release(userId: number, id: number) {
      const link = await expertOf(userId);
      await visibleToExpert(userId, link.categories, id);
      if (!(await repo.release(db, id, userId, clock.now()))) throw AppError.conflict(m.notClaimed);
      return null;
    },

    async answer(userId: number, id: number, body: Required<AnswerBody>): Promise<ExpertQuestion> {
      const link = await expertOf(userId);
      const q = await visibleToExpert(userId, link.categories, id);
      const html = sanitizeAnswer(body.html);
      const text = textOf(html);
      if (!text) throw AppError.badRequest(m.answerRequired, { html: m.answerRequired });
      if ([...text].length < QA_ANSWER_TEXT_MIN)
        throw AppError.badRequest(m.answerTooShort, { html: m.answerTooShort });
      const now = clock.now();
      await db.transaction(async (tx) => {
        const done = await repo.answer(tx, {
          id,
          userId,
          now,
          html,
          references: body.references.map((r) => ({
            title: r.title,
            doc_no: r.doc_no ?? '',
            url: r.url ?? '',
          })),
          tags: [...new Set(body.tags)],
        });
        if (!done) {
          if (q.status !== 'waiting') throw AppError.conflict(m.alreadyAnswered);
          const live = q.claimedBy !== null && (q.claimExpiresAt === null || q.claimExpiresAt > now);
          if (q.claimedBy === userId && !live) throw AppError.conflict(m.claimExpired);
          if (q.claimedBy !== null && q.claimedBy !== userId && live) throw AppError.conflict(m.claimTaken);
          throw AppError.conflict(m.notClaimed);
        }
        await messages.send(
          q.userId,
          titles.answered,
          `您的提问“${q.title}”已有专家解答，请到“我的提问”查看。`,
          tx,
        );
      });
      return questionForWorkspace(id, userId);
    },

    async answerFollowUp(userId: number, followUpId: number, content: string): Promise<ExpertQuestion> {
      await expertOf(userId);
      const f = await repo.followUp(db, followUpId);
      const q = f ? await repo.question(db, f.questionId) : null;
      if (!f || !q || q.answeredBy !== userId || q.hidden) throw AppError.notFound(m.followUpNotFound);
      if (q.status === 'closed') throw AppError.conflict(m.questionClosed);
      await db.transaction(async (tx) => {
        if (!(await repo.answerFollowUp(tx, followUpId, userId, content, clock.now())))
          throw AppError.conflict(m.followUpAnsweredAlready);
        await messages.send(q.userId, titles.followUpAnswered, `您对“${q.title}”的追问已有专家回复。`, tx);
      });
      return questionForWorkspace(q.id, userId);
    },
  };
}
