// Q&A by use case: staff's queue (assigning a question to an expert, hiding it) and the experts who answer.
import { sql } from 'drizzle-orm';
import {
  QA_CATEGORIES,
  qaMessages as m,
  qaNoticeTitles as titles,
  type AdminExpert,
  type AdminQueueQuery,
  type LinkExpertBody,
  type QueuePage,
} from '@app/contracts';
import type { Executor } from '../../db/sql';
import { AppError } from '../../lib/app-error';
import type { StaffActor } from '../audit';
import { formatChinaTime, toExpertCard, toQueueItem, type QaServiceDeps, type QaShared } from './qa-shared';
import { qaRepository as repo } from './qa.repository';

export function createQaStaffService(
  { db, clock, messages, audit }: Pick<QaServiceDeps, 'db' | 'clock' | 'messages' | 'audit'>,
  { profiles, questionForWorkspace }: QaShared,
) {
  async function notifyStaff(title: string, content: string, ex: Executor) {
    for (const id of await repo.staffIds(ex)) await messages.send(id, title, content, ex);
  }

  return {
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

    async linkExpert(
      staff: StaffActor,
      profileId: number,
      body: Required<LinkExpertBody>,
    ): Promise<AdminExpert> {
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

    notifyStaff,
  };
}
