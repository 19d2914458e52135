import path from 'node:path';
import QRCode from 'qrcode';
import {
  APPLICATION_STATUS_LABELS,
  COMPANY_STATUS_LABELS,
  MATCH_WEIGHTS,
  POST_STATUS_LABELS,
  SALARY_BAND_RANGES,
  SALARY_BANDS,
  UNIT_SIZES,
  chinaDate,
  dictLabel,
  maskedName,
  rangeMatchesBand,
  recruitingMessages as m,
  salaryText,
  splitCitys,
  splitList,
  type AdminCompany,
  type Company,
  type CompanyOverview,
  type CompanyCard,
  type JobPost,
  type MatchReason,
  type MyTalentPool,
  type Paged,
  type PoolEntry,
  type PostDetail,
  type ReceivedApplication,
  type Recommend,
  type Resume,
  type SentApplication,
  type TalentCard,
  type VerifiedStudy,
  type adminCompaniesQuerySchema,
  type adminPostsQuerySchema,
  type applyBodySchema,
  type companyBodySchema,
  type jobBoardQuerySchema,
  type markBodySchema,
  type myPostsQuerySchema,
  type poolAddBodySchema,
  type poolQuerySchema,
  type poolUpdateBodySchema,
  type postBodySchema,
  type receivedQuerySchema,
  type reviewBodySchema,
  type sentQuerySchema,
  type talentQuerySchema,
} from '@app/contracts';
import type { z } from 'zod';
import type { Config } from '../../config/config';
import type { Db } from '../../db/client';
import { isUniqueViolation, lockKey } from '../../db/sql';
import { AppError } from '../../lib/app-error';
import { createTtlCache } from '../../lib/ttl-cache';
import type { AuthUser } from '../../lib/auth';
import type { Clock } from '../../lib/clock';
import { AVATAR_FILE_REGEX } from '../../lib/image-type';
import { removeStoredImage, storeImage } from '../../lib/image-store';
import { pageWindow, toPaged } from '../../lib/pagination';
import { createExamCertificates } from '../exams';
import { learningRecord } from '../learning';
import type { AuditTrail, StaffActor } from '../audit';
import type { MessagesService } from '../messages';
import { talentOptions, talentPortraits } from '../talent';
import {
  recruitingRepository as repo,
  type ApplicationRow,
  type CompanyRow,
  type PostRow,
  type PostRowBase,
  type PostValues,
  type TalentRow,
} from './recruiting.repository';

type Out<S extends z.ZodType> = z.output<S>;

const DAY_MS = 86_400_000;
const RECOMMEND_LIMIT = 20;
const RECOMMEND_CANDIDATES = 500;
const SIMILAR_LIMIT = 4;
export const logoUrl = (file: string) => `/api/company_logos/${file}`;

const iso = (d: Date | string | null | undefined): string | null =>
  d === null || d === undefined ? null : new Date(d).toISOString();
const isoOf = (d: Date | string) => new Date(d).toISOString();

/** Fields whose change sends an online post back to review ("substance"); headcount and expiry do not. */
const SUBSTANCE: (keyof PostValues)[] = [
  'title',
  'position',
  'positionLevel',
  'citys',
  'salaryBand',
  'salaryMin',
  'salaryMax',
  'experience',
  'education',
  'description',
];

export type RecruitingService = ReturnType<typeof createRecruitingService>;

/**
 * How long one process reuses the number of portraits matching a talent query's filters. Counting reads every match
 * (2,738 rows for a position, a province and a star level among 200,000: 6-11 ms); the page itself is read fresh, so
 * only the pager's total may be up to this old, as on the course list's cursor pages.
 */
export const TALENT_TOTAL_CACHE_MS = 60_000;
/**
 * Whether a talent query's page walks the order index rather than gathering every match (recruitingRepository.talents).
 * Gathering costs about 4 µs per match. A walk costs about 0.5 µs per portrait it passes, and to fill `upTo` rows it
 * passes about upTo × pool / matches of them when the matches are spread through the order. So it walks when
 * 4 × matches ≥ 0.5 × upTo × pool / matches. On 200,000 portraits the first page walks from 500 matches on.
 */
export function walkTalents(matches: number, pool: number, upTo: number): boolean {
  return matches > 0 && 8 * matches * matches >= upTo * pool;
}

export function createRecruitingService(deps: {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'dataDir' | 'publicBaseUrl'>;
  messages: MessagesService;
  audit: AuditTrail;
}) {
  const { db, clock, messages, audit } = deps;
  const imageDir = path.join(deps.config.dataDir, 'uploads', 'recruiting');
  const portraits = talentPortraits({ db, clock });
  const today = () => chinaDate(clock.now());
  const month = () => today().slice(0, 7);

  const requireCompany = (u: AuthUser) => {
    if (u.role !== 'company') throw AppError.forbidden(m.companyOnly);
  };
  const requirePersonal = (u: AuthUser) => {
    if (u.role !== 'personal') throw AppError.forbidden(m.personalOnly);
  };

  // ---- mapping -----------------------------------------------------------------------------------------------------

  async function toCompany(userId: number, row: CompanyRow | null): Promise<Company> {
    const person = await repo.personOf(db, userId);
    return {
      user_id: userId,
      name: row?.name ?? person?.company_name ?? person?.nickname ?? '',
      credit_code: person?.credit_code ?? null,
      industry: row?.industry ?? null,
      unit_size: row?.unitSize ?? null,
      city: row?.city ?? null,
      address: row?.address ?? null,
      logo: row?.logo ? logoUrl(row.logo) : null,
      intro: row?.intro ?? null,
      contact_name: row?.contactName ?? null,
      contact_phone: row?.contactPhone ?? null,
      status: row?.status ?? 'unsubmitted',
      status_label: COMPANY_STATUS_LABELS[row?.status ?? 'unsubmitted'],
      reject_reason: row?.status === 'rejected' ? row.rejectReason : null,
      has_licence: !!row?.licence,
      online_posts: await repo.onlinePostCount(db, userId, today()),
      updated_at: iso(row?.updatedAt),
    };
  }

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

  function toTalentCard(r: TalentRow): TalentCard {
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

  const talentTotals = createTtlCache({ ttlMs: TALENT_TOTAL_CACHE_MS });

  const paged = <R extends { total?: number }, T>(
    rows: R[],
    map: (r: R) => T,
    q: { page: number; per: number },
  ) => toPaged(rows.map(map), rows[0]?.total ?? 0, q);

  async function postOrThrow(id: number): Promise<PostRow> {
    const row = await repo.postById(db, id, today());
    if (!row) throw AppError.notFound(m.postNotFound);
    return row;
  }

  async function ownPost(companyId: number, id: number): Promise<PostRowBase> {
    const post = await repo.postBase(db, id);
    if (!post || post.companyId !== companyId) throw AppError.notFound(m.postNotFound);
    return post;
  }

  // ---- images ------------------------------------------------------------------------------------------------------

  // Logos and licences share one folder, readable by the server only (licences are private; logos are served by it).
  const storeCompanyImage = (content: Buffer, profile: 'avatar' | 'document') =>
    storeImage(imageDir, content, profile, { badType: m.imageBadType, mode: 0o600 });

  // ---- post values -------------------------------------------------------------------------------------------------

  function postValues(b: Out<typeof postBodySchema>): PostValues {
    const errors: Record<string, string> = {};
    if (!talentOptions.isPosition(b.position)) errors.position = m.positionInvalid;
    if (!splitList(b.citys).every((pair) => talentOptions.isCityPair(pair))) errors.citys = m.cityInvalid;
    if (b.expires_on < today()) errors.expires_on = m.expiresInPast;
    const first = Object.values(errors)[0];
    if (first) throw AppError.badRequest(first, errors);
    const band = b.salary_band ?? null;
    const [min, max] = band !== null ? SALARY_BAND_RANGES[band]! : [b.salary_min!, b.salary_max!];
    return {
      title: b.title,
      position: b.position,
      positionLevel: b.position_level,
      citys: b.citys,
      salaryBand: band,
      salaryMin: min,
      salaryMax: max,
      experience: b.experience,
      education: b.education,
      headcount: b.headcount,
      description: b.description,
      expiresOn: b.expires_on,
    };
  }

  async function requireVerified(companyId: number): Promise<CompanyRow> {
    const c = await repo.company(db, companyId);
    if (c?.status !== 'verified') throw AppError.forbidden(m.notVerified);
    return c;
  }

  // ---- applications ------------------------------------------------------------------------------------------------

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
        .map((c) => ({ number: c.number, exam_name: c.exam_name, level: c.level, issued_at: c.issued_at, valid_until: c.valid_until })),
    };
  }

  const companyName = async (companyId: number) => (await repo.company(db, companyId))?.name ?? '企业';

  // ---- recommendation ----------------------------------------------------------------------------------------------

  /** The explainable score of one intention against one post (docs/decisions.md "Recommendation ranking"). */
  function match(
    intention: { citys: string; positions: string; salary: number },
    post: { citys: string; position: string; salary_min: number; salary_max: number | null },
  ): MatchReason {
    const postPairs = splitList(post.citys);
    const wanted = splitList(intention.citys);
    const exact = wanted.find((c) => postPairs.includes(c));
    const provinces = new Set(postPairs.map((c) => c.split(':')[0]));
    const sameProvince = exact ? undefined : splitCitys(intention.citys).find(([p]) => provinces.has(p));
    const position = splitList(intention.positions).includes(post.position) ? post.position : null;
    const salary = rangeMatchesBand(post.salary_min, post.salary_max, intention.salary)
      ? (SALARY_BANDS[intention.salary] ?? null)
      : null;
    const city = exact ? exact.split(':')[1]! : sameProvince ? sameProvince[0] : null;
    const score =
      (exact ? MATCH_WEIGHTS.city : sameProvince ? MATCH_WEIGHTS.province : 0) +
      (position ? MATCH_WEIGHTS.position : 0) +
      (salary ? MATCH_WEIGHTS.salary : 0);
    return { city, position, salary, score };
  }
  /** A result needs a place or a position in common; salary alone is no match. */
  const relevant = (r: MatchReason) => r.city !== null || r.position !== null;

  return {
    // ---- company profile -----------------------------------------------------------------------------------------

    async myCompany(u: AuthUser): Promise<Company> {
      requireCompany(u);
      return toCompany(u.id, await repo.company(db, u.id));
    },

    async companyOverview(u: AuthUser): Promise<CompanyOverview> {
      requireCompany(u);
      const company = await toCompany(u.id, await repo.company(db, u.id));
      return {
        name: company.name,
        logo: company.logo,
        status: company.status,
        status_label: company.status_label,
        ...(await repo.companyOverview(db, u.id, today())),
      };
    },

    async saveCompany(u: AuthUser, b: Out<typeof companyBodySchema>): Promise<Company> {
      requireCompany(u);
      const errors: Record<string, string> = {};
      if (!talentOptions.isIndustry(b.industry)) errors.industry = m.industryInvalid;
      if (!talentOptions.isCityPair(b.city)) errors.city = m.cityInvalid;
      const first = Object.values(errors)[0];
      if (first) throw AppError.badRequest(first, errors);
      const now = clock.now();
      const current = await repo.company(db, u.id);
      // The name is what staff checked against the licence: renaming a verified company sends it back to review
      // with the licence on file (posts already online stay; new posts wait for the review).
      const renamedAfterReview = current?.status === 'verified' && current.name !== b.name;
      const row = await repo.upsertCompany(
        db,
        u.id,
        {
          ...(renamedAfterReview ? { status: 'pending' as const, submittedAt: now, rejectReason: null } : {}),
          name: b.name,
          industry: b.industry,
          unitSize: b.unit_size,
          city: b.city,
          address: b.address,
          intro: b.intro,
          contactName: b.contact_name,
          contactPhone: b.contact_phone,
        },
        now,
      );
      return toCompany(u.id, row);
    },

    /** Stores the licence image and sends the profile to staff review. */
    async submitLicence(u: AuthUser, content: Buffer): Promise<Company> {
      requireCompany(u);
      const current = await repo.company(db, u.id);
      if (!current?.industry) throw AppError.badRequest(m.profileIncomplete);
      if (current.status === 'pending') throw AppError.conflict(m.alreadyPending);
      if (current.status === 'verified') throw AppError.conflict('企业已认证');
      const file = await storeCompanyImage(content, 'document');
      const now = clock.now();
      const row = await repo.setCompanyStatus(db, u.id, ['unsubmitted', 'rejected'], {
        licence: file,
        status: 'pending',
        rejectReason: null,
        submittedAt: now,
        updatedAt: now,
      });
      if (!row) {
        await removeStoredImage(imageDir, file, 'document');
        throw AppError.conflict(m.alreadyPending);
      }
      if (current.licence) await removeStoredImage(imageDir, current.licence, 'document');
      return toCompany(u.id, row);
    },

    async uploadLogo(u: AuthUser, content: Buffer): Promise<Company> {
      requireCompany(u);
      const current = await repo.company(db, u.id);
      if (!current) throw AppError.badRequest(m.profileIncomplete);
      const file = await storeCompanyImage(content, 'avatar');
      const row = await repo.upsertCompany(db, u.id, { name: current.name, logo: file }, clock.now());
      if (current.logo) await removeStoredImage(imageDir, current.logo, 'avatar');
      return toCompany(u.id, row);
    },

    /** Path of a logo file by its stored name (public), or null. */
    logoFile(file: string): string | null {
      return AVATAR_FILE_REGEX.test(file) ? path.join(imageDir, file) : null;
    },

    async licenceFile(companyId: number): Promise<string> {
      const c = await repo.company(db, companyId);
      if (!c?.licence || !AVATAR_FILE_REGEX.test(c.licence)) throw AppError.notFound(m.companyNotFound);
      return path.join(imageDir, c.licence);
    },

    async adminCompanies(q: Out<typeof adminCompaniesQuerySchema>): Promise<Paged<AdminCompany>> {
      const { limit, offset } = pageWindow(q);
      const rows = await repo.adminCompanies(db, q.status === 'all' ? null : q.status, limit, offset);
      const list = await Promise.all(
        rows.map(async (r) => ({
          ...(await toCompany(r.userId, r)),
          phone: r.phone,
          submitted_at: iso(r.submittedAt),
        })),
      );
      return toPaged(list, rows[0]?.total ?? 0, q);
    },

    async reviewCompany(
      staff: StaffActor,
      companyId: number,
      b: Out<typeof reviewBodySchema>,
    ): Promise<Company> {
      const now = clock.now();
      const row = await db.transaction(async (tx) => {
        const updated = await repo.setCompanyStatus(tx, companyId, ['pending'], {
          status: b.approve ? 'verified' : 'rejected',
          rejectReason: b.approve ? null : b.reason,
          reviewedAt: now,
          reviewedBy: staff.id,
        });
        if (!updated) {
          if (!(await repo.company(tx, companyId))) throw AppError.notFound(m.companyNotFound);
          throw AppError.conflict(m.notPending);
        }
        if (b.approve)
          await messages.send(
            companyId,
            '企业认证已通过',
            `您的企业「${updated.name}」已通过平台认证，现在可以发布职位了。`,
            tx,
          );
        else
          await messages.send(
            companyId,
            '企业认证未通过',
            `您的企业「${updated.name}」认证未通过，原因：${b.reason}。请修改后重新上传营业执照。`,
            tx,
          );
        await audit.record(tx, staff, {
          action: b.approve ? 'company.verify' : 'company.reject',
          entity: 'company',
          entityId: companyId,
          before: { status: 'pending' },
          after: { status: updated.status, reason: b.approve ? null : b.reason },
        });
        return updated;
      });
      return toCompany(companyId, row);
    },

    // ---- posts ---------------------------------------------------------------------------------------------------

    async myPosts(u: AuthUser, q: Out<typeof myPostsQuerySchema>): Promise<Paged<JobPost>> {
      requireCompany(u);
      const { limit, offset } = pageWindow(q);
      const rows = await repo.companyPosts(
        db,
        u.id,
        q.status === 'all' ? null : q.status,
        today(),
        limit,
        offset,
      );
      return paged(rows, toPost, q);
    },

    async myPost(u: AuthUser, id: number): Promise<JobPost> {
      requireCompany(u);
      await ownPost(u.id, id);
      return toPost(await postOrThrow(id));
    },

    async createPost(u: AuthUser, b: Out<typeof postBodySchema>): Promise<JobPost> {
      requireCompany(u);
      await requireVerified(u.id);
      const values = postValues(b);
      const id = await repo.insertPost(db, u.id, values, b.submit ? 'pending' : 'draft', clock.now());
      return toPost(await postOrThrow(id));
    },

    async updatePost(u: AuthUser, id: number, b: Out<typeof postBodySchema>): Promise<JobPost> {
      requireCompany(u);
      const post = await ownPost(u.id, id);
      await requireVerified(u.id);
      const values = postValues(b);
      const now = clock.now();
      let status: PostRowBase['status'];
      if (post.status === 'online') {
        const changed = SUBSTANCE.some((k) => values[k] !== post[k]);
        status = changed ? 'pending' : b.submit ? 'online' : 'draft';
      } else {
        status = b.submit ? 'pending' : 'draft';
      }
      await repo.updatePost(db, id, {
        ...values,
        status,
        reviewReason: status === post.status ? post.reviewReason : null,
        submittedAt: status === 'pending' && post.status !== 'pending' ? now : post.submittedAt,
        updatedAt: now,
      });
      return toPost(await postOrThrow(id));
    },

    async offlinePost(u: AuthUser, id: number): Promise<JobPost> {
      requireCompany(u);
      await ownPost(u.id, id);
      const ok = await repo.setPostStatus(db, id, ['online', 'pending'], {
        status: 'offline',
        reviewReason: null,
        updatedAt: clock.now(),
      });
      if (!ok) throw AppError.conflict(m.postNotEditable);
      return toPost(await postOrThrow(id));
    },

    async adminPosts(q: Out<typeof adminPostsQuerySchema>): Promise<Paged<JobPost>> {
      const { limit, offset } = pageWindow(q);
      const rows = await repo.companyPosts(
        db,
        null,
        q.status === 'all' ? null : q.status,
        today(),
        limit,
        offset,
      );
      return paged(rows, toPost, q);
    },

    async reviewPost(staff: StaffActor, id: number, b: Out<typeof reviewBodySchema>): Promise<JobPost> {
      const now = clock.now();
      await db.transaction(async (tx) => {
        const post = await repo.postBase(tx, id);
        if (!post) throw AppError.notFound(m.postNotFound);
        const ok = await repo.setPostStatus(tx, id, ['pending'], {
          status: b.approve ? 'online' : 'rejected',
          reviewReason: b.approve ? null : b.reason,
          publishedAt: b.approve ? now : post.publishedAt,
          updatedAt: now,
        });
        if (!ok) throw AppError.conflict(m.notPending);
        if (b.approve)
          await messages.send(
            post.companyId,
            '职位审核通过',
            `您发布的职位「${post.title}」已通过审核，正在招聘中。`,
            tx,
          );
        else
          await messages.send(
            post.companyId,
            '职位审核未通过',
            `您发布的职位「${post.title}」未通过审核，原因：${b.reason}。`,
            tx,
          );
        await audit.record(tx, staff, {
          action: b.approve ? 'job_post.approve' : 'job_post.reject',
          entity: 'job_post',
          entityId: id,
          before: { status: 'pending' },
          after: { status: b.approve ? 'online' : 'rejected', reason: b.approve ? null : b.reason },
        });
      });
      return toPost(await postOrThrow(id));
    },

    async adminOffline(staff: StaffActor, id: number, reason: string): Promise<JobPost> {
      const now = clock.now();
      await db.transaction(async (tx) => {
        const post = await repo.postBase(tx, id);
        if (!post) throw AppError.notFound(m.postNotFound);
        const ok = await repo.setPostStatus(tx, id, ['online'], {
          status: 'offline',
          reviewReason: reason,
          updatedAt: now,
        });
        if (!ok) throw AppError.conflict('只有招聘中的职位可以下线');
        await messages.send(
          post.companyId,
          '职位已被下线',
          `您发布的职位「${post.title}」已被平台下线，原因：${reason}。`,
          tx,
        );
        await audit.record(tx, staff, {
          action: 'job_post.offline',
          entity: 'job_post',
          entityId: id,
          before: { status: 'online' },
          after: { status: 'offline', reason },
        });
      });
      return toPost(await postOrThrow(id));
    },

    // ---- board ---------------------------------------------------------------------------------------------------

    async board(q: Out<typeof jobBoardQuerySchema>): Promise<Paged<JobPost>> {
      const { limit, offset } = pageWindow(q);
      const rows = await repo.board(db, {
        today: today(),
        keyword: q.keyword || undefined,
        city: q.city || undefined,
        position: q.position || undefined,
        salaryRange: q.salary !== undefined ? SALARY_BAND_RANGES[q.salary] : undefined,
        industry: q.industry || undefined,
        unitSize: q.unit_size,
        since: q.within ? new Date(clock.now().getTime() - q.within * DAY_MS) : undefined,
        companyId: q.company_id,
        sort: q.sort,
        limit,
        offset,
      });
      return paged(rows, toPost, q);
    },

    /** An online, unexpired post; anything else answers 404 to the public. */
    async boardPost(viewer: AuthUser | undefined, id: number): Promise<PostDetail> {
      const row = await repo.postById(db, id, today());
      if (!row || postStatus(row) !== 'online') throw AppError.notFound(m.postNotFound);
      const similar = await repo.board(db, {
        today: today(),
        position: row.position,
        excludeId: id,
        sort: 'newest',
        limit: SIMILAR_LIMIT,
        offset: 0,
      });
      const mine = viewer ? await repo.applicationOf(db, id, viewer.id) : null;
      return {
        post: { ...toPost(row), application_count: 0 },
        similar: similar.map(toPost),
        my_application: mine
          ? { id: mine.id, status: mine.status, status_label: APPLICATION_STATUS_LABELS[mine.status] }
          : null,
      };
    },

    // ---- applications ----------------------------------------------------------------------------------------------

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

    // ---- talent query ------------------------------------------------------------------------------------------------

    async talents(u: AuthUser, q: Out<typeof talentQuerySchema>): Promise<Paged<TalentCard>> {
      requireCompany(u);
      const { limit, offset } = pageWindow(q);
      const filters = {
        today: today(),
        region: q.region || undefined,
        position: q.position || undefined,
        starMin: q.star_min,
        certificate: q.certificate || undefined,
        yearsMin: q.years_min,
        educationMin: q.education_min,
        salary: q.salary,
      };
      // The number of matches is counted apart, once per TALENT_TOTAL_CACHE_MS per filter; the page is read fresh,
      // walking the order index when the filter matches many portraits and gathering the matches when few.
      const [total, pool] = await Promise.all([
        talentTotals(`talents:${JSON.stringify(filters)}`, () => repo.talentCount(db, filters)),
        talentTotals(`talents:pool:${filters.today}`, () => repo.talentCount(db, { today: filters.today })),
      ]);
      const walk = walkTalents(total, pool, offset + limit);
      const rows = await repo.talents(db, { ...filters, companyId: u.id, limit, offset, walk });
      // A reused total may be behind the pages: a short page is the last, and what the pages hold is the total.
      const seen = offset + rows.length;
      const exact = rows.length < limit && (rows.length > 0 || offset === 0) ? seen : Math.max(total, seen);
      return toPaged(rows.map(toTalentCard), exact, q);
    },

    /** A public portrait opened by a company (counts as this month's view). */
    async talentResume(u: AuthUser, userId: number): Promise<Resume> {
      requireCompany(u);
      if (!(await repo.isPublic(db, userId))) throw AppError.notFound(m.talentNotFound);
      const portrait = await portraits.publicPortrait(userId);
      await repo.recordView(db, u.id, userId, month(), clock.now(), false);
      const pool = await repo.poolEntryOf(db, u.id, userId);
      return {
        application: null,
        masked: true,
        portrait,
        verified_study: await verifiedStudy(
          userId,
          portrait.user_info.star_id,
          portrait.user_info.total_learn_time,
        ),
        attachment: null,
        pool_id: pool?.id ?? null,
      };
    },

    // ---- recommendation ----------------------------------------------------------------------------------------------

    async recommend(u: AuthUser): Promise<Recommend> {
      if (u.role === 'company') {
        const posts = await repo.companyPosts(db, u.id, 'online', today(), 50, 0);
        if (posts.length === 0)
          return {
            role: 'company',
            talents: [],
            posts: [],
            hint: '您还没有招聘中的职位，发布职位并通过审核后即可获得人才推荐',
          };
        const provinces = [...new Set(posts.flatMap((p) => splitCitys(p.citys).map(([prov]) => prov)))];
        const positions = [...new Set(posts.map((p) => p.position))];
        const candidates = await repo.talents(db, {
          today: today(),
          companyId: u.id,
          anyOf: { provinces, positions },
          limit: RECOMMEND_CANDIDATES,
          offset: 0,
        });
        const scored = candidates
          .map((c) => {
            let best: { reason: MatchReason; post: PostRow } | null = null;
            for (const p of [...posts].sort((a, b) => a.id - b.id)) {
              const reason = match(c, p);
              if (relevant(reason) && (!best || reason.score > best.reason.score)) best = { reason, post: p };
            }
            return best ? { c, ...best } : null;
          })
          .filter((x): x is NonNullable<typeof x> => x !== null)
          .sort(
            (a, b) =>
              b.reason.score - a.reason.score ||
              b.c.star_id - a.c.star_id ||
              b.c.learn_seconds - a.c.learn_seconds ||
              a.c.user_id - b.c.user_id,
          )
          .slice(0, RECOMMEND_LIMIT);
        return {
          role: 'company',
          talents: scored.map((s) => ({
            ...toTalentCard(s.c),
            reason: s.reason,
            post: { id: s.post.id, title: s.post.title },
          })),
          posts: [],
          hint: scored.length ? null : '暂时没有与您的职位匹配的公开人才',
        };
      }
      const intention = await repo.intentionOf(db, u.id);
      if (!intention)
        return {
          role: 'personal',
          talents: [],
          posts: [],
          hint: '请先在人才画像中填写求职意向，系统将按意向为您推荐职位',
        };
      const provinces = [...new Set(splitCitys(intention.citys).map(([p]) => p))];
      const rows = await repo.postsMatching(
        db,
        today(),
        provinces,
        splitList(intention.positions),
        RECOMMEND_CANDIDATES,
      );
      const scored = rows
        .map((p) => ({ p, reason: match(intention, p) }))
        .filter((x) => relevant(x.reason))
        .sort((a, b) => b.reason.score - a.reason.score || 0) // rows arrive newest first; sort is stable
        .slice(0, RECOMMEND_LIMIT);
      return {
        role: 'personal',
        talents: [],
        posts: scored.map((s) => ({ ...toPost(s.p), reason: s.reason })),
        hint: scored.length ? null : '暂时没有与您的求职意向匹配的职位',
      };
    },

    // ---- pool --------------------------------------------------------------------------------------------------------

    async pool(u: AuthUser, q: Out<typeof poolQuerySchema>): Promise<Paged<PoolEntry>> {
      requireCompany(u);
      const { limit, offset } = pageWindow(q);
      const rows = await repo.poolList(db, u.id, q.tag || null, limit, offset);
      const cards = await repo.talents(db, {
        today: today(),
        companyId: u.id,
        userIds: rows.map((r) => r.userId),
        limit: rows.length || 1,
        offset: 0,
      });
      const byUser = new Map(cards.map((c) => [c.user_id, toTalentCard(c)]));
      return toPaged(
        rows.map((r) => toPoolEntry(r, byUser.get(r.userId) ?? null)),
        rows[0]?.total ?? 0,
        q,
      );
    },

    async poolAdd(u: AuthUser, b: Out<typeof poolAddBodySchema>): Promise<PoolEntry> {
      requireCompany(u);
      const visible = (await repo.isPublic(db, b.user_id)) || (await repo.hasApplied(db, u.id, b.user_id));
      if (!visible) throw AppError.notFound(m.talentNotFound);
      const now = clock.now();
      try {
        const row = await repo.insertPool(db, {
          companyId: u.id,
          userId: b.user_id,
          tags: [...new Set(b.tags)],
          note: b.note,
          source: b.source,
          createdAt: now,
          updatedAt: now,
        });
        return poolOne(u.id, row);
      } catch (err) {
        if (isUniqueViolation(err)) throw AppError.conflict(m.alreadyInPool);
        throw err;
      }
    },

    async poolUpdate(u: AuthUser, id: number, b: Out<typeof poolUpdateBodySchema>): Promise<PoolEntry> {
      requireCompany(u);
      const entry = await repo.poolEntry(db, id);
      if (!entry || entry.companyId !== u.id) throw AppError.notFound(m.poolNotFound);
      const row = await repo.updatePool(db, id, {
        tags: [...new Set(b.tags)],
        note: b.note,
        updatedAt: clock.now(),
      });
      return poolOne(u.id, row!);
    },

    async poolRemove(u: AuthUser, id: number): Promise<void> {
      requireCompany(u);
      const entry = await repo.poolEntry(db, id);
      if (!entry || entry.companyId !== u.id) throw AppError.notFound(m.poolNotFound);
      await repo.deletePool(db, id);
    },

    async poolInvite(u: AuthUser, id: number, postId: number): Promise<void> {
      requireCompany(u);
      const entry = await repo.poolEntry(db, id);
      if (!entry || entry.companyId !== u.id) throw AppError.notFound(m.poolNotFound);
      const post = await repo.postBase(db, postId);
      if (!post || post.companyId !== u.id) throw AppError.notFound(m.postNotFound);
      if (post.status !== 'online' || post.expiresOn < today()) throw AppError.badRequest(m.postNotOnline);
      if (!(await repo.isPublic(db, entry.userId))) throw AppError.notFound(m.talentNotFound);
      const name = await companyName(u.id);
      await messages.send(
        entry.userId,
        '企业邀请您投递职位',
        `${name}邀请您投递职位「${post.title}」（${salaryText(post.salaryMin, post.salaryMax)}）。查看职位：/jobDetail/jinfo?id=${post.id}`,
      );
    },

    async myTalentPool(u: AuthUser): Promise<MyTalentPool> {
      const person = await repo.personOf(db, u.id);
      const intention = await repo.intentionOf(db, u.id);
      const isMember = !!person?.member_end_at && new Date(person.member_end_at) > clock.now();
      const shown = u.role === 'personal' && !!intention?.show_personal_info;
      const inPool = isMember && shown;
      const portraitPath = `/jobDetail/talentPortrayal?user_id=${u.id}`;
      return {
        is_member: isMember,
        show_personal_info: shown,
        in_pool: inPool,
        views_this_month: await repo.viewsInMonth(db, u.id, month()),
        portrait_path: portraitPath,
        qr_png: inPool
          ? await QRCode.toDataURL(`${deps.config.publicBaseUrl}${portraitPath}`, { margin: 1, width: 360 })
          : null,
      };
    },
  };

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

  function toPoolEntry(
    r: {
      id: number;
      userId: number;
      tags: string[];
      note: string | null;
      source: string;
      createdAt: Date | string;
    },
    card: TalentCard | null,
  ): PoolEntry {
    return {
      id: r.id,
      user_id: r.userId,
      tags: r.tags,
      note: r.note,
      source: r.source,
      created_at: isoOf(r.createdAt),
      hidden: card === null,
      talent: card,
    };
  }

  async function poolOne(
    companyId: number,
    row: { id: number; userId: number; tags: string[]; note: string | null; source: string; createdAt: Date },
  ) {
    const [card] = await repo.talents(db, {
      today: today(),
      companyId,
      userIds: [row.userId],
      limit: 1,
      offset: 0,
    });
    return toPoolEntry(row, card ? toTalentCard(card) : null);
  }
}
