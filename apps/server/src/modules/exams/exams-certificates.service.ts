// Exams by use case: certificates (a holder's own, the public check, staff listing and revocation).
import {
  examsMessages as m,
  maskName,
  type Certificate,
  type CertificateCheck,
  type CertificateState,
} from '@app/contracts';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { StaffActor } from '../audit';
import type { ExamsServiceDeps } from './exams-shared';
import { examsRepository as repo, type CertificateRow } from './exams.repository';

export function certificateState(c: Pick<CertificateRow, 'revokedAt' | 'validUntil'>, now: Date): CertificateState {
  if (c.revokedAt) return 'revoked';
  return c.validUntil.getTime() <= now.getTime() ? 'expired' : 'valid';
}

export function toCertificate(c: CertificateRow, now: Date): Certificate {
  return {
    id: c.id,
    number: c.number,
    holder_name: c.holderName,
    exam_name: c.examName,
    level: c.level,
    score: c.score,
    issued_at: c.issuedAt.toISOString(),
    valid_until: c.validUntil.toISOString(),
    state: certificateState(c, now),
    revoked_at: c.revokedAt?.toISOString() ?? null,
    revoke_reason: c.revokeReason,
  };
}

/** What the talent area shows of a person's certificates (centre evaluation, credit archive). */
export function createExamCertificates(db: DbOrTx) {
  return {
    async ofUser(userId: number, now: Date): Promise<Certificate[]> {
      return (await repo.certificatesOfUser(db, userId)).map((c) => toCertificate(c, now));
    },
  };
}
export type ExamCertificates = ReturnType<typeof createExamCertificates>;

export function createExamsCertificatesService({ db, clock, messages, audit }: ExamsServiceDeps) {
  return {
    // ----------------------------------------------------------------------------------------------- certificates

    async myCertificates(userId: number): Promise<Certificate[]> {
      return createExamCertificates(db).ofUser(userId, clock.now());
    },

    async myCertificate(userId: number, number: string): Promise<CertificateRow> {
      const c = await repo.certificateByNumber(db, number);
      if (!c || c.userId !== userId) throw AppError.notFound(m.certificateNotFound);
      return c;
    },

    async check(number: string, issuer: string): Promise<CertificateCheck> {
      const c = await repo.certificateByNumber(db, number);
      if (!c) throw AppError.notFound(m.certificateNotFound);
      return {
        number: c.number,
        holder_name: maskName(c.holderName),
        exam_name: c.examName,
        level: c.level,
        issued_at: c.issuedAt.toISOString(),
        valid_until: c.validUntil.toISOString(),
        state: certificateState(c, clock.now()),
        issuer,
      };
    },

    async adminCertificates(keyword?: string) {
      const now = clock.now();
      return (await repo.adminCertificates(db, keyword)).map((r) => ({ ...toCertificate(r.cert, now), user_phone: r.phone }));
    },

    async revoke(staff: StaffActor, id: number, reason: string) {
      const found = await repo.adminCertificate(db, id);
      if (!found) throw AppError.notFound(m.certificateNotFound);
      await db.transaction(async (tx) => {
        if (!(await repo.revoke(tx, { id, reason, staffId: staff.id, now: clock.now() })))
          throw AppError.conflict(m.revokedAlready);
        await audit.record(tx, staff, {
          action: 'certificate.revoke',
          entity: 'certificate',
          entityId: id,
          before: { number: found.cert.number, revoked: false },
          after: { number: found.cert.number, revoked: true, reason },
        });
        await messages.send(
          found.cert.userId,
          '证书已撤销',
          `您的${found.cert.examName}证书（编号${found.cert.number}）已被撤销，原因：${reason}。`,
          tx,
        );
      });
      const after = (await repo.adminCertificate(db, id))!;
      return { ...toCertificate(after.cert, clock.now()), user_phone: after.phone };
    },
  };
}
