import type { z } from 'zod';
import {
  ARTICLE_BODY_MAX,
  ARTICLE_CATEGORIES,
  CASE_PREVIEW_CHARS,
  CONTENT_IMAGE_URL_PREFIX,
  LEAD_MAX_PER_IP_PER_HOUR,
  LEAD_MAX_PER_IP_PER_MINUTE,
  LEARNING_BASES,
  contentMessages as m,
  type AdminArticle,
  linkPageHref,
  outsideLinkTarget,
  type ArticleCard,
  type Banner,
  type bannerInputSchema,
  type ArticleDetail,
  type ExpertDetail,
  type LearningBase,
  type Paged,
  type ServiceGuide,
  type TopicDetail,
  type articleInputSchema,
  type articleListQuerySchema,
  type adminArticleListQuerySchema,
  type expertInputSchema,
  type leadInputSchema,
  type leadListQuerySchema,
  type learningBaseInputSchema,
  type serviceGuideInputSchema,
  type topicSchema,
} from '@app/contracts';
import { isUniqueViolation, lockKey, type Executor } from '../../db/sql';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { storeImage } from '../../lib/image-store';
import { pageWindow, toPaged } from '../../lib/pagination';
import { displayName } from '../users';
import { expertProfiles } from './content.experts';
import { articlesRepository as repo, type ArticleCardRow, type ArticleRow, type LeadRow } from './articles.repository';
import { previewOf, routeOutsideLinks, sanitizeArticle, textOf } from './content.sanitize';

type ArticleInput = z.output<typeof articleInputSchema>;
type Actor = { id: number };

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;
const RELATED_COUNT = 4;

/** An image uploaded through this module (covers and banners may be nothing else). */
const UPLOADED_IMAGE = new RegExp(`^${CONTENT_IMAGE_URL_PREFIX.replace(/\//g, '\\/')}[0-9a-f]{32}\\.(png|jpg|gif|webp)$`);

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** Sub-domain code of a learning-base region from a code or a host name (henan.example.org -> henan); else null. */
export function regionCode(value: string | null | undefined): string | null {
  if (!value) return null;
  const first = value.toLowerCase().split(':')[0]!.split('.')[0] ?? '';
  return Object.prototype.hasOwnProperty.call(LEARNING_BASES, first) ? first : null;
}

export function toCard(r: ArticleCardRow): ArticleCard {
  return {
    id: r.id,
    kind: r.kind,
    title: r.title,
    summary: r.summary,
    cover: r.cover,
    category: r.category,
    tags: r.tags,
    source: r.source,
    author: r.author,
    publish_at: iso(r.publishAt),
    region: r.region,
    region_name: r.region ? (LEARNING_BASES[r.region] ?? null) : null,
    industry: r.industry,
    company_size: r.companySize,
    access: r.access,
    view_count: r.viewCount,
  };
}

/** A scheduled article whose time has come reads as published. */
function effectiveState(r: Pick<ArticleRow, 'state' | 'publishAt'>, now: Date): ArticleRow['state'] {
  return r.state === 'scheduled' && r.publishAt && r.publishAt <= now ? 'published' : r.state;
}

function fieldError(field: string, message: string): AppError {
  return AppError.badRequest(message, { [field]: message });
}

/** What the expert page shows of the Q&A area; declared here, implemented by qa and wired in app.ts. */
export interface ExpertAnswersSource {
  answeredBy(profileId: number, limit: number): Promise<{ id: number; title: string; answered_at: string }[]>;
}

export function createArticlesService(deps: { db: Executor; clock: Clock; imageDir: string; expertAnswers?: ExpertAnswersSource }) {
  const { db, clock, imageDir, expertAnswers } = deps;
  const experts = expertProfiles(db);

  async function actorName(userId: number): Promise<string> {
    const acc = await repo.account(db, userId);
    return acc ? displayName(acc) : `用户${userId}`;
  }

  /** Checks and cleans an editor submission; throws 400 with the field's Chinese message. */
  function clean(input: ArticleInput) {
    if (!ARTICLE_CATEGORIES[input.kind].includes(input.category)) throw fieldError('category', m.categoryUnknown);
    if (input.body.length > ARTICLE_BODY_MAX * 2) throw fieldError('body', m.bodyTooLong);
    const body = sanitizeArticle(input.body);
    if (body.length > ARTICLE_BODY_MAX) throw fieldError('body', m.bodyTooLong);
    const bodyText = textOf(body);
    if (!bodyText && !body.includes('<img')) throw fieldError('body', m.bodyRequired);
    const isCase = input.kind === 'case';
    return {
      kind: input.kind,
      title: input.title,
      summary: input.summary || bodyText.slice(0, 120),
      cover: input.cover && UPLOADED_IMAGE.test(input.cover) ? input.cover : null,
      body,
      bodyText,
      category: input.category,
      tags: [...new Set(input.tags)],
      source: input.source,
      author: input.author,
      region: input.region,
      industry: isCase ? input.industry : null,
      companySize: isCase ? input.company_size : null,
      access: isCase ? input.access : ('public' as const),
    };
  }

  async function adminView(id: number): Promise<AdminArticle> {
    const row = await repo.get(db, id);
    if (!row) throw new AppError(404, m.articleNotFound);
    const now = clock.now();
    const events = await repo.events(db, id);
    return {
      ...toCard(row),
      state: effectiveState(row, now),
      updated_at: row.updatedAt.toISOString(),
      body: row.body,
      events: events.map((e) => ({ action: e.action, by: e.userName, at: e.at.toISOString(), publish_at: iso(e.publishAt) })),
    };
  }

  function snapshotOf(v: ReturnType<typeof clean>): Record<string, unknown> {
    return { ...v };
  }

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

    // ---- staff editor ---------------------------------------------------------------------------------------------
    async adminList(q: z.output<typeof adminArticleListQuerySchema>) {
      const { limit, offset } = pageWindow(q);
      const now = clock.now();
      const { rows, total } = await repo.listAll(db, { kind: q.kind, state: q.state, keyword: q.keyword || undefined }, limit, offset);
      return toPaged(
        rows.map((r) => ({ ...toCard(r), state: effectiveState(r, now), updated_at: r.updatedAt.toISOString() })),
        total,
        q,
      );
    },

    adminGet: adminView,

    async create(actor: Actor, input: ArticleInput): Promise<AdminArticle> {
      const values = clean(input);
      const now = clock.now();
      const name = await actorName(actor.id);
      const id = await db.transaction(async (tx) => {
        const newId = await repo.insert(tx, { ...values, state: 'draft', publishAt: null }, now);
        await repo.addVersion(tx, newId, snapshotOf(values), { id: actor.id, name }, now);
        return newId;
      });
      return adminView(id);
    },

    async update(actor: Actor, id: number, input: ArticleInput): Promise<AdminArticle> {
      const values = clean(input);
      const now = clock.now();
      const name = await actorName(actor.id);
      await db.transaction(async (tx) => {
        await lockKey(tx, `content-article:${id}`);
        const row = await repo.get(tx, id);
        if (!row) throw new AppError(404, m.articleNotFound);
        await repo.update(tx, id, values, now);
        await repo.addVersion(tx, id, snapshotOf(values), { id: actor.id, name }, now);
      });
      return adminView(id);
    },

    async publish(actor: Actor, id: number, publishAt: string | null | undefined): Promise<AdminArticle> {
      const now = clock.now();
      const at = publishAt ? new Date(publishAt) : null;
      if (at && at.getTime() <= now.getTime()) throw fieldError('publish_at', m.scheduleInPast);
      const name = await actorName(actor.id);
      await db.transaction(async (tx) => {
        await lockKey(tx, `content-article:${id}`);
        const row = await repo.get(tx, id);
        if (!row) throw new AppError(404, m.articleNotFound);
        if (effectiveState(row, now) === 'published') throw AppError.badRequest(m.notPublishable);
        const state = at ? 'scheduled' : 'published';
        await repo.update(tx, id, { state, publishAt: at ?? now }, now);
        await repo.addEvent(tx, {
          articleId: id,
          action: at ? 'schedule' : 'publish',
          publishAt: at ?? now,
          userId: actor.id,
          userName: name,
          at: now,
        });
      });
      return adminView(id);
    },

    async withdraw(actor: Actor, id: number): Promise<AdminArticle> {
      const now = clock.now();
      const name = await actorName(actor.id);
      await db.transaction(async (tx) => {
        await lockKey(tx, `content-article:${id}`);
        const row = await repo.get(tx, id);
        if (!row) throw new AppError(404, m.articleNotFound);
        if (row.state !== 'published' && row.state !== 'scheduled') throw AppError.badRequest(m.notWithdrawable);
        await repo.update(tx, id, { state: 'withdrawn' }, now);
        await repo.addEvent(tx, { articleId: id, action: 'withdraw', publishAt: null, userId: actor.id, userName: name, at: now });
      });
      return adminView(id);
    },

    async versions(id: number) {
      if (!(await repo.get(db, id))) throw new AppError(404, m.articleNotFound);
      const rows = await repo.versions(db, id);
      return rows.map((v) => ({
        id: v.id,
        version: v.version,
        title: String(v.snapshot.title ?? ''),
        saved_by: v.savedByName,
        saved_at: v.savedAt.toISOString(),
      }));
    },

    async restore(actor: Actor, id: number, versionId: number): Promise<AdminArticle> {
      const now = clock.now();
      const name = await actorName(actor.id);
      await db.transaction(async (tx) => {
        await lockKey(tx, `content-article:${id}`);
        const v = await repo.version(tx, id, versionId);
        if (!v) throw new AppError(404, m.versionNotFound);
        const s = v.snapshot as ReturnType<typeof clean>;
        const values = {
          title: s.title,
          summary: s.summary,
          cover: s.cover,
          body: s.body,
          bodyText: s.bodyText,
          category: s.category,
          tags: s.tags,
          source: s.source,
          author: s.author,
          region: s.region,
          industry: s.industry,
          companySize: s.companySize,
          access: s.access,
        };
        await repo.update(tx, id, values, now);
        await repo.addVersion(tx, id, { ...s }, { id: actor.id, name }, now);
      });
      return adminView(id);
    },

    async uploadImage(userId: number, content: Buffer): Promise<{ url: string }> {
      const name = await storeImage(imageDir, content, 'article', { badType: m.imageBadType });
      await repo.insertImage(db, name, userId, clock.now());
      return { url: CONTENT_IMAGE_URL_PREFIX + name };
    },

    // ---- experts --------------------------------------------------------------------------------------------------
    async experts(q: { field?: string; keyword?: string }) {
      const all = await experts.list();
      const fields = [...new Set(all.flatMap((e) => e.fields))];
      const kw = q.keyword?.trim();
      const list = all.filter(
        (e) =>
          (!q.field || e.fields.includes(q.field)) &&
          (!kw || [e.name, e.title, e.organisation, e.introduction, ...e.fields].some((s) => s.includes(kw))),
      );
      return { list, fields };
    },

    async expert(id: number): Promise<ExpertDetail> {
      const e = await experts.get(id);
      if (!e) throw new AppError(404, m.expertNotFound);
      const [{ rows }, answers] = await Promise.all([
        repo.listPublic(db, { kind: 'case', author: e.name }, clock.now(), 10, 0),
        expertAnswers ? expertAnswers.answeredBy(id, 10) : Promise.resolve([]),
      ]);
      return { ...e, cases: rows.map(toCard), answers };
    },

    async saveExpert(input: z.output<typeof expertInputSchema>) {
      const id = await experts.save(input, clock.now());
      return (await experts.get(id))!;
    },

    // ---- learning bases, service guides, topic pages --------------------------------------------------------------
    async learningBases(): Promise<LearningBase[]> {
      const rows = await repo.learningBases(db);
      const byCode = new Map(rows.map((r) => [r.code, r]));
      return Object.entries(LEARNING_BASES).flatMap(([code, region]) => {
        const r = byCode.get(code);
        return r
          ? [{ code, region, name: r.name, introduction: r.introduction, address: r.address, phone: r.phone, contact: r.contact }]
          : [];
      });
    },

    async saveLearningBase(code: string, input: z.output<typeof learningBaseInputSchema>): Promise<LearningBase> {
      const region = regionCode(code) ? LEARNING_BASES[code]! : null;
      if (!region) throw new AppError(404, m.baseNotFound);
      await repo.saveLearningBase(db, { code, name: `${region}学习基地`, ...input, updatedAt: clock.now() });
      return (await this.learningBases()).find((b) => b.code === code)!;
    },

    async serviceGuides(): Promise<ServiceGuide[]> {
      return (await repo.serviceGuides(db)).map(guideOut);
    },

    async serviceGuide(id: number): Promise<ServiceGuide> {
      const row = await repo.serviceGuide(db, id);
      if (!row) throw new AppError(404, m.guideNotFound);
      return guideOut(row);
    },

    async saveServiceGuide(id: number, input: z.output<typeof serviceGuideInputSchema>): Promise<ServiceGuide> {
      if (!(await repo.updateServiceGuide(db, id, { ...input, updatedAt: clock.now() })))
        throw new AppError(404, m.guideNotFound);
      return this.serviceGuide(id);
    },

    async topic(type: string): Promise<TopicDetail> {
      const t = await repo.topic(db, type);
      if (!t) throw new AppError(404, m.topicNotFound);
      const rows = await repo.byTagPublic(db, t.tag, clock.now(), 20);
      return { type: t.type, title: t.title, banner: t.banner, intro: t.intro, tag: t.tag, articles: rows.map(toCard) };
    },

    async topicMeta(type: string) {
      return repo.topic(db, type);
    },

    topics() {
      return repo.topics(db);
    },

    async adminTopics() {
      return (await repo.topics(db)).map((t) => ({ type: t.type, title: t.title, banner: t.banner, intro: t.intro, tag: t.tag }));
    },

    async saveTopic(type: string, input: Omit<z.output<typeof topicSchema>, 'type'>) {
      // Only an image uploaded here may be the banner (it ends up in a CSS url()).
      const banner = input.banner && UPLOADED_IMAGE.test(input.banner) ? input.banner : null;
      await repo.saveTopic(db, { type, ...input, banner, updatedAt: clock.now() });
      const t = (await repo.topic(db, type))!;
      return { type: t.type, title: t.title, banner: t.banner, intro: t.intro, tag: t.tag };
    },

    // ---- home banners --------------------------------------------------------------------------------------------
    async banners(onlyActive: boolean): Promise<Banner[]> {
      const rows = await repo.banners(db, onlyActive);
      return rows.map((b) => ({
        id: b.id,
        title: b.title,
        subtitle: b.subtitle,
        image: b.image,
        // Outside addresses leave through the /linkPage interstitial; the editor sees what was typed.
        link: onlyActive && outsideLinkTarget(b.link) ? linkPageHref(b.link) : b.link,
        sort: b.sort,
        active: b.active,
      }));
    },

    async saveBanner(id: number | null, input: z.output<typeof bannerInputSchema>): Promise<Banner> {
      const row = {
        ...input,
        image: input.image && UPLOADED_IMAGE.test(input.image) ? input.image : null,
        updatedAt: clock.now(),
      };
      let bannerId = id;
      try {
        if (id === null) bannerId = await repo.insertBanner(db, row);
        else if (!(await repo.updateBanner(db, id, row))) throw new AppError(404, m.bannerNotFound);
      } catch (err) {
        if (isUniqueViolation(err)) throw fieldError('title', m.bannerTitleTaken);
        throw err;
      }
      return (await this.banners(false)).find((b) => b.id === bannerId)!;
    },

    // ---- cooperation leads ----------------------------------------------------------------------------------------
    /** Stores a lead; at most LEAD_MAX_PER_IP_PER_MINUTE a minute and LEAD_MAX_PER_IP_PER_HOUR an hour per address. */
    async sendLead(input: z.output<typeof leadInputSchema>, ip: string): Promise<{ id: number }> {
      const now = clock.now();
      const id = await db.transaction(async (tx) => {
        // Parallel posts from one address queue here, so the limit holds across processes.
        await lockKey(tx, `content-lead:${ip}`);
        const minute = await repo.countLeadsSince(tx, ip, new Date(now.getTime() - MINUTE_MS));
        const hour = await repo.countLeadsSince(tx, ip, new Date(now.getTime() - HOUR_MS));
        if (minute >= LEAD_MAX_PER_IP_PER_MINUTE || hour >= LEAD_MAX_PER_IP_PER_HOUR)
          throw new AppError(429, m.leadTooMany);
        return repo.insertLead(tx, {
          organisation: input.organisation,
          contact: input.contact,
          phone: input.phone,
          cooperationType: input.cooperation_type,
          need: input.need,
          ip,
          createdAt: now,
        });
      });
      return { id };
    },

    async leads(q: z.output<typeof leadListQuerySchema>) {
      const { limit, offset } = pageWindow(q);
      const { rows, total } = await repo.leads(db, q.handled === undefined ? undefined : q.handled === 'yes', limit, offset);
      return toPaged(rows.map(leadOut), total, q);
    },

    async handleLead(actor: Actor, id: number) {
      const row = await repo.handleLead(db, id, await actorName(actor.id), clock.now());
      if (!row) throw new AppError(404, m.leadNotFound);
      return leadOut(row);
    },
  };
}

function guideOut(r: { id: number; title: string; summary: string; steps: string[]; materials: string[]; faq: { q: string; a: string }[]; link: string }): ServiceGuide {
  return { id: r.id, title: r.title, summary: r.summary, steps: r.steps, materials: r.materials, faq: r.faq, link: r.link };
}

function leadOut(r: LeadRow) {
  return {
    id: r.id,
    organisation: r.organisation,
    contact: r.contact,
    phone: r.phone,
    cooperation_type: r.cooperationType,
    need: r.need,
    created_at: r.createdAt.toISOString(),
    handled_at: iso(r.handledAt),
    handled_by: r.handledBy,
  };
}

export type ArticlesService = ReturnType<typeof createArticlesService>;
