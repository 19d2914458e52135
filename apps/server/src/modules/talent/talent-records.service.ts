// Talent by use case: a person's records (education, jobs, credentials, awards, papers), each kind capped and
// checked for dates in the future.
import {
  chinaDate,
  talentMessages as m,
  TALENT_RECORDS_MAX,
  type credentialBodySchema,
  type customerEduBodySchema,
  type customerJobBodySchema,
  type jobProfitBodySchema,
  type paperBodySchema,
} from '@app/contracts';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { lockKey } from '../../db/sql';
import {
  credentialsWithAttachments,
  toEdu,
  toJob,
  toPaper,
  toProfit,
  type CredentialRow,
  type TalentServiceDeps,
} from './talent-shared';
import {
  talentRepository as repo,
  type RecordKind,
  type RecordRow,
  type RecordValues,
} from './talent.repository';

type Out<S extends z.ZodType> = z.output<S>;

/** Body (validated) and stored values of each record kind, and which of its dates must not be in the future. */
interface KindSpec<K extends RecordKind, S extends z.ZodType> {
  dates: (b: Out<S>) => [field: string, value: string | null][];
  values: (b: Out<S>) => RecordValues<K>;
}
const KINDS: {
  customer_edus: KindSpec<'customer_edus', typeof customerEduBodySchema>;
  customer_jobs: KindSpec<'customer_jobs', typeof customerJobBodySchema>;
  credentials: KindSpec<'credentials', typeof credentialBodySchema>;
  job_profits: KindSpec<'job_profits', typeof jobProfitBodySchema>;
  papers: KindSpec<'papers', typeof paperBodySchema>;
} = {
  customer_edus: {
    // An expected graduation date may lie ahead; the start may not.
    dates: (b) => [['start_date', b.start_date]],
    values: (b) => ({
      school: b.school,
      major: b.major,
      degree: b.degree,
      startDate: b.start_date,
      endDate: b.end_date,
    }),
  },
  customer_jobs: {
    dates: (b) => [
      ['start_date', b.start_date],
      ['end_date', b.end_date],
    ],
    values: (b) => ({
      company: b.company,
      position: b.position,
      positionLevel: b.position_level,
      startDate: b.start_date,
      endDate: b.end_date,
      duties: b.duties,
    }),
  },
  credentials: {
    dates: (b) => [['issued_on', b.issued_on]],
    values: (b) => ({
      name: b.name,
      number: b.number,
      issuer: b.issuer,
      issuedOn: b.issued_on,
      attachmentId: b.attachment_id ?? null,
    }),
  },
  job_profits: {
    dates: (b) => [['awarded_on', b.awarded_on]],
    values: (b) => ({ title: b.title, profitType: b.profit_type, awardedOn: b.awarded_on, issuer: b.issuer }),
  },
  papers: {
    dates: (b) => [['published_on', b.published_on]],
    values: (b) => ({
      title: b.title,
      publication: b.publication,
      publishedOn: b.published_on,
      link: b.link,
    }),
  },
};

export type RecordBody<K extends RecordKind> = Parameters<(typeof KINDS)[K]['values']>[0];

export function createTalentRecordsService({ db, clock }: Pick<TalentServiceDeps, 'db' | 'clock'>) {
  function checkDates(fields: [string, string | null][]): void {
    const today = chinaDate(clock.now());
    for (const [field, value] of fields) {
      if (value && value > today) throw AppError.badRequest(m.dateInFuture, { [field]: m.dateInFuture });
    }
  }

  async function checkOwnAttachment(userId: number, attachmentId: number | null | undefined): Promise<void> {
    if (attachmentId === null || attachmentId === undefined) return;
    const a = await repo.attachment(db, attachmentId);
    if (!a || a.userId !== userId) throw new AppError(404, m.attachmentNotFound);
  }

  async function toApiRecord<K extends RecordKind>(kind: K, row: RecordRow<K>): Promise<unknown> {
    switch (kind) {
      case 'customer_edus':
        return toEdu(row as RecordRow<'customer_edus'>);
      case 'customer_jobs':
        return toJob(row as RecordRow<'customer_jobs'>);
      case 'credentials':
        return (await credentialsWithAttachments(db, [row as CredentialRow]))[0];
      case 'job_profits':
        return toProfit(row as RecordRow<'job_profits'>);
      default:
        return toPaper(row as RecordRow<'papers'>);
    }
  }

  return {
    // ---- talent records -------------------------------------------------------------------------------------

    async createRecord<K extends RecordKind>(userId: number, kind: K, body: RecordBody<K>): Promise<unknown> {
      const spec = KINDS[kind] as unknown as KindSpec<K, z.ZodType>;
      checkDates(spec.dates(body));
      if (kind === 'credentials')
        await checkOwnAttachment(userId, (body as Out<typeof credentialBodySchema>).attachment_id);
      const row = await db.transaction(async (tx) => {
        // Serialises this user's creates of this kind, so the cap holds under concurrent requests.
        await lockKey(tx, `talent:${kind}:${userId}`);
        if ((await repo.countRecords(tx, kind, userId)) >= TALENT_RECORDS_MAX)
          throw AppError.badRequest(m.recordsTooMany);
        return repo.insertRecord(tx, kind, userId, spec.values(body), clock.now());
      });
      return toApiRecord(kind, row);
    },

    async updateRecord<K extends RecordKind>(
      userId: number,
      kind: K,
      id: number,
      body: RecordBody<K>,
    ): Promise<unknown> {
      const spec = KINDS[kind] as unknown as KindSpec<K, z.ZodType>;
      checkDates(spec.dates(body));
      if (kind === 'credentials')
        await checkOwnAttachment(userId, (body as Out<typeof credentialBodySchema>).attachment_id);
      const row = await repo.updateRecord(db, kind, id, userId, spec.values(body));
      if (!row) throw new AppError(404, m.recordNotFound);
      return toApiRecord(kind, row);
    },

    async deleteRecord(userId: number, kind: RecordKind, id: number): Promise<void> {
      if (!(await repo.deleteRecord(db, kind, id, userId))) throw new AppError(404, m.recordNotFound);
    },
  };
}
