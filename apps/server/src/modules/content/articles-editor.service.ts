// Articles by use case: the staff editor (drafts, versions, publishing now or on schedule, withdrawal, images).
import {
  ARTICLE_BODY_MAX,
  ARTICLE_CATEGORIES,
  CONTENT_IMAGE_URL_PREFIX,
  contentMessages as m,
  type AdminArticle,
  type articleInputSchema,
  type adminArticleListQuerySchema,
} from '@app/contracts';
import type { z } from 'zod';
import { lockKey } from '../../db/sql';
import { AppError } from '../../lib/app-error';
import { storeImage } from '../../lib/image-store';
import { pageWindow, toPaged } from '../../lib/pagination';
import {
  CONTENT_IMAGE_KEY_PREFIX,
  UPLOADED_IMAGE,
  fieldError,
  iso,
  toCard,
  type Actor,
  type ArticlesServiceDeps,
  type ArticlesShared,
} from './articles-shared';
import { articlesRepository as repo, type ArticleRow } from './articles.repository';
import { sanitizeArticle, textOf } from './content.sanitize';

type ArticleInput = z.output<typeof articleInputSchema>;

/** A scheduled article whose time has come reads as published. */
function effectiveState(r: Pick<ArticleRow, 'state' | 'publishAt'>, now: Date): ArticleRow['state'] {
  return r.state === 'scheduled' && r.publishAt && r.publishAt <= now ? 'published' : r.state;
}

export function createArticlesEditorService(
  { db, clock, storage }: Pick<ArticlesServiceDeps, 'db' | 'clock' | 'storage'>,
  { actorName }: ArticlesShared,
) {
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
      if (!storage) throw new Error('article images need the storage');
      const name = await storeImage(storage, CONTENT_IMAGE_KEY_PREFIX, content, 'article', { badType: m.imageBadType });
      await repo.insertImage(db, name, userId, clock.now());
      return { url: CONTENT_IMAGE_URL_PREFIX + name };
    },
  };
}
