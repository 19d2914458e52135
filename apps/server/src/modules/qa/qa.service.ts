import { sql } from 'drizzle-orm';
import {
  QA_CATEGORIES,
  QA_CLAIM_MINUTES,
  QA_DUE_SOON_WORKING_HOURS,
  QA_ADDRESSED_WORKING_DAYS,
  QA_DUE_WORKING_DAYS,
  QA_FOLLOW_UPS_MAX,
  QA_NON_MEMBER_MONTHLY_QUOTA,
  QA_SIMILAR_MAX,
  QA_ANSWER_TEXT_MIN,
  qaMessages as m,
  qaNoticeTitles as titles,
  type AdminQueueQuery,
  type AnswerBody,
  type AskQuestionBody,
  type AskableExpert,
  type CalendarYear,
  type ExpertCard,
  type ExpertMe,
  type ExpertQuestion,
  type ExpertQueueQuery,
  type FollowUp,
  type HolidayBody,
  type MyQuestion,
  type MyQuestionsPage,
  type MyQuestionsQuery,
  type MyThread,
  type QaState,
  type QaStats,
  type QueueItem,
  type QueuePage,
  type QuizAnswer,
  type QuizCard,
  type QuizDetail,
  type QuizListQuery,
  type QuizPage,
  type QuizQuota,
  type AdminExpert,
  type LinkExpertBody,
} from '@app/contracts';
import type { Db } from '../../db/client';
import { lockKey, type Executor } from '../../db/sql';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { storeImage } from '../../lib/image-store';
import { expertProfiles, type ExpertProfile } from '../content';
import type { AuditTrail, StaffActor } from '../audit';
import type { MessagesService } from '../messages';
import type { ModerationScreen, ModerationSource } from '../moderation';
import {
  chinaDate,
  chinaMidnight,
  createWorkCalendar,
  packageEntries,
  PACKAGE_YEARS,
  type WorkCalendar,
} from './qa.calendar';
import {
  maskAsker,
  qaRepository as repo,
  similarTerms,
  type CardRow,
  type FollowUpRow,
  type QuestionRow,
  type QueueRow,
} from './qa.repository';
import { sanitizeAnswer, textOf } from './qa.sanitize';

export const QA_IMAGE_URL_PREFIX = '/uploads/quiz/';
const MINUTE_MS = 60_000;

const iso = (d: Date | string) => new Date(d).toISOString();
const isoOrNull = (d: Date | string | null | undefined) => (d ? iso(d) : null);

export function toCard(r: CardRow): QuizCard {
  return {
    id: r.id,
    title: r.title,
    category: r.category,
    tags: r.tags ?? [],
    excerpt: r.body.replace(/\s+/g, ' ').slice(0, 120),
    asker: maskAsker(r.nickname, r.phone),
    expert_name: r.expert_name,
    useful_count: r.useful_count,
    asked_at: iso(r.asked_at),
    answered_at: isoOrNull(r.answered_at),
  };
}

const toFollowUp = (f: FollowUpRow): FollowUp => ({
  id: f.id,
  content: f.content,
  asked_at: iso(f.askedAt),
  answer: f.answer,
  answered_at: isoOrNull(f.answeredAt),
});

export const toExpertCard = (p: ExpertProfile): ExpertCard => ({
  id: p.id,
  name: p.name,
  title: p.title,
  organisation: p.organisation,
  photo: p.photo,
  fields: p.fields,
  introduction: p.introduction,
});

/** First day (00:00 China time) of the China-time month of `now`. */
export function monthStart(now: Date): Date {
  return chinaMidnight(`${chinaDate(now).slice(0, 7)}-01`);
}

export interface QaServiceDeps {
  db: Db;
  clock: Clock;
  messages: MessagesService;
  imageDir: string;
  audit: AuditTrail;
  /** Moderation's screening: a question or follow-up with a sensitive word lands in the queue. */
  screen: ModerationScreen;
}

const QA_CONTEXT = '财税问答';
const questionLink = (id: number) => `/quiz/${id}`;

/**
 * Moderation's view of questions, using the Q&A area's own hiding (the same flag staff set in the Q&A queue). A
 * follow-up is part of its question's thread: a flagged follow-up is queued as its question (wired in app.ts).
 */
export function qaModerationSource(): ModerationSource {
  return {
    async load(ex, id) {
      const q = await repo.question(ex, id);
      if (!q) return null;
      // A private question is not public either: it cannot be reported by others.
      return { authorId: q.userId, text: `${q.title}\n${q.body}`, context: QA_CONTEXT, link: questionLink(id), hidden: q.hidden || !q.isPublic };
    },
    hide: (tx, id, now) => repo.setHidden(tx, id, true, now),
    restore: (tx, id, now) => repo.setHidden(tx, id, false, now),
  };
}

export function createQaService({ db, clock, messages, imageDir, audit, screen }: QaServiceDeps) {
  const profiles = expertProfiles(db);

  async function calendar(ex: Executor = db): Promise<WorkCalendar> {
    return createWorkCalendar(await repo.holidays(ex));
  }

  async function expertCardOfUser(userId: number | null): Promise<ExpertCard | null> {
    if (!userId) return null;
    const link = await repo.expertOfUser(db, userId);
    if (!link) return null;
    const p = await profiles.get(link.profileId);
    return p ? toExpertCard(p) : null;
  }

  async function answerOf(q: QuestionRow): Promise<QuizAnswer | null> {
    if (!q.answerHtml || !q.answeredAt) return null;
    return {
      html: q.answerHtml,
      references: q.references,
      answered_at: iso(q.answeredAt),
      expert: await expertCardOfUser(q.answeredBy),
    };
  }

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

  // ---- expert helpers ---------------------------------------------------------------------------------------

  async function expertOf(userId: number) {
    const link = await repo.expertOfUser(db, userId);
    if (!link) throw AppError.forbidden(m.notExpert);
    return link;
  }

  function toQueueItem(r: QueueRow, viewerId: number | null, now: Date): QueueItem {
    return {
      id: r.id,
      title: r.title,
      category: r.category,
      state: r.state,
      asker: maskAsker(r.nickname, r.phone),
      is_member: r.is_member,
      hidden: r.hidden,
      asked_at: iso(r.asked_at),
      due_at: iso(r.due_at),
      overdue: r.state !== 'answered' && r.state !== 'closed' && new Date(r.due_at) <= now,
      claimed_by: r.state === 'answering' ? r.claimer_name : null,
      claimed_by_me: r.state === 'answering' && viewerId !== null && r.claimed_by === viewerId,
      claim_expires_at: r.state === 'answering' ? isoOrNull(r.claim_expires_at) : null,
      open_follow_ups: r.open_follow_ups,
    };
  }

  async function questionForWorkspace(id: number, viewerId: number | null): Promise<ExpertQuestion> {
    const now = clock.now();
    const [row] = await repo.queue(db, sql`q.id = ${id}`, sql`q.id`, now, 1, 0);
    const q = await repo.question(db, id);
    if (!row || !q) throw AppError.notFound(m.questionNotFound);
    return {
      ...toQueueItem(row, viewerId, now),
      body: q.body,
      images: q.images,
      answer: await answerOf(q),
      tags: q.tags,
      follow_ups: (await repo.followUps(db, id)).map(toFollowUp),
    };
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

  async function notifyStaff(title: string, content: string, ex: Executor) {
    for (const id of await repo.staffIds(ex)) await messages.send(id, title, content, ex);
  }

  async function calendarYear(year: number): Promise<CalendarYear> {
    const own = (await repo.holidays(db)).filter((h) => h.date.startsWith(`${year}-`));
    const fromPackage = PACKAGE_YEARS.has(year) ? packageEntries(year) : [];
    const merged = new Map(fromPackage.map((e) => [e.date, e]));
    for (const h of own) merged.set(h.date, { date: h.date, kind: h.kind, name: h.name });
    const source =
      fromPackage.length && own.length
        ? 'package+staff'
        : fromPackage.length
          ? 'package'
          : own.length
            ? 'staff'
            : 'none';
    return { year, source, entries: [...merged.values()].sort((a, b) => a.date.localeCompare(b.date)) };
  }

  return {
    calendar,
    quota,

    // ---- public ---------------------------------------------------------------------------------------------
    async list(query: QuizListQuery): Promise<QuizPage> {
      const { list, total } = await repo.publicPage(db, {
        category: query.category,
        tag: query.tag || undefined,
        keyword: query.keyword || undefined,
        sort: query.sort,
        limit: query.per,
        offset: (query.page - 1) * query.per,
      });
      return { list: list.map(toCard), total, page: query.page, per: query.per };
    },

    tags: () => repo.publicTags(db, 30),

    async similar(text: string): Promise<QuizCard[]> {
      return (await repo.similar(db, similarTerms(text), QA_SIMILAR_MAX)).map(toCard);
    },

    async detail(id: number, viewerId: number | null): Promise<QuizDetail> {
      if (!(await repo.isPublic(db, id))) throw AppError.notFound(m.questionNotFound);
      const q = (await repo.question(db, id))!;
      const asker = await repo.account(db, q.userId);
      const similar = await repo.similar(db, similarTerms(q.title), 5, id);
      const related =
        similar.length < 5
          ? [
              ...similar,
              ...(await repo.latestInCategory(
                db,
                q.category,
                [id, ...similar.map((s) => s.id)],
                5 - similar.length,
              )),
            ]
          : similar;
      return {
        id: q.id,
        title: q.title,
        category: q.category,
        tags: q.tags,
        body: q.body,
        images: q.images,
        asker: asker ? maskAsker(asker.nickname, asker.phone) : '匿名用户',
        asked_at: iso(q.askedAt),
        answer: await answerOf(q),
        follow_ups: (await repo.followUps(db, id)).filter((f) => f.answer !== null).map(toFollowUp),
        useful_count: q.usefulCount,
        voted: viewerId ? await repo.hasVoted(db, id, viewerId) : false,
        related: related.map(toCard),
      };
    },

    async vote(id: number, userId: number) {
      if (!(await repo.isPublic(db, id))) throw AppError.notFound(m.questionNotFound);
      const q = (await repo.question(db, id))!;
      if (q.userId === userId) throw AppError.badRequest(m.voteOwn);
      const counted = await db.transaction((tx) => repo.vote(tx, id, userId, clock.now()));
      if (!counted) throw AppError.conflict(m.votedAlready);
      return { useful_count: q.usefulCount + 1, voted: true };
    },

    // ---- asking ---------------------------------------------------------------------------------------------
    async uploadImage(userId: number, content: Buffer) {
      const name = await storeImage(imageDir, content, 'photo', { badType: m.imageBadType });
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
      body: Omit<AskQuestionBody, 'expert_id'> & { image_ids: number[]; is_public: boolean; expert_id?: number },
    ): Promise<MyQuestion> {
      const now = clock.now();
      const cal = await calendar();
      const dueAt = cal.dueAt(now, QA_DUE_WORKING_DAYS);
      // Addressed to one expert: theirs first (a claim that lapses after QA_ADDRESSED_WORKING_DAYS), then any
      // expert's in the field, within the same due time.
      let addressed: { userId: number; until: Date } | null = null;
      if (body.expert_id !== undefined) {
        if (!(await profiles.get(body.expert_id))) throw AppError.badRequest(m.expertNotFound, { expert_id: m.expertNotFound });
        const link = await repo.expertOfProfile(db, body.expert_id);
        if (!link) throw AppError.badRequest(m.expertNotAnswering, { expert_id: m.expertNotAnswering });
        if (link.userId === userId) throw AppError.badRequest(m.expertNotFound, { expert_id: m.expertNotFound });
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

    // ---- expert workspace -----------------------------------------------------------------------------------
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

    // ---- staff ----------------------------------------------------------------------------------------------
    async adminQueue(query: AdminQueueQuery): Promise<QueuePage> {
      const now = clock.now();
      const conds = [sql`TRUE`];
      if (query.state)
        conds.push(
          sql`(${sql`CASE WHEN q.status = 'waiting' AND q.claimed_by IS NOT NULL AND (q.claim_expires_at IS NULL OR q.claim_expires_at > ${now}::timestamptz) THEN 'answering' ELSE q.status END`}) = ${query.state}`,
        );
      if (query.overdue === true) conds.push(sql`q.status = 'waiting' AND q.due_at <= ${now}::timestamptz`);
      if (query.keyword)
        conds.push(sql`q.title ILIKE ${`%${query.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
      const order = sql`(q.status = 'waiting') DESC, q.due_at ASC, q.id DESC`;
      const rows = await repo.queue(
        db,
        sql.join(conds, sql` AND `),
        order,
        now,
        query.per,
        (query.page - 1) * query.per,
      );
      return {
        list: rows.map((r) => toQueueItem(r, null, now)),
        total: rows[0]?.total ?? 0,
        page: query.page,
        per: query.per,
      };
    },

    adminQuestion: (id: number) => questionForWorkspace(id, null),

    async assign(staff: StaffActor, id: number, expertProfileId: number) {
      const link = await repo.expertOfProfile(db, expertProfileId);
      if (!link) throw AppError.badRequest(m.notExpertAccount);
      const q = await repo.question(db, id);
      if (!q) throw AppError.notFound(m.questionNotFound);
      if (q.status !== 'waiting') throw AppError.conflict(m.alreadyAnswered);
      const now = clock.now();
      await db.transaction(async (tx) => {
        if (!(await repo.assign(tx, id, link.userId, now))) throw AppError.conflict(m.alreadyAnswered);
        await audit.record(tx, staff, {
          action: 'question.assign',
          entity: 'question',
          entityId: id,
          before: { status: q.status, claimed_by_user: null },
          after: { expert_profile_id: expertProfileId, claimed_by_user: link.userId },
        });
        await messages.send(
          link.userId,
          titles.assigned,
          `工作人员将问题“${q.title}”指派给您，请在 ${formatChinaTime(q.dueAt)} 前解答。`,
          tx,
        );
      });
      const profile = await profiles.get(expertProfileId);
      return { id, claimed_by: profile?.name ?? null };
    },

    async hide(staff: StaffActor, id: number, hidden: boolean) {
      await db.transaction(async (tx) => {
        if (!(await repo.setHidden(tx, id, hidden, clock.now()))) throw AppError.notFound(m.questionNotFound);
        await audit.record(tx, staff, {
          action: hidden ? 'question.hide' : 'question.restore',
          entity: 'question',
          entityId: id,
          before: { hidden: !hidden },
          after: { hidden },
        });
      });
      return null;
    },

    async adminExperts(): Promise<AdminExpert[]> {
      const [all, links] = await Promise.all([profiles.list(), repo.linkedExperts(db)]);
      const byProfile = new Map(links.map((l) => [l.profile_id, l]));
      return all.map((p) => {
        const l = byProfile.get(p.id);
        return {
          ...toExpertCard(p),
          phone: l?.phone ?? null,
          categories: l?.categories ?? [],
          open_claims: l?.open_claims ?? 0,
          answered: l?.answered ?? 0,
        };
      });
    },

    async linkExpert(staff: StaffActor, profileId: number, body: Required<LinkExpertBody>): Promise<AdminExpert> {
      const profile = await profiles.get(profileId);
      if (!profile) throw AppError.notFound(m.expertNotFound);
      if (!body.phone) {
        await db.transaction(async (tx) => {
          const prev = await repo.expertOfProfile(tx, profileId);
          await repo.unlink(tx, profileId);
          await audit.record(tx, staff, {
            action: 'expert.unlink',
            entity: 'expert_profile',
            entityId: profileId,
            before: prev ? { user_id: prev.userId, categories: prev.categories } : null,
            after: { phone: null },
          });
        });
      } else {
        if (body.categories.length === 0)
          throw AppError.badRequest(m.categoriesRequired, { categories: m.categoriesRequired });
        const userId = await repo.userIdByPhone(db, body.phone);
        if (!userId) throw AppError.badRequest(m.accountNotFound, { phone: m.accountNotFound });
        const other = await repo.expertOfUser(db, userId);
        if (other && other.profileId !== profileId) throw AppError.conflict(m.accountLinkedElsewhere);
        const categories = QA_CATEGORIES.filter((c) => body.categories.includes(c));
        await db.transaction(async (tx) => {
          const prev = await repo.expertOfProfile(tx, profileId);
          await repo.link(tx, { profileId, userId, categories, now: clock.now() });
          await audit.record(tx, staff, {
            action: 'expert.link',
            entity: 'expert_profile',
            entityId: profileId,
            before: prev ? { user_id: prev.userId, categories: prev.categories } : null,
            after: { phone: body.phone, user_id: userId, categories },
          });
        });
      }
      const list = await this.adminExperts();
      return list.find((e) => e.id === profileId)!;
    },

    async stats(): Promise<QaStats> {
      const now = clock.now();
      const s = await repo.monthStats(db, monthStart(now), now);
      const cal = await calendar();
      const year = Number(chinaDate(now).slice(0, 4));
      return {
        month: chinaDate(now).slice(0, 7),
        member_questions_due: s.due,
        member_answered_in_time: s.in_time,
        in_time_share: s.due ? s.in_time / s.due : null,
        waiting: s.waiting,
        overdue: s.overdue,
        missing_calendar_years: [year, year + 1].filter((y) => cal.isYearMissing(y)),
      };
    },

    calendarYear,

    async saveHoliday(staff: StaffActor, body: Required<HolidayBody>): Promise<CalendarYear> {
      if (
        Number.isNaN(Date.parse(`${body.date}T00:00:00Z`)) ||
        new Date(`${body.date}T00:00:00Z`).toISOString().slice(0, 10) !== body.date
      )
        throw AppError.badRequest(m.holidayDateInvalid, { date: m.holidayDateInvalid });
      await db.transaction(async (tx) => {
        await repo.saveHoliday(tx, { ...body, now: clock.now() });
        await audit.record(tx, staff, {
          action: 'work_calendar.save',
          entity: 'work_calendar',
          entityId: body.date,
          before: null,
          after: body,
        });
      });
      return calendarYear(Number(body.date.slice(0, 4)));
    },

    async deleteHoliday(staff: StaffActor, date: string): Promise<CalendarYear> {
      await db.transaction(async (tx) => {
        if (!(await repo.deleteHoliday(tx, date))) throw AppError.notFound('该日期没有工作人员添加的记录');
        await audit.record(tx, staff, {
          action: 'work_calendar.delete',
          entity: 'work_calendar',
          entityId: date,
          before: { date },
          after: null,
        });
      });
      return calendarYear(Number(date.slice(0, 4)));
    },

    notifyStaff,
  };
}

export type QaService = ReturnType<typeof createQaService>;

/** 2025年10月10日 15:00 (China time). */
export function formatChinaTime(d: Date): string {
  const s = new Date(d.getTime() + 8 * 3_600_000).toISOString();
  return `${Number(s.slice(0, 4))}年${Number(s.slice(5, 7))}月${Number(s.slice(8, 10))}日 ${s.slice(11, 16)}`;
}
