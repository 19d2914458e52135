import { createHash, randomBytes } from 'node:crypto';
import { and, count, desc, eq, gte, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  CONVERSION_EVIDENCE_MAX_PAGES,
  CONVERSION_KIND_LABELS,
  CONVERSION_MAX_PER_DAY,
  CONVERSION_RESULT_TITLE,
  CONVERSION_STATUS_LABELS,
  conversionMessages as m,
  creditText,
  type AdminConversion,
  type Conversion,
  type Paged,
  type adminConversionsQuerySchema,
  type conversionFieldsSchema,
  type reviewConversionBodySchema,
} from '@app/contracts';
import type { Db } from '../../db/client';
import { isUniqueViolation, lockKey, rowsOf, type Executor } from '../../db/sql';
import { AppError } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth';
import { chinaDay } from '../../lib/china-time';
import type { Clock } from '../../lib/clock';
import { checkedDocument } from '../../lib/document-upload';
import { displayFileName, type UploadedFile } from '../../lib/multipart-upload';
import { pageWindow, toPaged } from '../../lib/pagination';
import type { AuditTrail, StaffActor } from '../audit';
import type { MessagesService } from '../messages';
import { revokeYearCertificate } from './credits-certificates.service';
import type { CreditLedger } from './credits.service';
import { regionOf, ruleFor } from './credits.service';
import { creditsConversions, creditsGrants, type ConversionRow } from './credits.table';
import type { Storage } from '../../lib/storage';

const DAY_MS = 86_400_000;
const MINE_SHOWN = 50;
const EVIDENCE_FILE_REGEX = /^[0-9a-f]{32}\.(pdf|webp)$/;

type Fields = z.output<typeof conversionFieldsSchema>;

export const evidenceUrl = (id: number) => `/api/admin/credits/conversions/${id}/evidence`;

function toConversion(r: ConversionRow): Conversion {
  return {
    id: r.id,
    kind: r.kind,
    kind_label: CONVERSION_KIND_LABELS[r.kind],
    role: r.role,
    title: r.title,
    activity_date: r.activityDate,
    year: r.year,
    credits: r.credits,
    evidence: { file_name: r.evidenceName, mime: r.evidenceMime, size: r.evidenceSize },
    status: r.status,
    status_label: CONVERSION_STATUS_LABELS[r.status],
    reason: r.reason,
    reviewed_at: r.reviewedAt?.toISOString() ?? null,
    created_at: r.createdAt.toISOString(),
  };
}

type AdminRow = ConversionRow & { applicant_name: string | null; applicant_phone: string; reviewer: string | null };

function toAdmin(r: AdminRow): AdminConversion {
  return {
    ...toConversion(r),
    applicant: { id: r.userId, name: r.applicant_name, phone: r.applicant_phone },
    evidence_url: evidenceUrl(r.id),
    reviewed_by: r.reviewer,
  };
}

export interface ConversionsDeps {
  db: Db;
  clock: Clock;
  messages: MessagesService;
  audit: AuditTrail;
  ledger: CreditLedger;
  /** Where evidence is kept, below CONVERSION_EVIDENCE_KEY_PREFIX (the local disk: DATA_DIR/uploads/credits). */
  storage: Storage;
}

export const CONVERSION_EVIDENCE_KEY_PREFIX = 'uploads/credits/';

/** 学分折算: filing with evidence, staff review, and withdrawing an approved one. */
export function createConversionsService({ db, clock, messages, audit, ledger, storage }: ConversionsDeps) {
  async function adminRow(ex: Executor, id: number): Promise<AdminRow | null> {
    const rows = await rowsOf<AdminRow>(
      ex,
      sql`SELECT v.id, v.user_id AS "userId", v.kind, v.role, v.title, v.activity_date::text AS "activityDate", v.year, v.credits,
                 v.rule_id AS "ruleId", v.evidence_file AS "evidenceFile", v.evidence_name AS "evidenceName",
                 v.evidence_mime AS "evidenceMime", v.evidence_size AS "evidenceSize", v.evidence_sha256 AS "evidenceSha256",
                 v.status, v.reason, v.grant_id AS "grantId", v.reviewed_at AS "reviewedAt", v.reviewed_by AS "reviewedBy",
                 v.created_at AS "createdAt",
                 coalesce(nullif(trim(u.real_name), ''), nullif(trim(u.nickname), '')) AS applicant_name, u.phone AS applicant_phone,
                 coalesce(r.nickname, r.phone) AS reviewer
            FROM ${creditsConversions} v JOIN users u ON u.id = v.user_id LEFT JOIN users r ON r.id = v.reviewed_by
           WHERE v.id = ${id}`,
    );
    const row = rows[0];
    return row ? { ...row, createdAt: new Date(row.createdAt), reviewedAt: row.reviewedAt ? new Date(row.reviewedAt) : null } : null;
  }

  return {
    /**
     * Files a conversion. The activity's year must have a rule with this kind, and its filing deadline must not have
     * passed (China date). The evidence is checked by content and written before the row (outside the transaction),
     * removed again when the row is refused; the same evidence twice is refused by a unique index.
     */
    async file(user: AuthUser, f: Fields, file: UploadedFile): Promise<Conversion> {
      if (user.role !== 'personal') throw AppError.forbidden(m.companyNotApplicable);
      const today = chinaDay(clock.now());
      if (f.activity_date > today) throw AppError.badRequest(m.dateInFuture, { activity_date: m.dateInFuture });
      const year = Number(f.activity_date.slice(0, 4));
      const rule = await ruleFor(db, year, await regionOf(db, user.id));
      const entry = rule?.conversions.find((c) => c.kind === f.kind);
      if (!rule || !entry) throw AppError.badRequest(m.kindNotInRule, { kind: m.kindNotInRule });
      if (f.role === 'co' && entry.co_credits === null) throw AppError.badRequest(m.noCoRole, { role: m.noCoRole });
      // A year that follows an earlier year's rule files until that rule's deadline moved to this year.
      const deadline = rule.year === year ? rule.filingDeadline : `${year + 1}${rule.filingDeadline.slice(4)}`;
      if (today > deadline) throw AppError.conflict(m.deadlinePassed);
      const evidence = await checkedDocument(file, {
        maxPages: CONVERSION_EVIDENCE_MAX_PAGES,
        badType: m.evidenceBadType,
        pdfBroken: m.evidenceBroken,
        pdfEncrypted: m.evidenceEncrypted,
        pdfTooManyPages: m.evidenceTooManyPages,
        field: 'file',
      });
      // The uploaded bytes identify the evidence (a re-encoded scan differs from its source, but the same source file
      // always encodes the same way).
      const sha = createHash('sha256').update(file.content).digest('hex');
      const stored = `${randomBytes(16).toString('hex')}.${evidence.ext}`;
      const key = CONVERSION_EVIDENCE_KEY_PREFIX + stored;
      await storage.put(key, evidence.data, { contentType: evidence.mime, ifAbsent: true });
      try {
        const row = await db.transaction(async (tx) => {
          await lockKey(tx, `credits-conversion:${user.id}`);
          const [n] = await tx
            .select({ n: count() })
            .from(creditsConversions)
            .where(and(eq(creditsConversions.userId, user.id), gte(creditsConversions.createdAt, new Date(clock.now().getTime() - DAY_MS))));
          if ((n?.n ?? 0) >= CONVERSION_MAX_PER_DAY) throw new AppError(429, m.tooMany);
          const [saved] = await tx
            .insert(creditsConversions)
            .values({
              userId: user.id,
              kind: f.kind,
              role: f.role,
              title: f.title,
              activityDate: f.activity_date,
              year,
              credits: f.role === 'co' ? entry.co_credits! : entry.credits,
              ruleId: rule.id,
              evidenceFile: stored,
              evidenceName: displayFileName(file.filename),
              evidenceMime: evidence.mime,
              evidenceSize: evidence.data.length,
              evidenceSha256: sha,
              createdAt: clock.now(),
            })
            .returning();
          return saved!;
        });
        return toConversion(row);
      } catch (err) {
        await storage.delete(key);
        if (isUniqueViolation(err)) throw AppError.conflict(m.duplicate);
        throw err;
      }
    },

    async mine(user: AuthUser): Promise<Conversion[]> {
      if (user.role !== 'personal') throw AppError.forbidden(m.companyNotApplicable);
      const rows = await db
        .select()
        .from(creditsConversions)
        .where(eq(creditsConversions.userId, user.id))
        .orderBy(desc(creditsConversions.createdAt), desc(creditsConversions.id))
        .limit(MINE_SHOWN);
      return rows.map(toConversion);
    },

    async adminList(q: z.output<typeof adminConversionsQuerySchema>): Promise<Paged<AdminConversion>> {
      const { limit, offset } = pageWindow(q);
      const ids = await rowsOf<{ id: number; total: number }>(
        db,
        sql`SELECT id, count(*) OVER ()::int AS total FROM ${creditsConversions}
             WHERE ${q.status ? sql`status = ${q.status}` : sql`true`}
             ORDER BY (status = 'pending') DESC,
                      CASE WHEN status = 'pending' THEN created_at END ASC,
                      created_at DESC, id DESC
             LIMIT ${limit} OFFSET ${offset}`,
      );
      const rows: AdminConversion[] = [];
      for (const { id } of ids) {
        const r = await adminRow(db, id);
        if (r) rows.push(toAdmin(r));
      }
      return toPaged(rows, ids[0]?.total ?? 0, q);
    },

    async evidence(id: number): Promise<{ key: string; mime: string; downloadName: string }> {
      const [row] = await db.select().from(creditsConversions).where(eq(creditsConversions.id, id));
      if (!row) throw AppError.notFound(m.notFound);
      if (!EVIDENCE_FILE_REGEX.test(row.evidenceFile)) throw AppError.notFound(m.evidenceNotFound);
      const ext = row.evidenceFile.slice(row.evidenceFile.lastIndexOf('.') + 1);
      return { key: CONVERSION_EVIDENCE_KEY_PREFIX + row.evidenceFile, mime: row.evidenceMime, downloadName: `credit-conversion-${id}.${ext}` };
    },

    /**
     * Staff answer a pending filing once (a conditional update, so two reviewers answer once). Approval grants the
     * filing's credits as 专业科目 in the activity's year, in the same transaction as the message and the audit row.
     */
    async review(staff: StaffActor, id: number, body: z.output<typeof reviewConversionBodySchema>): Promise<AdminConversion> {
      const now = clock.now();
      await db.transaction(async (tx) => {
        const [row] = await tx
          .update(creditsConversions)
          .set({ status: body.approve ? 'approved' : 'rejected', reason: body.reason || null, reviewedAt: now, reviewedBy: staff.id })
          .where(and(eq(creditsConversions.id, id), eq(creditsConversions.status, 'pending')))
          .returning();
        if (!row) {
          const [exists] = await tx.select({ id: creditsConversions.id }).from(creditsConversions).where(eq(creditsConversions.id, id));
          throw exists ? AppError.conflict(m.alreadyReviewed) : AppError.notFound(m.notFound);
        }
        let granted = '';
        if (body.approve) {
          const g = await ledger.grant(tx, {
            userId: row.userId,
            category: 'professional',
            credits: row.credits,
            source: 'conversion',
            sourceId: row.id,
            title: `${CONVERSION_KIND_LABELS[row.kind]}：${row.title}`,
            at: now,
            year: row.year,
          });
          if (g) {
            await tx.update(creditsConversions).set({ grantId: g.id }).where(eq(creditsConversions.id, row.id));
            granted = `，已计入${row.year}年度专业科目${creditText(row.credits)}学分`;
          }
        }
        await messages.send(
          row.userId,
          CONVERSION_RESULT_TITLE,
          body.approve
            ? `您的学分折算申请“${row.title}”已通过${granted}。`
            : `您的学分折算申请“${row.title}”未通过，原因：${body.reason}。您可以补充材料后重新申请。`,
          tx,
        );
        await audit.record(tx, staff, {
          action: body.approve ? 'credit_conversion.approve' : 'credit_conversion.reject',
          entity: 'credit_conversion',
          entityId: row.id,
          before: { status: 'pending', title: row.title },
          after: { status: row.status, reason: row.reason, credits: row.credits, year: row.year },
        });
      });
      return toAdmin((await adminRow(db, id))!);
    },

    /** Withdraws an approved conversion: its grant stops counting, and the member is told why. */
    async withdraw(staff: StaffActor, id: number, reason: string): Promise<AdminConversion> {
      const now = clock.now();
      await db.transaction(async (tx) => {
        const [row] = await tx
          .update(creditsConversions)
          .set({ status: 'withdrawn', reason, reviewedAt: now, reviewedBy: staff.id })
          .where(and(eq(creditsConversions.id, id), eq(creditsConversions.status, 'approved')))
          .returning();
        if (!row) {
          const [exists] = await tx.select({ id: creditsConversions.id }).from(creditsConversions).where(eq(creditsConversions.id, id));
          throw exists ? AppError.conflict(m.notApproved) : AppError.notFound(m.notFound);
        }
        if (row.grantId !== null)
          await tx.update(creditsGrants).set({ withdrawnAt: now, withdrawnReason: reason }).where(eq(creditsGrants.id, row.grantId));
        // The year's 学时证明 listed this credit: it no longer tells the truth, so it is revoked.
        await revokeYearCertificate(tx, messages, { userId: row.userId, year: row.year, reason: `学分折算“${row.title}”已撤销`, now });
        await messages.send(
          row.userId,
          CONVERSION_RESULT_TITLE,
          `您的学分折算“${row.title}”已被撤销，${row.year}年度专业科目减少${creditText(row.credits)}学分。原因：${reason}。`,
          tx,
        );
        await audit.record(tx, staff, {
          action: 'credit_conversion.withdraw',
          entity: 'credit_conversion',
          entityId: row.id,
          before: { status: 'approved', title: row.title },
          after: { status: 'withdrawn', reason },
        });
      });
      return toAdmin((await adminRow(db, id))!);
    },
  };
}
export type ConversionsService = ReturnType<typeof createConversionsService>;
