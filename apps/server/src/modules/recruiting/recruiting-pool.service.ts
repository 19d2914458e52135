// Recruiting by use case: a company's talent pool (entries, tags, invitations to apply) and a person's standing in
// the public pool.
import QRCode from 'qrcode';
import {
  recruitingMessages as m,
  salaryText,
  type MyTalentPool,
  type Paged,
  type PoolEntry,
  type TalentCard,
  type poolAddBodySchema,
  type poolQuerySchema,
  type poolUpdateBodySchema,
} from '@app/contracts';
import { isUniqueViolation } from '../../db/sql';
import { AppError } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth';
import { pageWindow, toPaged } from '../../lib/pagination';
import {
  isoOf,
  requireCompany,
  toTalentCard,
  type Out,
  type RecruitingServiceDeps,
  type RecruitingShared,
} from './recruiting-shared';
import { recruitingRepository as repo } from './recruiting.repository';

export function createRecruitingPoolService(
  { db, clock, config, messages }: Pick<RecruitingServiceDeps, 'db' | 'clock' | 'config' | 'messages'>,
  { today, month, companyName }: RecruitingShared,
) {
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

  return {
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
          ? await QRCode.toDataURL(`${config.publicBaseUrl}${portraitPath}`, { margin: 1, width: 360 })
          : null,
      };
    },
  };
}
