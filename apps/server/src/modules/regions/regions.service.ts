import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import {
  BASE_MANAGER_ATTACHMENT_PDF_MAX_PAGES,
  BASE_MANAGER_MAX_PER_ACCOUNT_PER_DAY,
  BASE_MANAGER_MAX_PER_IP_PER_HOUR,
  BASE_MANAGER_RESULT_TITLE,
  BASE_MANAGER_STATUS_LABELS,
  LEARNING_BASES,
  regionsMessages as m,
  type AdminBaseManagerApplication,
  type BaseManagerApplication,
  type Paged,
  type adminBaseManagerQuerySchema,
  type applyBaseManagerFieldsSchema,
  type reviewBaseManagerBodySchema,
} from '@app/contracts';
import type { Db } from '../../db/client';
import { isUniqueViolation, lockKey, type Executor } from '../../db/sql';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { Storage } from '../../lib/storage';
import { checkedDocument } from '../../lib/document-upload';
import { displayFileName, type UploadedFile } from '../../lib/multipart-upload';
import { pageWindow, toPaged } from '../../lib/pagination';
import type { AuditTrail, StaffActor } from '../audit';
import type { MessagesService } from '../messages';
import { displayName } from '../users';
import { regionsRepository as repo, type AdminApplicationRow } from './regions.repository';
import type { ManagerApplicationRow } from './regions.table';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** Applications an applicant sees on the form's page (newest first). */
const MINE_SHOWN = 20;
/** Stored attachment names: 32 random hex characters and the stored type's extension. */
const ATTACHMENT_FILE_REGEX = /^[0-9a-f]{32}\.(pdf|webp)$/;

type ApplyFields = z.output<typeof applyBaseManagerFieldsSchema>;

/** 河南学习基地 from `henan` (GLOSSARY-zh.md: 学习基地). */
export const baseNameOf = (region: string): string => `${LEARNING_BASES[region] ?? region}学习基地`;

/** The attachment as it will be kept, checked by its content (lib/document-upload). */
const checkedAttachment = (file: UploadedFile) =>
  checkedDocument(file, {
    maxPages: BASE_MANAGER_ATTACHMENT_PDF_MAX_PAGES,
    badType: m.attachmentBadType,
    pdfBroken: m.attachmentPdfBroken,
    pdfEncrypted: m.attachmentPdfEncrypted,
    pdfTooManyPages: m.attachmentPdfTooManyPages,
    field: 'file',
  });

function toApplication(r: ManagerApplicationRow): BaseManagerApplication {
  return {
    id: r.id,
    organisation: r.organisation,
    region: r.region,
    base_name: baseNameOf(r.region),
    contact: r.contact,
    phone: r.phone,
    qualifications: r.qualifications,
    attachment:
      r.attachmentFile && r.attachmentMime
        ? { file_name: r.attachmentName ?? '附件', mime: r.attachmentMime, size: r.attachmentSize ?? 0 }
        : null,
    status: r.status,
    status_label: BASE_MANAGER_STATUS_LABELS[r.status],
    review_reason: r.reviewReason,
    reviewed_at: r.reviewedAt?.toISOString() ?? null,
    created_at: r.createdAt.toISOString(),
  };
}

export const attachmentUrl = (id: number) => `/api/admin/base_manager_applications/${id}/attachment`;

function toAdmin(r: AdminApplicationRow): AdminBaseManagerApplication {
  const a = r.application;
  return {
    ...toApplication(a),
    applicant: {
      id: a.userId,
      phone: r.applicant.phone,
      name: r.applicant.realName?.trim() || r.applicant.companyName?.trim() || r.applicant.nickname?.trim() || null,
    },
    attachment_url: a.attachmentFile ? attachmentUrl(a.id) : null,
    reviewed_by: r.reviewer ? displayName(r.reviewer) : null,
  };
}

/** What the audit log shows of an application: its title (单位 and 基地) and the answer. */
const auditView = (r: ManagerApplicationRow) => ({
  title: `${r.organisation}（${baseNameOf(r.region)}）`,
  user_id: r.userId,
  status: r.status,
  reason: r.reviewReason,
});

export interface RegionsServiceDeps {
  db: Db;
  clock: Clock;
  messages: MessagesService;
  audit: AuditTrail;
  /** Where attachments are kept, below REGIONS_ATTACHMENT_KEY_PREFIX (the local disk: DATA_DIR/uploads/regions). */
  storage: Storage;
}

export const REGIONS_ATTACHMENT_KEY_PREFIX = 'uploads/regions/';

export function createRegionsService({ db, clock, messages, audit, storage }: RegionsServiceDeps) {
  /**
   * 409 while the account has a pending application for the base, 429 over the per-account or per-address limit.
   * Run once before the attachment is decoded (a refused caller costs no decoding) and again under the locks.
   */
  async function assertMayApply(ex: Executor, userId: number, region: string, ip: string): Promise<void> {
    if (await repo.hasPending(ex, userId, region)) throw AppError.conflict(m.duplicate);
    const now = clock.now().getTime();
    if ((await repo.countByUserSince(ex, userId, new Date(now - DAY_MS))) >= BASE_MANAGER_MAX_PER_ACCOUNT_PER_DAY)
      throw new AppError(429, m.tooMany);
    if ((await repo.countByIpSince(ex, ip, new Date(now - HOUR_MS))) >= BASE_MANAGER_MAX_PER_IP_PER_HOUR)
      throw new AppError(429, m.tooMany);
  }

  return {
    /**
     * Stores an application and its checked attachment. The file is written before the row (outside the
     * transaction, which on PGlite holds the whole database) and removed again when the row is refused.
     */
    async apply(userId: number, input: ApplyFields, file: UploadedFile | null, ip: string): Promise<BaseManagerApplication> {
      await assertMayApply(db, userId, input.region, ip);
      const attachment = file ? await checkedAttachment(file) : null;
      let stored: string | null = null;
      if (attachment) {
        stored = `${randomBytes(16).toString('hex')}.${attachment.ext}`;
        await storage.put(REGIONS_ATTACHMENT_KEY_PREFIX + stored, attachment.data, {
          contentType: attachment.mime,
          ifAbsent: true,
        });
      }
      try {
        const row = await db.transaction(async (tx) => {
          // Parallel posts of one account, or from one address, queue here, so the limits hold across processes.
          await lockKey(tx, `regions-apply:user:${userId}`);
          await lockKey(tx, `regions-apply:ip:${ip}`);
          await assertMayApply(tx, userId, input.region, ip);
          return repo.insert(tx, {
            userId,
            organisation: input.organisation,
            region: input.region,
            contact: input.contact,
            phone: input.phone,
            qualifications: input.qualifications,
            attachmentFile: stored,
            attachmentName: attachment && file ? displayFileName(file.filename) : null,
            attachmentMime: attachment?.mime ?? null,
            attachmentSize: attachment?.data.length ?? null,
            ip,
            createdAt: clock.now(),
          });
        });
        return toApplication(row);
      } catch (err) {
        if (stored) await storage.delete(REGIONS_ATTACHMENT_KEY_PREFIX + stored);
        if (isUniqueViolation(err)) throw AppError.conflict(m.duplicate);
        throw err;
      }
    },

    async mine(userId: number): Promise<BaseManagerApplication[]> {
      return (await repo.ofUser(db, userId, MINE_SHOWN)).map(toApplication);
    },

    async adminList(q: z.output<typeof adminBaseManagerQuerySchema>): Promise<Paged<AdminBaseManagerApplication>> {
      const { limit, offset } = pageWindow(q);
      const { rows, total } = await repo.adminPage(
        db,
        { status: q.status === 'all' ? undefined : q.status, region: q.region },
        limit,
        offset,
      );
      return toPaged(rows.map(toAdmin), total, q);
    },

    /** The stored attachment of an application (staff only: the route checks the permission); 404 without one. */
    async attachment(id: number): Promise<{ key: string; mime: string; downloadName: string }> {
      const row = await repo.byId(db, id);
      if (!row) throw AppError.notFound(m.notFound);
      if (!row.attachmentFile || !row.attachmentMime || !ATTACHMENT_FILE_REGEX.test(row.attachmentFile))
        throw AppError.notFound(m.attachmentNotFound);
      const ext = row.attachmentFile.slice(row.attachmentFile.lastIndexOf('.') + 1);
      return {
        key: REGIONS_ATTACHMENT_KEY_PREFIX + row.attachmentFile,
        mime: row.attachmentMime,
        downloadName: `base-manager-application-${id}.${ext}`,
      };
    },

    /**
     * Staff answer an application once: the pending -> approved/rejected change is one conditional update, in the
     * transaction that also writes the applicant's message and the audit row, so two reviewers answer once.
     */
    async review(
      staff: StaffActor,
      id: number,
      body: z.output<typeof reviewBaseManagerBodySchema>,
    ): Promise<AdminBaseManagerApplication> {
      const reason = body.reason?.trim() || null;
      await db.transaction(async (tx) => {
        const current = await repo.byId(tx, id);
        if (!current) throw AppError.notFound(m.notFound);
        if (current.status !== 'pending') throw AppError.conflict(m.alreadyReviewed);
        const updated = await repo.review(tx, id, {
          status: body.approve ? 'approved' : 'rejected',
          reason,
          by: staff.id,
          at: clock.now(),
        });
        if (!updated) throw AppError.conflict(m.alreadyReviewed);
        const base = baseNameOf(current.region);
        const text = body.approve
          ? `您以「${current.organisation}」提交的${base}负责人申请已通过审核。协会工作人员将通过${current.phone}与联系人${current.contact}联系，商定共建协议与后续安排。${reason ? `审核说明：${reason}` : ''}`
          : `您以「${current.organisation}」提交的${base}负责人申请未通过审核。原因：${reason}。您可以根据原因补充材料后重新提交申请。`;
        await messages.send(current.userId, BASE_MANAGER_RESULT_TITLE, text, tx);
        await audit.record(tx, staff, {
          action: body.approve ? 'base_manager.approve' : 'base_manager.reject',
          entity: 'base_manager_application',
          entityId: id,
          before: auditView(current),
          after: auditView(updated),
        });
      });
      return toAdmin((await repo.adminOne(db, id))!);
    },
  };
}

export type RegionsService = ReturnType<typeof createRegionsService>;
