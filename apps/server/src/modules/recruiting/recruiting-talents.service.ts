// Recruiting by use case: finding talent (the talent query and a public portrait opened by a company) and the
// recommendations (talents for a company's posts, posts for a person's intention).
import {
  MATCH_WEIGHTS,
  SALARY_BANDS,
  rangeMatchesBand,
  recruitingMessages as m,
  splitCitys,
  splitList,
  type MatchReason,
  type Paged,
  type Recommend,
  type Resume,
  type TalentCard,
  type talentQuerySchema,
} from '@app/contracts';
import { AppError } from '../../lib/app-error';
import { createTtlCache } from '../../lib/ttl-cache';
import type { AuthUser } from '../../lib/auth';
import { pageWindow, toPaged } from '../../lib/pagination';
import {
  requireCompany,
  toTalentCard,
  type Out,
  type RecruitingServiceDeps,
  type RecruitingShared,
} from './recruiting-shared';
import { recruitingRepository as repo, type PostRow } from './recruiting.repository';

const RECOMMEND_LIMIT = 20;
const RECOMMEND_CANDIDATES = 500;

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

export function createRecruitingTalentsService(
  { db, clock }: Pick<RecruitingServiceDeps, 'db' | 'clock'>,
  { portraits, today, month, toPost, verifiedStudy }: RecruitingShared,
) {
  const talentTotals = createTtlCache({ ttlMs: TALENT_TOTAL_CACHE_MS });

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
  };
}
