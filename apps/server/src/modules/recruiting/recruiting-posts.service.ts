// Recruiting by use case: a company's job posts, their review by staff, and the public job board.
import {
  APPLICATION_STATUS_LABELS,
  SALARY_BAND_RANGES,
  recruitingMessages as m,
  splitList,
  type JobPost,
  type Paged,
  type PostDetail,
  type adminPostsQuerySchema,
  type jobBoardQuerySchema,
  type myPostsQuerySchema,
  type postBodySchema,
  type reviewBodySchema,
} from '@app/contracts';
import { AppError } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth';
import { pageWindow } from '../../lib/pagination';
import type { StaffActor } from '../audit';
import { talentOptions } from '../talent';
import {
  DAY_MS,
  paged,
  requireCompany,
  type Out,
  type RecruitingServiceDeps,
  type RecruitingShared,
} from './recruiting-shared';
import {
  recruitingRepository as repo,
  type CompanyRow,
  type PostRow,
  type PostRowBase,
  type PostValues,
} from './recruiting.repository';

const SIMILAR_LIMIT = 4;

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

export function createRecruitingPostsService(
  { db, clock, messages, audit }: RecruitingServiceDeps,
  { today, postStatus, toPost }: RecruitingShared,
) {
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

  return {
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
  };
}
