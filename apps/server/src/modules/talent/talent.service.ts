import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  hasPermission,
  birthdayProblem,
  chinaDate,
  computeRadar,
  maskIdNumber,
  maskPhone,
  splitCitys,
  splitList,
  talentMessages as m,
  TALENT_ATTACHMENTS_MAX,
  TALENT_RECORDS_MAX,
  type Credential,
  type CustomerEdu,
  type CustomerJob,
  type JobProfit,
  type Paper,
  type PersonalInfo,
  type SelectOptions,
  type TalentAttachment,
  type TalentUserInfo,
  type UserApplyJob,
  type UserApplyJobInput,
  type credentialBodySchema,
  type customerEduBodySchema,
  type customerJobBodySchema,
  type jobProfitBodySchema,
  type paperBodySchema,
  type updatePersonalInfoBodySchema,
} from '@app/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { encodeImage } from '../../lib/image-store';
import { displayFileName } from '../../lib/multipart-upload';
import type { Clock } from '../../lib/clock';
import { lockKey } from '../../db/sql';
import type { AuthUser } from '../../lib/auth';
import { accountChanges } from '../users';
import {
  ATTACHMENT_FILE_REGEX,
  checkAttachmentPdf,
  detectAttachmentType,
} from './attachment-type';
import { INDUSTRIES, POSITIONS } from './data/options.data';
import { REGIONS } from './data/regions.data';
import {
  talentRepository as repo,
  type ApplyJobRow,
  type AttachmentRow,
  type PersonRow,
  type RecordKind,
  type RecordRow,
  type RecordValues,
} from './talent.repository';

/** URL of an attachment's file (served to the owner and staff, see canViewAttachment). */
export const attachmentUrl = (id: number) => `/api/talent_attachments/${id}/file`;

export const SELECT_OPTIONS: SelectOptions = { areas: REGIONS, positions: POSITIONS, industries: INDUSTRIES };
const CITY_PAIRS = new Set(REGIONS.flatMap((p) => p.sub_arr.map((c) => `${p.name}:${c.name}`)));
const POSITION_NAMES = new Set(POSITIONS.flatMap((p) => p.sub_arr.map((c) => c.name)));
const INDUSTRY_NAMES = new Set(INDUSTRIES.map((i) => i.name));

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

const toEdu = (r: RecordRow<'customer_edus'>): CustomerEdu => ({
  id: r.id,
  school: r.school,
  major: r.major,
  degree: r.degree,
  start_date: r.startDate,
  end_date: r.endDate,
});
const toJob = (r: RecordRow<'customer_jobs'>): CustomerJob => ({
  id: r.id,
  company: r.company,
  position: r.position,
  position_level: r.positionLevel,
  start_date: r.startDate,
  end_date: r.endDate,
  duties: r.duties,
});
const toProfit = (r: RecordRow<'job_profits'>): JobProfit => ({
  id: r.id,
  title: r.title,
  profit_type: r.profitType,
  awarded_on: r.awardedOn,
  issuer: r.issuer,
});
const toPaper = (r: RecordRow<'papers'>): Paper => ({
  id: r.id,
  title: r.title,
  publication: r.publication,
  published_on: r.publishedOn,
  link: r.link,
});

type CredentialRow = RecordRow<'credentials'>;

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

export type TalentService = ReturnType<typeof createTalentService>;

export function createTalentService(deps: {
  db: Db;
  clock: Clock;
  attachmentDir: string;
  /** Extra readers of attachments besides owner and staff (recruiting: companies the person applied to). */
  attachmentAccess?: AttachmentAccessCheck[];
}) {
  const { db, clock, attachmentDir } = deps;
  const attachmentAccess = deps.attachmentAccess ?? [];

  async function requirePerson(userId: number): Promise<PersonRow> {
    const p = await repo.person(db, userId);
    if (!p) throw new AppError(406);
    return p;
  }

  /** Option names, birthday and the user's own record: what the zod schema cannot check. */
  function checkJobIntention(input: UserApplyJobInput): void {
    const errors: Record<string, string> = {};
    const birthday = birthdayProblem(input.biithday, clock.now());
    if (birthday) errors.biithday = birthday;
    if (!splitCitys(input.citys).every(([p, c]) => CITY_PAIRS.has(`${p}:${c}`)))
      errors.citys = m.regionInvalid;
    if (!splitList(input.industries).every((n) => INDUSTRY_NAMES.has(n)))
      errors.industries = m.industryInvalid;
    if (!splitList(input.positions).every((n) => POSITION_NAMES.has(n))) errors.positions = m.positionInvalid;
    const first = Object.values(errors)[0];
    if (first) throw AppError.badRequest(first, errors);
  }

  const jobValues = (input: UserApplyJobInput) => ({
    name: input.name,
    sex: input.sex,
    birthday: input.biithday,
    salary: input.salary,
    showPersonalInfo: input.show_personal_info,
    citys: input.citys,
    positions: input.positions,
    industries: input.industries,
  });

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

  async function personalInfo(
    userId: number,
    publicView: boolean,
    keepAttachments = false,
  ): Promise<PersonalInfo> {
    const [person, info, job, edus, jobs, credentialRows, profits, papers] = await Promise.all([
      requirePerson(userId),
      repo.userInfo(db, userId),
      repo.applyJobOf(db, userId),
      repo.listRecords(db, 'customer_edus', userId),
      repo.listRecords(db, 'customer_jobs', userId),
      repo.listRecords(db, 'credentials', userId),
      repo.listRecords(db, 'job_profits', userId),
      repo.listRecords(db, 'papers', userId),
    ]);
    const now = clock.now();
    const phone = info?.contactPhone ?? person.phone;
    const userInfo: TalentUserInfo = {
      id: person.id,
      phone: publicView ? maskPhone(phone) : phone,
      nickname: person.nickname,
      avatar: person.avatar,
      real_name: person.realName,
      gender: person.gender,
      birthday: publicView ? null : (info?.birthday ?? null),
      political_status: person.politicalStatus,
      unit_size: info?.unitSize ?? null,
      position_level: info?.positionLevel ?? null,
      work_unit: info?.workUnit ?? null,
      id_number: person.idNumber ? (publicView ? maskIdNumber(person.idNumber) : person.idNumber) : null,
      star_id: person.starId ?? 0,
      total_learn_time: person.totalLearnTime ?? 0,
      finish_course_num: person.finishCourseNum ?? 0,
      is_member: person.memberEndAt !== null && person.memberEndAt > now,
      show_personal_info: job?.showPersonalInfo ?? false,
    };
    const credentials =
      publicView && !keepAttachments
        ? credentialRows.map((r) => ({
            id: r.id,
            name: r.name,
            number: r.number,
            issuer: r.issuer,
            issued_on: r.issuedOn,
            attachment: null,
          }))
        : await credentialsWithAttachments(db, credentialRows);
    const applyJob = job ? toUserApplyJob(job) : null;
    return {
      user_info: userInfo,
      customer_edus: edus.map(toEdu),
      customer_jobs: jobs.map(toJob),
      credentials,
      job_profits: profits.map(toProfit),
      papers: papers.map(toPaper),
      radar: computeRadar({
        degrees: edus.map((e) => e.degree),
        credentialCount: credentialRows.length,
        jobs: jobs.map((j) => ({ start: j.startDate, end: j.endDate })),
        rewardCount: profits.length,
        paperCount: papers.length,
        learnSeconds: userInfo.total_learn_time,
        finishedCourses: userInfo.finish_course_num,
        today: chinaDate(now),
      }),
      user_apply_job: applyJob && publicView ? { ...applyJob, biithday: '' } : applyJob,
    };
  }

  return {
    selectOptions: (): SelectOptions => SELECT_OPTIONS,

    // ---- job intention --------------------------------------------------------------------------------------

    /** Only the caller's own record is ever listed; another user's id gives an empty list. */
    async listJobIntentions(callerId: number, userId: number | undefined): Promise<UserApplyJob[]> {
      if (userId !== undefined && userId !== callerId) return [];
      const row = await repo.applyJobOf(db, callerId);
      return row ? [toUserApplyJob(row)] : [];
    },

    /**
     * POST (and POST /api/user_infos/): creates the caller's record, or updates it when one exists (one record per
     * user). A `user_apply_job[id]` that is not the caller's record answers 404.
     */
    async saveJobIntention(userId: number, input: UserApplyJobInput): Promise<UserApplyJob> {
      checkJobIntention(input);
      if (input.id !== undefined) {
        const existing = await repo.applyJobById(db, input.id);
        if (!existing || existing.userId !== userId) throw new AppError(404, m.jobIntentionNotFound);
      }
      return toUserApplyJob(await repo.upsertApplyJob(db, userId, jobValues(input), clock.now()));
    },

    /** PUT /api/user_apply_jobs/:id: another user's or a missing record answers 404. */
    async updateJobIntention(userId: number, id: number, input: UserApplyJobInput): Promise<UserApplyJob> {
      checkJobIntention(input);
      if (input.id !== undefined && input.id !== id) {
        throw new AppError(404, m.jobIntentionNotFound);
      }
      const row = await repo.updateApplyJob(db, id, userId, jobValues(input), clock.now());
      if (!row) throw new AppError(404, m.jobIntentionNotFound);
      return toUserApplyJob(row);
    },

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

    // ---- personal info and portraits ------------------------------------------------------------------------

    personalInfo: (userId: number) => personalInfo(userId, false),

    async updatePersonalInfo(
      userId: number,
      body: z.output<typeof updatePersonalInfoBodySchema>,
    ): Promise<PersonalInfo> {
      if (body.birthday) {
        const problem = birthdayProblem(body.birthday, clock.now());
        if (problem) throw AppError.badRequest(problem, { birthday: problem });
      }
      const now = clock.now();
      await db.transaction(async (tx) => {
        const account: Parameters<typeof accountChanges.updateAccountProfile>[2] = {};
        if (body.real_name !== undefined) account.realName = body.real_name;
        if (body.id_number !== undefined) account.idNumber = body.id_number;
        if (body.gender !== undefined) account.gender = body.gender;
        if (body.political_status !== undefined) account.politicalStatus = body.political_status;
        await accountChanges.updateAccountProfile(tx, userId, account, now);
        const info: Parameters<typeof repo.upsertUserInfo>[2] = {};
        if (body.birthday !== undefined) info.birthday = body.birthday;
        if (body.unit_size !== undefined) info.unitSize = body.unit_size;
        if (body.position_level !== undefined) info.positionLevel = body.position_level;
        if (body.work_unit !== undefined) info.workUnit = body.work_unit;
        if (body.phone !== undefined) info.contactPhone = body.phone;
        await repo.upsertUserInfo(tx, userId, info, now);
      });
      return personalInfo(userId, false);
    },

    async showPersonalInfo(userId: number): Promise<boolean> {
      return (await repo.applyJobOf(db, userId))?.showPersonalInfo ?? false;
    },

    /**
     * A resume for a company the person applied to: the whole portrait with credential attachments (readable by that
     * company through the attachment-access hook), phone, ID and birthday masked when `masked`.
     */
    resumeFor: (userId: number, masked: boolean) => personalInfo(userId, masked, true),

    /** The portrait with phone, ID and birthday masked; 404 unless the person made it public. */
    async publicPortrait(userId: number): Promise<PersonalInfo> {
      const job = await repo.applyJobOf(db, userId);
      if (!job?.showPersonalInfo) throw new AppError(404, m.portraitNotPublic);
      return personalInfo(userId, true);
    },

    // ---- attachments ----------------------------------------------------------------------------------------

    /**
     * Stores a PDF that opens, or a JPEG or PNG re-encoded as WebP without its metadata (by content), under a random
     * name; the caller enforces the size limit.
     */
    async uploadAttachment(
      userId: number,
      upload: Buffer,
      fileName: string | undefined,
    ): Promise<TalentAttachment> {
      const detected = detectAttachmentType(upload);
      if (!detected) throw new AppError(415, m.attachmentBadType);
      let content = upload;
      let type: { ext: string; mime: string } = detected;
      if (detected.ext === 'pdf') await checkAttachmentPdf(content);
      else {
        content = (await encodeImage(upload, 'document', m.attachmentBadType)).data;
        type = { ext: 'webp', mime: 'image/webp' };
      }
      const storedName = `${randomBytes(16).toString('hex')}.${type.ext}`;
      const file = path.join(attachmentDir, storedName);
      let written = false;
      try {
        return await db.transaction(async (tx) => {
          await lockKey(tx, `talent:attachments:${userId}`);
          const n = await repo.countAttachments(tx, userId);
          if (n >= TALENT_ATTACHMENTS_MAX) throw AppError.badRequest(m.attachmentsTooMany);
          await mkdir(attachmentDir, { recursive: true });
          await writeFile(file, content, { flag: 'wx', mode: 0o600 });
          written = true;
          const row = await repo.insertAttachment(tx, {
            userId,
            storedName,
            originalName: displayFileName(fileName),
            mime: type.mime,
            size: content.length,
            createdAt: clock.now(),
          });
          return toAttachment(row);
        });
      } catch (err) {
        // The row was not committed: the file must not stay behind as an orphan nobody can reach or delete.
        if (written) await rm(file, { force: true });
        throw err;
      }
    },

    /** The stored file of an attachment the viewer may read (owner, staff, extra checks); 404 otherwise. */
    async attachmentForViewer(
      viewer: AuthUser,
      id: number,
    ): Promise<{ file: string; mime: string; size: number }> {
      const a = await repo.attachment(db, id);
      if (!a || !ATTACHMENT_FILE_REGEX.test(a.storedName)) throw new AppError(404, m.attachmentNotFound);
      let allowed = a.userId === viewer.id || hasPermission(viewer.staffRoles, 'stars');
      for (const check of attachmentAccess) {
        if (allowed) break;
        allowed = await check(viewer, a.userId);
      }
      if (!allowed) throw new AppError(404, m.attachmentNotFound);
      return { file: path.join(attachmentDir, a.storedName), mime: a.mime, size: a.size };
    },
  };
}
