// What the Q&A services' use cases share: their dependencies, dates, the cards of a question, a follow-up and an
// expert, and the reads behind an answered question and a question in the expert's or staff's workspace.
import { sql } from 'drizzle-orm';
import {
  qaMessages as m,
  type ExpertCard,
  type ExpertQuestion,
  type FollowUp,
  type QueueItem,
  type QuizAnswer,
  type QuizCard,
} from '@app/contracts';
import type { Db } from '../../db/client';
import type { Executor } from '../../db/sql';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { Storage } from '../../lib/storage';
import type { AuditTrail } from '../audit';
import { expertProfiles, type ExpertProfile } from '../content';
import type { MessagesService } from '../messages';
import type { ModerationScreen } from '../moderation';
import { chinaDate, chinaMidnight, createWorkCalendar, type WorkCalendar } from './qa.calendar';
import {
  maskAsker,
  qaRepository as repo,
  type CardRow,
  type FollowUpRow,
  type QuestionRow,
  type QueueRow,
} from './qa.repository';

export const QA_IMAGE_URL_PREFIX = '/uploads/quiz/';
export const MINUTE_MS = 60_000;

export const iso = (d: Date | string) => new Date(d).toISOString();
export const isoOrNull = (d: Date | string | null | undefined) => (d ? iso(d) : null);

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

export const toFollowUp = (f: FollowUpRow): FollowUp => ({
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
  /** Where question images are kept, below QA_IMAGE_KEY_PREFIX. */
  storage: Storage;
  audit: AuditTrail;
  /** Moderation's screening: a question or follow-up with a sensitive word lands in the queue. */
  screen: ModerationScreen;
}

/** Storage key prefix of question images (the local disk: DATA_DIR/uploads/quiz). */
export const QA_IMAGE_KEY_PREFIX = 'uploads/quiz/';

export const QA_CONTEXT = '财税问答';
export const questionLink = (id: number) => `/quiz/${id}`;

/** 2025年10月10日 15:00 (China time). */
export function formatChinaTime(d: Date): string {
  const s = new Date(d.getTime() + 8 * 3_600_000).toISOString();
  return `${Number(s.slice(0, 4))}年${Number(s.slice(5, 7))}月${Number(s.slice(8, 10))}日 ${s.slice(11, 16)}`;
}

export function toQueueItem(r: QueueRow, viewerId: number | null, now: Date): QueueItem {
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

/** The expert profiles and reads shared by the use cases, made once per service. */
export function createQaShared({ db, clock }: Pick<QaServiceDeps, 'db' | 'clock'>) {
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

  return { profiles, calendar, expertCardOfUser, answerOf, questionForWorkspace };
}
export type QaShared = ReturnType<typeof createQaShared>;
