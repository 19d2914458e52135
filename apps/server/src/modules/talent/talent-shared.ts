// What the talent services' use cases share: their dependencies, a job intention, an attachment and each kind of
// talent record as the API answers them, and credentials with their attachments.
import {
  type Credential,
  type CustomerEdu,
  type CustomerJob,
  type JobProfit,
  type Paper,
  type TalentAttachment,
  type UserApplyJob,
} from '@app/contracts';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { AuthUser } from '../../lib/auth';
import {
  talentRepository as repo,
  type ApplyJobRow,
  type AttachmentRow,
  type RecordRow,
} from './talent.repository';
import type { Storage } from '../../lib/storage';

/** URL of an attachment's file (served to the owner and staff, see canViewAttachment). */
export const attachmentUrl = (id: number) => `/api/talent_attachments/${id}/file`;

/**
 * Decides whether a viewer who is neither the owner nor staff may read a person's attachments. The recruiting
 * area adds "a company the person applied to" here; until then nobody else may.
 */
export type AttachmentAccessCheck = (viewer: AuthUser, ownerId: number) => Promise<boolean>;

const iso = (d: Date) => d.toISOString();

export function toUserApplyJob(r: ApplyJobRow): UserApplyJob {
  return {
    id: r.id,
    user_id: r.userId,
    name: r.name,
    sex: r.sex,
    biithday: r.birthday,
    salary: r.salary,
    show_personal_info: r.showPersonalInfo,
    citys: r.citys,
    positions: r.positions,
    industries: r.industries,
    created_at: iso(r.createdAt),
    updated_at: iso(r.updatedAt),
  };
}

export function toAttachment(a: AttachmentRow): TalentAttachment {
  return { id: a.id, file_name: a.originalName, mime: a.mime, size: a.size, url: attachmentUrl(a.id) };
}

export const toEdu = (r: RecordRow<'customer_edus'>): CustomerEdu => ({
  id: r.id,
  school: r.school,
  major: r.major,
  degree: r.degree,
  start_date: r.startDate,
  end_date: r.endDate,
});
export const toJob = (r: RecordRow<'customer_jobs'>): CustomerJob => ({
  id: r.id,
  company: r.company,
  position: r.position,
  position_level: r.positionLevel,
  start_date: r.startDate,
  end_date: r.endDate,
  duties: r.duties,
});
export const toProfit = (r: RecordRow<'job_profits'>): JobProfit => ({
  id: r.id,
  title: r.title,
  profit_type: r.profitType,
  awarded_on: r.awardedOn,
  issuer: r.issuer,
});
export const toPaper = (r: RecordRow<'papers'>): Paper => ({
  id: r.id,
  title: r.title,
  publication: r.publication,
  published_on: r.publishedOn,
  link: r.link,
});

export type CredentialRow = RecordRow<'credentials'>;

/** Credentials with their attachments (one query for all). */
export async function credentialsWithAttachments(db: Db, rows: CredentialRow[]): Promise<Credential[]> {
  const ids = rows.map((r) => r.attachmentId).filter((v): v is number => v !== null);
  const byId = new Map((await repo.attachmentsByIds(db, ids)).map((a) => [a.id, a]));
  return rows.map((r) => {
    const a = r.attachmentId !== null ? byId.get(r.attachmentId) : undefined;
    return {
      id: r.id,
      name: r.name,
      number: r.number,
      issuer: r.issuer,
      issued_on: r.issuedOn,
      attachment: a ? toAttachment(a) : null,
    };
  });
}

/** Storage key prefix of credential scans and attachments (the local disk: DATA_DIR/uploads/talent). */
export const TALENT_ATTACHMENT_KEY_PREFIX = 'uploads/talent/';

export interface TalentServiceDeps {
  db: Db;
  clock: Clock;
  /** Where attachments are kept, below TALENT_ATTACHMENT_KEY_PREFIX; only uploads need it. */
  storage?: Storage;
  /** Extra readers of attachments besides owner and staff (recruiting: companies the person applied to). */
  attachmentAccess?: AttachmentAccessCheck[];
}
