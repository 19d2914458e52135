// What the recruiting services' use cases share: their dependencies, dates, role checks, and the job post and talent
// cards that several of them show.
import {
  POST_STATUS_LABELS,
  UNIT_SIZES,
  chinaDate,
  dictLabel,
  maskedName,
  recruitingMessages as m,
  salaryText,
  type CompanyCard,
  type JobPost,
  type TalentCard,
  type VerifiedStudy,
} from '@app/contracts';
import type { z } from 'zod';
import type { Config } from '../../config/config';
import type { Storage } from '../../lib/storage';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth';
import type { Clock } from '../../lib/clock';
import { toPaged } from '../../lib/pagination';
import type { AuditTrail } from '../audit';
import { createExamCertificates } from '../exams';
import { learningRecord } from '../learning';
import type { MessagesService } from '../messages';
import { talentPortraits } from '../talent';
import {
  recruitingRepository as repo,
  type PostRow,
  type PostRowBase,
  type TalentRow,
} from './recruiting.repository';

export type Out<S extends z.ZodType> = z.output<S>;

export interface RecruitingServiceDeps {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'publicBaseUrl'>;
  /** Where company logos and licences are kept, below COMPANY_IMAGE_KEY_PREFIX. */
  storage: Storage;
  messages: MessagesService;
  audit: AuditTrail;
}

export const DAY_MS = 86_400_000;
/** Storage key prefix of company logos (public) and licences (private): the local disk's DATA_DIR/uploads/recruiting. */
export const COMPANY_IMAGE_KEY_PREFIX = 'uploads/recruiting/';
export const logoUrl = (file: string) => `/api/company_logos/${file}`;

export const iso = (d: Date | string | null | undefined): string | null =>
  d === null || d === undefined ? null : new Date(d).toISOString();
export const isoOf = (d: Date | string) => new Date(d).toISOString();

export const requireCompany = (u: AuthUser) => {
  if (u.role !== 'company') throw AppError.forbidden(m.companyOnly);
};
export const requirePersonal = (u: AuthUser) => {
  if (u.role !== 'personal') throw AppError.forbidden(m.personalOnly);
};

export const paged = <R extends { total?: number }, T>(
  rows: R[],
  map: (r: R) => T,
  q: { page: number; per: number },
) => toPaged(rows.map(map), rows[0]?.total ?? 0, q);

export function toTalentCard(r: TalentRow): TalentCard {
  return {
    user_id: r.user_id,
    name: maskedName(r.name, r.sex),
    sex: r.sex,
    star_id: r.star_id,
    citys: r.citys,
    positions: r.positions,
    salary: r.salary,
    highest_degree: r.highest_degree,
    work_years: Math.floor(r.work_days / 365),
    credentials: r.credentials ?? [],
    learn_seconds: r.learn_seconds,
    in_pool: r.in_pool,
  };
}

/** The day-bound helpers and reads shared by the use cases, made once per service. */
export function createRecruitingShared({ db, clock }: Pick<RecruitingServiceDeps, 'db' | 'clock'>) {
  const portraits = talentPortraits({ db, clock });
  const today = () => chinaDate(clock.now());
  const month = () => today().slice(0, 7);

  function postStatus(r: { status: PostRowBase['status']; expires_on: string }): JobPost['status'] {
    return r.status === 'online' && r.expires_on < today() ? 'expired' : r.status;
  }

  function toCard(r: PostRow): CompanyCard {
    return {
      user_id: r.company_id,
      name: r.company_name,
      industry: r.company_industry,
      unit_size: r.company_unit_size,
      unit_size_label: r.company_unit_size ? (dictLabel(UNIT_SIZES, r.company_unit_size) ?? null) : null,
      city: r.company_city,
      logo: r.company_logo ? logoUrl(r.company_logo) : null,
      intro: r.company_intro,
      online_posts: r.company_online_posts,
    };
  }

  function toPost(r: PostRow): JobPost {
    const status = postStatus(r);
    return {
      id: r.id,
      title: r.title,
      position: r.position,
      position_level: r.position_level,
      citys: r.citys,
      salary_band: r.salary_band,
      salary_min: r.salary_min,
      salary_max: r.salary_max,
      salary_text: salaryText(r.salary_min, r.salary_max),
      experience: r.experience,
      education: r.education,
      headcount: r.headcount,
      description: r.description,
      expires_on: r.expires_on,
      status,
      status_label: POST_STATUS_LABELS[status],
      review_reason: r.status === 'rejected' || r.status === 'offline' ? r.review_reason : null,
      published_at: iso(r.published_at),
      updated_at: isoOf(r.updated_at),
      application_count: r.application_count,
      company: toCard(r),
    };
  }

  async function verifiedStudy(userId: number, starId: number, totalSeconds: number): Promise<VerifiedStudy> {
    const from = chinaDate(new Date(clock.now().getTime() - 365 * DAY_MS));
    const [seconds, courses, certificates] = await Promise.all([
      learningRecord.secondsSince(db, userId, from),
      learningRecord.finishedCourses(db, userId),
      createExamCertificates(db).ofUser(userId, clock.now()),
    ]);
    return {
      star_id: starId,
      learn_seconds_12m: seconds,
      total_learn_seconds: totalSeconds,
      finished_courses: courses.map((c) => ({ id: c.id, title: c.title, finished_at: isoOf(c.finished_at) })),
      certificates: certificates
        .filter((c) => c.state === 'valid')
        .map((c) => ({
          number: c.number,
          exam_name: c.exam_name,
          level: c.level,
          issued_at: c.issued_at,
          valid_until: c.valid_until,
        })),
    };
  }

  const companyName = async (companyId: number) => (await repo.company(db, companyId))?.name ?? '企业';

  return { portraits, today, month, postStatus, toPost, verifiedStudy, companyName };
}
export type RecruitingShared = ReturnType<typeof createRecruitingShared>;
