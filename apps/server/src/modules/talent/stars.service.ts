import {
  chinaDate,
  RCPJ_STATUS_LABELS,
  talentMessages as m,
  type AdminRcpj,
  type AdminRcpjPage,
  type CenterRcpj,
  type CreditArchive,
  type CreditYear,
  type Rcpj,
  type RcpjFigures,
  type adminRcpjsQuerySchema,
  type reviewRcpjBodySchema,
  type submitApplyBodySchema,
} from '@app/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { AuthUser } from '../../lib/auth';
import { learningRecord } from '../learning';
import { createExamCertificates } from '../exams';
import { accountChanges } from '../users';
import type { AuditTrail, StaffActor } from '../audit';
import type { MessagesService } from '../messages';
import { ATTACHMENT_DICS, starName } from './data/options.data';
import { talentRepository as repo, type RcpjRow } from './talent.repository';
import { credentialsWithAttachments, toAttachment } from './talent.service';

const DIC_NAMES = new Map(ATTACHMENT_DICS.map((d) => [d.id, d.name]));
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Title of the result notice in the message centre. */
export const RESULT_MESSAGE_TITLE = '星级测评结果通知';

export type StarsService = ReturnType<typeof createStarsService>;

export function createStarsService(deps: { db: Db; clock: Clock; messages: MessagesService; audit: AuditTrail }) {
  const { db, clock, messages, audit } = deps;

  async function figures(userId: number): Promise<RcpjFigures> {
    const [person, credentials] = await Promise.all([
      repo.person(db, userId),
      repo.countRecords(db, 'credentials', userId),
    ]);
    return {
      learn_seconds: person?.totalLearnTime ?? 0,
      finished_courses: person?.finishCourseNum ?? 0,
      credentials,
    };
  }

  /** Applications with their materials and credentials resolved (two queries for any number of rows). */
  async function toApi(rows: RcpjRow[]): Promise<Rcpj[]> {
    const attachmentIds = [...new Set(rows.flatMap((r) => r.materials.map((x) => x.attachment_id)))];
    const attachments = new Map((await repo.attachmentsByIds(db, attachmentIds)).map((a) => [a.id, a]));
    const credentialRows = (
      await Promise.all(
        [...new Set(rows.map((r) => r.userId))].map((uid) =>
          repo.credentialsByIds(db, uid, [
            ...new Set(rows.filter((r) => r.userId === uid).flatMap((r) => r.credentialIds)),
          ]),
        ),
      )
    ).flat();
    const credentials = new Map(
      (await credentialsWithAttachments(db, credentialRows)).map((c, i) => [credentialRows[i]!.id, c]),
    );
    return rows.map((r) => ({
      id: r.id,
      star_id: r.starId,
      star_name: starName(r.starId),
      status: r.status,
      status_label: RCPJ_STATUS_LABELS[r.status],
      statement: r.statement,
      materials: r.materials.flatMap((x) => {
        const a = attachments.get(x.attachment_id);
        return a
          ? [
              {
                attachment_dic_id: x.attachment_dic_id,
                attachment_dic_name: DIC_NAMES.get(x.attachment_dic_id) ?? '',
                attachment: toAttachment(a),
              },
            ]
          : [];
      }),
      // A credential deleted after submission drops out of the evidence list.
      credentials: r.credentialIds.flatMap((id) => {
        const c = credentials.get(id);
        return c ? [c] : [];
      }),
      figures: r.figures,
      result_level: r.resultLevel,
      reject_reason: r.rejectReason,
      result_acknowledged: r.acknowledgedAt !== null,
      created_at: r.createdAt.toISOString(),
      submitted_at: iso(r.submittedAt),
      reviewed_at: iso(r.reviewedAt),
    }));
  }
  const one = async (row: RcpjRow) => (await toApi([row]))[0]!;

  async function toAdmin(rows: RcpjRow[]): Promise<AdminRcpj[]> {
    const [apps, people] = await Promise.all([
      toApi(rows),
      repo.peopleByIds(db, [...new Set(rows.map((r) => r.userId))]),
    ]);
    const byId = new Map(people.map((p) => [p.id, p]));
    return apps.map((a, i) => {
      const p = byId.get(rows[i]!.userId);
      return {
        ...a,
        applicant: {
          id: rows[i]!.userId,
          phone: p?.phone ?? '',
          name: p?.realName ?? p?.nickname ?? null,
          star_id: p?.starId ?? 0,
        },
      };
    });
  }

  /** Why a transition from the current state failed, as the error the caller answers with. */
  function stateError(
    row: RcpjRow | undefined,
    userId: number | undefined,
    action: 'submit' | 'cancel' | 'review',
  ): AppError {
    if (!row || (userId !== undefined && row.userId !== userId))
      return new AppError(404, m.applicationNotFound);
    if (row.status === 'cancelled') return AppError.conflict(m.applicationCancelled);
    if (row.status === 'approved' || row.status === 'rejected') {
      return AppError.conflict(action === 'cancel' ? m.cancelAfterReview : m.applicationReviewed);
    }
    if (row.status === 'submitted' && action === 'submit')
      return AppError.conflict(m.applicationSubmittedAlready);
    if (row.status === 'draft' && action === 'review') return AppError.conflict(m.applicationNotSubmitted);
    return AppError.conflict();
  }

  return {
    /** POST /api/rcpjs/star_level: a draft application for a level above the current one; one open at a time. */
    async apply(user: AuthUser, starId: number): Promise<Rcpj> {
      if (user.role !== 'personal') throw AppError.forbidden(m.evaluationPersonalOnly);
      const person = await repo.person(db, user.id);
      if (starId <= (person?.starId ?? 0))
        throw AppError.badRequest(m.starNotHigher, { star_id: m.starNotHigher });
      const row = await repo.insertRcpj(db, {
        userId: user.id,
        starId,
        figures: await figures(user.id),
        now: clock.now(),
      });
      if (!row) throw AppError.conflict(m.applicationOpen);
      return one(row);
    },

    /** POST /api/rcpjs/submit_apply: my draft with statement and evidence becomes 'submitted', once. */
    async submit(userId: number, body: z.output<typeof submitApplyBodySchema>): Promise<Rcpj> {
      const current = await repo.rcpj(db, body.id);
      if (!current || current.userId !== userId || current.status !== 'draft')
        throw stateError(current, userId, 'submit');
      for (const x of body.materials) {
        if (!DIC_NAMES.has(x.attachment_dic_id))
          throw AppError.badRequest(m.attachmentDicInvalid, { materials: m.attachmentDicInvalid });
      }
      const attachmentIds = [...new Set(body.materials.map((x) => x.attachment_id))];
      const owned = (await repo.attachmentsByIds(db, attachmentIds)).filter((a) => a.userId === userId);
      if (owned.length !== attachmentIds.length) throw new AppError(404, m.attachmentNotFound);
      const credentialIds = [...new Set(body.credential_ids)];
      if ((await repo.credentialsByIds(db, userId, credentialIds)).length !== credentialIds.length) {
        throw new AppError(404, m.recordNotFound);
      }
      const row = await repo.transitionRcpj(
        db,
        body.id,
        ['draft'],
        {
          status: 'submitted',
          statement: body.statement,
          materials: body.materials,
          credentialIds,
          submittedAt: clock.now(),
        },
        userId,
      );
      if (!row) throw stateError(await repo.rcpj(db, body.id), userId, 'submit');
      return one(row);
    },

    /** POST /api/stars/apply_cancel: only before review. */
    async cancel(userId: number, id: number): Promise<Rcpj> {
      const row = await repo.transitionRcpj(db, id, ['draft', 'submitted'], { status: 'cancelled' }, userId);
      if (!row) throw stateError(await repo.rcpj(db, id), userId, 'cancel');
      return one(row);
    },

    async center(userId: number): Promise<CenterRcpj> {
      const [person, rows, fig] = await Promise.all([
        repo.person(db, userId),
        repo.rcpjsOf(db, userId),
        figures(userId),
      ]);
      return {
        star_id: person?.starId ?? 0,
        figures: fig,
        list: await toApi(rows),
        unread_results: rows.filter(
          (r) => (r.status === 'approved' || r.status === 'rejected') && r.acknowledgedAt === null,
        ).length,
      };
    },

    async gotIt(userId: number, id: number): Promise<Rcpj> {
      const row = await repo.acknowledgeRcpj(db, id, userId, clock.now());
      if (row) return one(row);
      const current = await repo.rcpj(db, id);
      if (!current || current.userId !== userId) throw new AppError(404, m.applicationNotFound);
      throw AppError.conflict(m.applicationNoResult);
    },

    async adminList(query: z.output<typeof adminRcpjsQuerySchema>): Promise<AdminRcpjPage> {
      const { rows, total } = await repo.rcpjPage(db, query.status, query.per, (query.page - 1) * query.per);
      return { list: await toAdmin(rows), total, page: query.page, per: query.per };
    },

    /**
     * Staff review, once: the submitted -> approved/rejected change is one conditional update inside the
     * transaction that also sets the star level and writes the notice, so two reviewers clicking at once review once.
     */
    async review(
      staff: StaffActor,
      id: number,
      body: z.output<typeof reviewRcpjBodySchema>,
    ): Promise<AdminRcpj> {
      const now = clock.now();
      const row = await db.transaction(async (tx) => {
        const current = await repo.rcpj(tx, id);
        if (!current || current.status !== 'submitted') throw stateError(current, undefined, 'review');
        if (body.approve) {
          const level = body.level ?? current.starId;
          const person = await repo.person(tx, current.userId);
          if (level <= (person?.starId ?? 0))
            throw AppError.badRequest(m.reviewLevelInvalid, { level: m.reviewLevelInvalid });
          const updated = await repo.transitionRcpj(tx, id, ['submitted'], {
            status: 'approved',
            resultLevel: level,
            reviewedAt: now,
            reviewedBy: staff.id,
          });
          if (!updated) throw stateError(await repo.rcpj(tx, id), undefined, 'review');
          await accountChanges.setStar(tx, current.userId, level);
          await messages.send(
            current.userId,
            RESULT_MESSAGE_TITLE,
            `恭喜您，${starName(current.starId)}测评申请已通过审核，您的当前星级为${starName(level)}。`,
            tx,
          );
          await audit.record(tx, staff, {
            action: 'star_review.approve',
            entity: 'star_review',
            entityId: id,
            before: { status: current.status, user_id: current.userId, star_level: person?.starId ?? 0 },
            after: { status: 'approved', star_level: level },
          });
          return updated;
        }
        const reason = body.reason ?? '';
        const updated = await repo.transitionRcpj(tx, id, ['submitted'], {
          status: 'rejected',
          rejectReason: reason,
          reviewedAt: now,
          reviewedBy: staff.id,
        });
        if (!updated) throw stateError(await repo.rcpj(tx, id), undefined, 'review');
        await messages.send(
          current.userId,
          RESULT_MESSAGE_TITLE,
          `您的${starName(current.starId)}测评申请未通过审核。原因：${reason}`,
          tx,
        );
        await audit.record(tx, staff, {
          action: 'star_review.reject',
          entity: 'star_review',
          entityId: id,
          before: { status: current.status, user_id: current.userId },
          after: { status: 'rejected', reason },
        });
        return updated;
      });
      return (await toAdmin([row]))[0]!;
    },

    /** Yearly learning hours, finished courses, credentials and star levels (China-time calendar years). */
    async creditArchive(user: AuthUser): Promise<CreditArchive> {
      if (user.role !== 'personal') throw AppError.forbidden(m.creditArchivePersonalOnly);
      const [facts, figures, certificates] = await Promise.all([
        repo.archiveFacts(db, user.id),
        learningRecord.byYear(db, user.id),
        createExamCertificates(db).ofUser(user.id, clock.now()),
      ]);
      const years = new Map<number, CreditYear>();
      const year = (y: number) => {
        let v = years.get(y);
        if (!v)
          years.set(y, (v = { year: y, learn_seconds: 0, finished_courses: 0, credentials: [], stars: [], certificates: [] }));
        return v;
      };
      year(Number(chinaDate(clock.now()).slice(0, 4)));
      for (const r of figures) {
        const y = year(r.year);
        y.learn_seconds += r.seconds;
        y.finished_courses += r.finished;
      }
      for (const c of facts?.credentials ?? []) {
        year(Number(c.issued_on.slice(0, 4))).credentials.push({
          id: c.id,
          name: c.name,
          issuer: c.issuer,
          issued_on: c.issued_on,
        });
      }
      for (const s of facts?.stars ?? []) {
        const grantedAt = new Date(s.reviewed_at);
        year(Number(chinaDate(grantedAt).slice(0, 4))).stars.push({
          star_id: s.level,
          star_name: starName(s.level),
          granted_at: grantedAt.toISOString(),
        });
      }
      for (const c of [...certificates].reverse()) {
        year(Number(chinaDate(new Date(c.issued_at)).slice(0, 4))).certificates.push({
          number: c.number,
          exam_name: c.exam_name,
          issued_at: c.issued_at,
          valid_until: c.valid_until,
          state: c.state,
        });
      }
      const list = [...years.values()].sort((a, b) => b.year - a.year);
      return {
        user: {
          id: user.id,
          real_name: facts?.real_name ?? null,
          nickname: facts?.nickname ?? null,
          phone: facts?.phone ?? user.phone,
          star_id: facts?.star_id ?? 0,
        },
        years: list,
        total_learn_seconds: list.reduce((n, y) => n + y.learn_seconds, 0),
        total_finished_courses: list.reduce((n, y) => n + y.finished_courses, 0),
      };
    },
  };
}
