// Q&A by use case: asking (the monthly quota, images, a question addressed to an expert or to the field) and the
// asker's own questions (follow-ups, closing, rating).
import {
  QA_DUE_SOON_WORKING_HOURS,
  QA_ADDRESSED_WORKING_DAYS,
  QA_DUE_WORKING_DAYS,
  QA_FOLLOW_UPS_MAX,
  QA_NON_MEMBER_MONTHLY_QUOTA,
  qaMessages as m,
  qaNoticeTitles as titles,
  type AskQuestionBody,
  type AskableExpert,
  type MyQuestion,
  type MyQuestionsPage,
  type MyQuestionsQuery,
  type MyThread,
  type QaState,
  type QuizQuota,
} from '@app/contracts';
import { lockKey } from '../../db/sql';
import { AppError } from '../../lib/app-error';
import { storeImage } from '../../lib/image-store';
import {
  QA_CONTEXT,
  QA_IMAGE_KEY_PREFIX,
  QA_IMAGE_URL_PREFIX,
  formatChinaTime,
  iso,
  isoOrNull,
  monthStart,
  questionLink,
  toExpertCard,
  toFollowUp,
  type QaServiceDeps,
  type QaShared,
} from './qa-shared';
import { qaRepository as repo, type QuestionRow } from './qa.repository';

export function createQaAskingService(
  { db, clock, messages, storage, screen }: Omit<QaServiceDeps, 'audit'>,
  { profiles, calendar, answerOf }: QaShared,
) {
  async function quota(userId: number): Promise<QuizQuota> {
    const now = clock.now();
    const account = await repo.account(db, userId);
    const isMember = !!account?.memberEndAt && account.memberEndAt > now;
    const used = await repo.askedSince(db, userId, monthStart(now));
    return isMember
      ? { is_member: true, limit: null, used, left: null }
      : {
          is_member: false,
          limit: QA_NON_MEMBER_MONTHLY_QUOTA,
          used,
          left: Math.max(0, QA_NON_MEMBER_MONTHLY_QUOTA - used),
        };
  }

  function toMine(q: QuestionRow, state: QaState, openFollowUps: number): MyQuestion {
    return {
      id: q.id,
      title: q.title,
      category: q.category,
      state,
      is_public: q.isPublic,
      hidden: q.hidden,
      asked_at: iso(q.askedAt),
      due_at: iso(q.dueAt),
      answered_at: isoOrNull(q.answeredAt),
      rating: q.rating,
      open_follow_ups: openFollowUps,
    };
  }

  /** The asker's own question, or 404 (another user's answers exactly like a missing one). */
  async function ownQuestion(userId: number, id: number): Promise<QuestionRow> {
    const q = await repo.question(db, id);
    if (!q || q.userId !== userId) throw AppError.notFound(m.questionNotFound);
    return q;
  }

  async function thread(userId: number, id: number): Promise<MyThread> {
    const q = await ownQuestion(userId, id);
    const st = (await repo.stateOf(db, id, clock.now()))!;
    const followUps = await repo.followUps(db, id);
    return {
      ...toMine(q, st.state, st.open_follow_ups),
      body: q.body,
      images: q.images,
      answer: await answerOf(q),
      follow_ups: followUps.map(toFollowUp),
      follow_ups_left: Math.max(0, QA_FOLLOW_UPS_MAX - followUps.length),
      useful_count: q.usefulCount,
    };
  }

  return {
    quota,

    async uploadImage(userId: number, content: Buffer) {
      const name = await storeImage(storage, QA_IMAGE_KEY_PREFIX, content, 'photo', { badType: m.imageBadType });
      const id = await repo.insertImage(db, { userId, fileName: name, now: clock.now() });
      return { id, url: QA_IMAGE_URL_PREFIX + name };
    },

    /** The ask form's expert, when a question is addressed from the expert's page. */
    async askableExpert(profileId: number): Promise<AskableExpert> {
      const p = await profiles.get(profileId);
      if (!p) throw AppError.notFound(m.expertNotFound);
      return { ...toExpertCard(p), answers_online: !!(await repo.expertOfProfile(db, profileId)) };
    },

    async ask(
      userId: number,
      body: Omit<AskQuestionBody, 'expert_id'> & {
        image_ids: number[];
        is_public: boolean;
        expert_id?: number;
      },
    ): Promise<MyQuestion> {
      const now = clock.now();
      const cal = await calendar();
      const dueAt = cal.dueAt(now, QA_DUE_WORKING_DAYS);
      // Addressed to one expert: theirs first (a claim that lapses after QA_ADDRESSED_WORKING_DAYS), then any
      // expert's in the field, within the same due time.
      let addressed: { userId: number; until: Date } | null = null;
      if (body.expert_id !== undefined) {
        if (!(await profiles.get(body.expert_id)))
          throw AppError.badRequest(m.expertNotFound, { expert_id: m.expertNotFound });
        const link = await repo.expertOfProfile(db, body.expert_id);
        if (!link) throw AppError.badRequest(m.expertNotAnswering, { expert_id: m.expertNotAnswering });
        if (link.userId === userId)
          throw AppError.badRequest(m.expertNotFound, { expert_id: m.expertNotFound });
        const until = cal.dueAt(now, QA_ADDRESSED_WORKING_DAYS);
        addressed = { userId: link.userId, until: until < dueAt ? until : dueAt };
      }
      const id = await db.transaction(async (tx) => {
        // One asker's parallel posts queue here, so a quota of 3 lets exactly 3 through.
        await lockKey(tx, `qa-ask:${userId}`);
        const account = await repo.account(tx, userId);
        const isMember = !!account?.memberEndAt && account.memberEndAt > now;
        if (!isMember && (await repo.askedSince(tx, userId, monthStart(now))) >= QA_NON_MEMBER_MONTHLY_QUOTA)
          throw AppError.forbidden(m.quotaUsedUp);
        const qid = await repo.insertQuestion(tx, {
          userId,
          title: body.title,
          category: body.category,
          body: body.body,
          isPublic: body.is_public,
          isMember,
          askedAt: now,
          dueAt,
          dueSoonAt: cal.workingHoursBefore(dueAt, QA_DUE_SOON_WORKING_HOURS),
          ...(addressed ? { claimedBy: addressed.userId, claimExpiresAt: addressed.until } : {}),
        });
        const files = await repo.attachImages(tx, userId, body.image_ids, qid);
        if (!files) throw AppError.badRequest(m.imageNotFound, { image_ids: m.imageNotFound });
        if (files.length)
          await repo.setImages(
            tx,
            qid,
            files.map((f) => QA_IMAGE_URL_PREFIX + f),
          );
        await screen.screen(tx, {
          kind: 'question',
          sourceId: qid,
          authorId: userId,
          text: `${body.title}\n${body.body}`,
          context: QA_CONTEXT,
          link: questionLink(qid),
        });
        if (addressed)
          await messages.send(
            addressed.userId,
            titles.addressed,
            `学员从您的专家主页提问：“${body.title}”。问题已为您保留至 ${formatChinaTime(addressed.until)}，请在专家工作台解答；逾时未答将开放给其他专家认领。`,
            tx,
          );
        return qid;
      });
      const q = (await repo.question(db, id))!;
      return toMine(q, 'waiting', 0);
    },

    async mine(userId: number, query: MyQuestionsQuery): Promise<MyQuestionsPage> {
      const rows = await repo.myPage(
        db,
        userId,
        query.state,
        clock.now(),
        query.per,
        (query.page - 1) * query.per,
      );
      return {
        list: rows.map((r) => toMine(r, r.state, r.open_follow_ups)),
        total: rows[0]?.total ?? 0,
        page: query.page,
        per: query.per,
      };
    },

    thread,

    async followUp(userId: number, id: number, content: string): Promise<MyThread> {
      const now = clock.now();
      await db.transaction(async (tx) => {
        await lockKey(tx, `qa-question:${id}`);
        const q = await repo.question(tx, id);
        if (!q || q.userId !== userId) throw AppError.notFound(m.questionNotFound);
        if (q.status === 'closed') throw AppError.conflict(m.questionClosed);
        if (q.status !== 'answered') throw AppError.conflict(m.followUpNotAnswered);
        const existing = await repo.followUps(tx, id);
        if (existing.length >= QA_FOLLOW_UPS_MAX) throw AppError.conflict(m.followUpsTooMany);
        if (existing.some((f) => f.answer === null)) throw AppError.conflict(m.followUpPending);
        await repo.insertFollowUp(tx, id, content, now);
        await screen.screen(tx, {
          kind: 'question',
          sourceId: id,
          authorId: userId,
          text: `${q.title}\n追问：${content}`,
          context: QA_CONTEXT,
          link: questionLink(id),
        });
        if (q.answeredBy)
          await messages.send(
            q.answeredBy,
            titles.followUpAsked,
            `问题“${q.title}”有新的追问：${content.slice(0, 100)}`,
            tx,
          );
      });
      return thread(userId, id);
    },

    async close(userId: number, id: number): Promise<MyThread> {
      const q = await ownQuestion(userId, id);
      if (q.status === 'closed') throw AppError.conflict(m.questionClosed);
      await repo.close(db, id, userId, clock.now());
      return thread(userId, id);
    },

    async rate(userId: number, id: number, rating: number): Promise<MyThread> {
      const q = await ownQuestion(userId, id);
      if (!q.answerHtml) throw AppError.conflict(m.notAnsweredYet);
      if (!(await repo.rate(db, id, userId, rating, clock.now()))) throw AppError.conflict(m.ratedAlready);
      return thread(userId, id);
    },
  };
}
