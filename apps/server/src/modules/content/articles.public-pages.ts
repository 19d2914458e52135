import type { Executor } from '../../db/sql';
import type { Clock } from '../../lib/clock';
import type { PublicPages } from '../../lib/public-pages';
import { createArticlesService } from './articles.service';

const positiveId = (v: string | null | undefined) => (v && /^\d{1,9}$/.test(v) ? Number(v) : null);

/** Head tags, 404s and sitemap entries of news, case, expert, topic and service-guide pages. */
export function contentPublicPages(db: Executor, clock: Clock): PublicPages[] {
  const svc = createArticlesService({ db, clock });
  const articleMeta = (kind: 'news' | 'case') => async (id: number | null) => {
    if (!id) return null;
    const meta = await svc.meta(id);
    return meta && meta.kind === kind ? meta : null;
  };
  const newsMeta = articleMeta('news');
  const caseMeta = articleMeta('case');
  return [
    {
      pattern: '/newsInformation/details',
      canonicalQuery: ['id'],
      meta: (_p, query) => newsMeta(positiveId(query.get('id'))),
      sitemap: async () =>
        (await svc.sitemap('news')).map((r) => ({ path: `/newsInformation/details?id=${r.id}`, updatedAt: r.updatedAt })),
    },
    {
      pattern: '/caseDatabase/article/:caseId',
      meta: (p) => caseMeta(positiveId(p.caseId)),
      sitemap: async () =>
        (await svc.sitemap('case')).map((r) => ({ path: `/caseDatabase/article/${r.id}`, updatedAt: r.updatedAt })),
    },
    {
      pattern: '/expertDatabase/:expertId',
      meta: async (p) => {
        const id = positiveId(p.expertId);
        const e = id ? await svc.expert(id).catch(() => null) : null;
        return e ? { title: `${e.name} - ${e.title}`, description: e.introduction, image: e.photo } : null;
      },
      sitemap: async () => (await svc.experts({})).list.map((e) => ({ path: `/expertDatabase/${e.id}` })),
    },
    {
      pattern: '/publicityPage/:type',
      meta: async (p) => {
        const t = await svc.topicMeta(p.type ?? '');
        return t ? { title: t.title, description: t.intro, image: t.banner } : null;
      },
      sitemap: async () => (await svc.topics()).map((t) => ({ path: `/publicityPage/${t.type}`, updatedAt: t.updatedAt })),
    },
    {
      pattern: '/studentServe/lobbyPage/:id',
      meta: async (p) => {
        const id = positiveId(p.id);
        const g = id ? await svc.serviceGuide(id).catch(() => null) : null;
        return g ? { title: g.title, description: g.summary } : null;
      },
      sitemap: async () => (await svc.serviceGuides()).map((g) => ({ path: `/studentServe/lobbyPage/${g.id}` })),
    },
  ];
}
