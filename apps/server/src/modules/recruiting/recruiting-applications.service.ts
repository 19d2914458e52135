// Recruiting by use case: applications, sent by a person (apply, withdraw, accept an interview) and received by a
// company (resumes, bulk status with the applicant's notices).
import {
  APPLICATION_STATUS_LABELS,
  maskedName,
  recruitingMessages as m,
  salaryText,
  type Paged,
  type ReceivedApplication,
  type Resume,
  type SentApplication,
  type applyBodySchema,
  type markBodySchema,
  type receivedQuerySchema,
  type sentQuerySchema,
} from '@app/contracts';
import { isUniqueViolation, lockKey } from '../../db/sql';
import { AppError } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth';
import { pageWindow } from '../../lib/pagination';
import {
  iso,
  isoOf,
  paged,
  requireCompany,
  requirePersonal,
  type Out,
  type RecruitingServiceDeps,
  type RecruitingShared,
} from './recruiting-shared';
import { recruitingRepository as repo, type ApplicationRow } from './recruiting.repository';

export function createRecruitingApplicationsService(
  { db, clock, messages }: Pick<RecruitingServiceDeps, 'db' | 'clock' | 'messages'>,
  { portraits, today, month, verifiedStudy, companyName }: RecruitingShared,
) {
  function toSent(
    a: ApplicationRow & {
      post_title: string;
      salary_min: number;
      salary_max: number | null;
      citys: string;
      company_name: string;
    },
  ): SentApplication {
    return {
      id: a.id,
      status: a.status,
      status_label: APPLICATION_STATUS_LABELS[a.status],
      interview_at: iso(a.interviewAt),
      interview_place: a.interviewPlace,
      interview_accepted: a.interviewAcceptedAt !== null,
      created_at: isoOf(a.createdAt),
      updated_at: isoOf(a.updatedAt),
      post: {
        id: a.postId,
        title: a.post_title,
        salary_text: salaryText(a.salary_min, a.salary_max),
        citys: a.citys,
      },
      company: { user_id: a.companyId, name: a.company_name },
    };
  }

  async function sentOne(userId: number, id: number): Promise<SentApplication> {
    const rows = await repo.sentApplications(db, userId, null, 1000, 0);
    const row = rows.find((r) => r.id === id);
    if (!row) throw AppError.notFound(m.applicationNotFound);
    return toSent(row);
  }

  async function ownApplication(userId: number, id: number): Promise<ApplicationRow> {
    const a = await repo.application(db, id);
    if (!a || a.userId !== userId) throw AppError.notFound(m.applicationNotFound);
    return a;
  }

  function toReceived(
    r: ApplicationRow & {
      post_title: string;
      name: string | null;
      sex: number | null;
      star_id: number;
      highest_degree: number | null;
      work_days: number;
    },
  ): ReceivedApplication {
    return {
      id: r.id,
      status: r.status,
      status_label: APPLICATION_STATUS_LABELS[r.status],
      interview_at: iso(r.interviewAt),
      interview_place: r.interviewPlace,
      interview_accepted: r.interviewAcceptedAt !== null,
      created_at: isoOf(r.createdAt),
      updated_at: isoOf(r.updatedAt),
      post: { id: r.postId, title: r.post_title },
      applicant: {
        user_id: r.userId,
        name: maskedName(r.name, r.sex),
        star_id: r.star_id,
        highest_degree: r.highest_degree,
        work_years: Math.floor(r.work_days / 365),
      },
      has_attachment: r.attachmentId !== null,
    };
  }

  return {
    async apply(u: AuthUser, b: Out<typeof applyBodySchema>): Promise<SentApplication> {
      requirePersonal(u);
      const post = await repo.postBase(db, b.post_id);
      if (!post || post.status === 'draft' || post.status === 'pending' || post.status === 'rejected')
        throw AppError.notFound(m.postNotFound);
      if (post.status !== 'online' || post.expiresOn < today()) throw AppError.badRequest(m.postNotOnline);
      const intention = await repo.intentionOf(db, u.id);
      if (!intention) throw AppError.badRequest(m.needIntention);
      const attachmentId = b.attachment_id ?? null;
      if (attachmentId !== null) {
        const a = await repo.attachmentOf(db, attachmentId);
        if (!a || a.user_id !== u.id) throw AppError.notFound(m.attachmentNotFound);
        if (a.mime !== 'application/pdf')
          throw AppError.badRequest(m.attachmentPdfOnly, { attachment_id: m.attachmentPdfOnly });
      }
      const now = clock.now();
      let id: number;
      try {
        id = await db.transaction(async (tx) => {
          const row = await repo.insertApplication(tx, {
            postId: post.id,
            companyId: post.companyId,
            userId: u.id,
            attachmentId,
            status: 'sent',
            createdAt: now,
            updatedAt: now,
          });
          await messages.send(
            post.companyId,
            '收到新的简历',
            `${maskedName(intention.name, intention.sex)}投递了您的职位「${post.title}」，请在“收到的简历”中查看。`,
            tx,
          );
          return row.id;
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw AppError.conflict(m.alreadyApplied);
        throw err;
      }
      return sentOne(u.id, id);
    },

    async sent(u: AuthUser, q: Out<typeof sentQuerySchema>): Promise<Paged<SentApplication>> {
      requirePersonal(u);
      const { limit, offset } = pageWindow(q);
      const rows = await repo.sentApplications(db, u.id, q.status === 'all' ? null : q.status, limit, offset);
      return paged(rows, toSent, q);
    },

    async withdraw(u: AuthUser, id: number): Promise<SentApplication> {
      requirePersonal(u);
      const a = await ownApplication(u.id, id);
      const post = await repo.postBase(db, a.postId);
      await db.transaction(async (tx) => {
        await lockKey(tx, `recruiting:application:${id}`);
        const fresh = await repo.application(tx, id);
        if (fresh?.status !== 'sent') throw AppError.conflict(m.cannotWithdraw);
        await repo.updateApplication(tx, id, { status: 'withdrawn', updatedAt: clock.now() });
        await messages.send(
          a.companyId,
          '求职者撤回了投递',
          `一位求职者撤回了对职位「${post?.title ?? ''}」的投递。`,
          tx,
        );
      });
      return sentOne(u.id, id);
    },

    async acceptInterview(u: AuthUser, id: number): Promise<SentApplication> {
      requirePersonal(u);
      const a = await ownApplication(u.id, id);
      if (a.status !== 'interview' || a.interviewAcceptedAt !== null) throw AppError.conflict(m.notInvited);
      const post = await repo.postBase(db, a.postId);
      const intention = await repo.intentionOf(db, u.id);
      await db.transaction(async (tx) => {
        await repo.updateApplication(tx, id, { interviewAcceptedAt: clock.now(), updatedAt: clock.now() });
        await messages.send(
          a.companyId,
          '求职者已接受面试邀请',
          `${intention?.name ?? '求职者'}已接受职位「${post?.title ?? ''}」的面试邀请，简历中的联系方式已对您开放。`,
          tx,
        );
      });
      return sentOne(u.id, id);
    },

    async received(u: AuthUser, q: Out<typeof receivedQuerySchema>): Promise<Paged<ReceivedApplication>> {
      requireCompany(u);
      const { limit, offset } = pageWindow(q);
      const rows = await repo.receivedApplications(
        db,
        u.id,
        q.post_id ?? null,
        q.status === 'all' ? null : q.status,
        today(),
        limit,
        offset,
      );
      return paged(rows, (r) => toReceived(r), q);
    },

    /** The applicant's resume; the first look marks the application viewed and tells the applicant. */
    async resume(u: AuthUser, id: number): Promise<Resume> {
      requireCompany(u);
      let a = await repo.application(db, id);
      if (!a || a.companyId !== u.id) throw AppError.notFound(m.applicationNotFound);
      if (a.status === 'sent') {
        const now = clock.now();
        const post = await repo.postBase(db, a.postId);
        const name = await companyName(u.id);
        a = await db.transaction(async (tx) => {
          const updated = await repo.updateApplication(tx, id, { status: 'viewed', updatedAt: now });
          await messages.send(
            a!.userId,
            '企业查看了您的简历',
            `${name}查看了您投递的职位「${post?.title ?? ''}」的简历。`,
            tx,
          );
          return updated!;
        });
      }
      await repo.recordView(db, u.id, a.userId, month(), clock.now(), true);
      const masked = a.interviewAcceptedAt === null;
      const portrait = await portraits.resumeFor(a.userId, masked);
      const rows = await repo.receivedApplications(db, u.id, a.postId, null, today(), 1000, 0);
      const row = rows.find((r) => r.id === id)!;
      const attachment = a.attachmentId !== null ? await repo.attachmentOf(db, a.attachmentId) : null;
      const pool = await repo.poolEntryOf(db, u.id, a.userId);
      return {
        application: toReceived(row),
        masked,
        portrait,
        verified_study: await verifiedStudy(
          a.userId,
          portrait.user_info.star_id,
          portrait.user_info.total_learn_time,
        ),
        attachment: attachment
          ? {
              id: attachment.id,
              file_name: attachment.original_name,
              url: `/api/talent_attachments/${attachment.id}/file`,
            }
          : null,
        pool_id: pool?.id ?? null,
      };
    },

    /** Bulk mark: every id must be the company's and none withdrawn, else nothing is written. */
    async mark(u: AuthUser, b: Out<typeof markBodySchema>): Promise<{ updated: number }> {
      requireCompany(u);
      const ids = [...new Set(b.ids)];
      const now = clock.now();
      const interviewAt = b.status === 'interview' ? new Date(b.interview_at!) : null;
      if (interviewAt && interviewAt <= now)
        throw AppError.badRequest(m.interviewInPast, { interview_at: m.interviewInPast });
      const name = await companyName(u.id);
      return db.transaction(async (tx) => {
        const rows = await repo.applicationsByIds(tx, ids);
        if (rows.length !== ids.length || rows.some((r) => r.companyId !== u.id))
          throw AppError.notFound(m.applicationNotFound);
        if (rows.some((r) => r.status === 'withdrawn')) throw AppError.conflict(m.cannotMark);
        let updated = 0;
        for (const r of rows) {
          // "Viewed" only moves a fresh application; it never undoes an invitation or a refusal.
          if (b.status === 'viewed' && r.status !== 'sent') continue;
          const post = await repo.postBase(tx, r.postId);
          const title = post?.title ?? '';
          await repo.updateApplication(tx, r.id, {
            status: b.status,
            interviewAt: b.status === 'interview' ? interviewAt : r.interviewAt,
            interviewPlace: b.status === 'interview' ? b.interview_place : r.interviewPlace,
            interviewAcceptedAt: b.status === 'interview' ? null : r.interviewAcceptedAt,
            updatedAt: now,
          });
          if (b.status === 'interview') {
            const when = new Date(interviewAt!.getTime() + 8 * 3_600_000)
              .toISOString()
              .slice(0, 16)
              .replace('T', ' ');
            await messages.send(
              r.userId,
              '面试邀请',
              `${name}邀请您参加职位「${title}」的面试。时间：${when}，地点：${b.interview_place}。请在“我的求职”中接受邀请。`,
              tx,
            );
          } else if (b.status === 'unsuitable') {
            await messages.send(
              r.userId,
              '投递结果通知',
              `很遗憾，${name}认为您暂不适合职位「${title}」，感谢您的关注。`,
              tx,
            );
          } else {
            await messages.send(
              r.userId,
              '企业查看了您的简历',
              `${name}查看了您投递的职位「${title}」的简历。`,
              tx,
            );
          }
          updated++;
        }
        return { updated };
      });
    },

    /** Attachment-access hook of the talent area: a company may read the files of people who applied to it. */
    async companyMayReadAttachments(viewer: AuthUser, ownerId: number): Promise<boolean> {
      return viewer.role === 'company' && repo.hasApplied(db, viewer.id, ownerId);
    },
  };
}
