// Articles by use case: the public news and case pages (lists, an article with its neighbours and related
// ones, head tags, sitemap).
import {
  CASE_PREVIEW_CHARS,
  contentMessages as m,
  type ArticleCard,
  type ArticleDetail,
  type Paged,
  type articleListQuerySchema,
} from '@app/contracts';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { pageWindow, toPaged } from '../../lib/pagination';
import { regionCode, toCard, type ArticlesServiceDeps } from './articles-shared';
import { articlesRepository as repo } from './articles.repository';
import { previewOf, routeOutsideLinks } from './content.sanitize';

const RELATED_COUNT = 4;

export function createArticlesPublicService({ db, clock }: Pick<ArticlesServiceDeps, 'db' | 'clock'>) {
  return {
    // ---- public ---------------------------------------------------------------------------------------------------
    async list(q: z.output<typeof articleListQuerySchema>, host: string | null): Promise<Paged<ArticleCard>> {
      const { limit, offset } = pageWindow(q);
      const { rows, total } = await repo.listPublic(
        db,
        {
          kind: q.kind,
          category: q.category,
          industry: q.industry,
          tag: q.tag,
          keyword: q.keyword || undefined,
          onlyRegion: regionCode(q.only_region) ?? undefined,
          firstRegion: regionCode(q.region) ?? regionCode(host),
        },
        clock.now(),
        limit,
        offset,
      );
      return toPaged(rows.map(toCard), total, q);
    },

    async detail(id: number, viewerId: number | null, ownHost: string | null): Promise<ArticleDetail> {
      const now = clock.now();
      const row = await repo.getPublic(db, id, now);
      if (!row) throw new AppError(404, m.articleNotFound);
      await repo.countView(db, id);
      let locked = false;
      if (row.kind === 'case' && row.access === 'member') {
        const acc = viewerId ? await repo.account(db, viewerId) : null;
        locked = !(acc?.memberEndAt && acc.memberEndAt > now);
      }
      const [{ prev, next }, related] = await Promise.all([
        repo.neighbours(db, row, now),
        repo.related(db, row, now, RELATED_COUNT),
      ]);
      return {
        ...toCard({ ...row, viewCount: row.viewCount + 1 }),
        body: locked ? previewOf(row.bodyText, CASE_PREVIEW_CHARS) : routeOutsideLinks(row.body, ownHost),
        locked,
        prev,
        next,
        related: related.map(toCard),
      };
    },

    /** Head tags of a public article page; null when it is not public. */
    async meta(id: number) {
      const row = await repo.getPublic(db, id, clock.now());
      return row ? { title: row.title, description: row.summary || row.bodyText.slice(0, 120), image: row.cover, kind: row.kind } : null;
    },

    sitemap(kind: 'news' | 'case') {
      return repo.sitemap(db, kind, clock.now());
    },
  };
}
