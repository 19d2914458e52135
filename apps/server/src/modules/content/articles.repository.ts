import { and, asc, count, desc, eq, gt, ilike, inArray, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { ArticleKind } from '@app/contracts';
import { pgArray } from '../../db/pg-array';
import { containsPattern, type Executor } from '../../db/sql';
import { users } from '../users';
import {
  contentArticleEvents,
  contentBanners,
  contentArticles,
  contentArticleVersions,
  contentImages,
  contentLeads,
  contentLearningBases,
  contentServiceGuides,
  contentTopics,
} from './content.table';

export type ArticleRow = typeof contentArticles.$inferSelect;
export type ArticleValues = Omit<typeof contentArticles.$inferInsert, 'id' | 'createdAt' | 'updatedAt' | 'viewCount'>;
export type LeadRow = typeof contentLeads.$inferSelect;

/** Columns of a list card (no body). */
const card = {
  id: contentArticles.id,
  kind: contentArticles.kind,
  title: contentArticles.title,
  summary: contentArticles.summary,
  cover: contentArticles.cover,
  category: contentArticles.category,
  tags: contentArticles.tags,
  source: contentArticles.source,
  author: contentArticles.author,
  publishAt: contentArticles.publishAt,
  region: contentArticles.region,
  industry: contentArticles.industry,
  companySize: contentArticles.companySize,
  access: contentArticles.access,
  viewCount: contentArticles.viewCount,
  state: contentArticles.state,
  updatedAt: contentArticles.updatedAt,
};
export type ArticleCardRow = { [K in keyof typeof card]: ArticleRow[K] };

/** Public: published, or scheduled and its time has come. */
export function isPublic(now: Date): SQL {
  return and(
    inArray(contentArticles.state, ['published', 'scheduled']),
    lte(contentArticles.publishAt, now),
  )!;
}

export interface ArticleFilter {
  kind: ArticleKind;
  category?: string;
  industry?: string;
  tag?: string;
  keyword?: string;
  onlyRegion?: string;
  /** Region code whose articles come first. */
  firstRegion?: string | null;
  author?: string;
}

function keywordMatch(keyword: string): SQL {
  const p = containsPattern(keyword);
  return or(
    ilike(contentArticles.title, p),
    sql`(${contentArticles.summary} || ' ' || ${contentArticles.bodyText}) ilike ${p}`,
  )!;
}

export const articlesRepository = {
  async listPublic(db: Executor, f: ArticleFilter, now: Date, limit: number, offset: number) {
    const where = and(
      isPublic(now),
      eq(contentArticles.kind, f.kind),
      f.category ? eq(contentArticles.category, f.category) : undefined,
      f.industry ? eq(contentArticles.industry, f.industry) : undefined,
      f.tag ? sql`${f.tag} = any(${contentArticles.tags})` : undefined,
      f.keyword ? keywordMatch(f.keyword) : undefined,
      f.onlyRegion ? eq(contentArticles.region, f.onlyRegion) : undefined,
      f.author ? eq(contentArticles.author, f.author) : undefined,
    );
    const order: SQL[] = [];
    if (f.firstRegion) order.push(sql`coalesce(${contentArticles.region} = ${f.firstRegion}, false) desc`);
    order.push(desc(contentArticles.publishAt), desc(contentArticles.id));
    const [rows, [total]] = await Promise.all([
      db.select(card).from(contentArticles).where(where).orderBy(...order).limit(limit).offset(offset),
      db.select({ n: count() }).from(contentArticles).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  },

  async byTagPublic(db: Executor, tag: string, now: Date, limit: number) {
    return db
      .select(card)
      .from(contentArticles)
      .where(and(isPublic(now), sql`${tag} = any(${contentArticles.tags})`))
      .orderBy(desc(contentArticles.publishAt), desc(contentArticles.id))
      .limit(limit);
  },

  async get(db: Executor, id: number): Promise<ArticleRow | null> {
    const [row] = await db.select().from(contentArticles).where(eq(contentArticles.id, id));
    return row ?? null;
  },

  async getPublic(db: Executor, id: number, now: Date): Promise<ArticleRow | null> {
    const [row] = await db
      .select()
      .from(contentArticles)
      .where(and(eq(contentArticles.id, id), isPublic(now)));
    return row ?? null;
  },

  async countView(db: Executor, id: number): Promise<void> {
    await db
      .update(contentArticles)
      .set({ viewCount: sql`${contentArticles.viewCount} + 1` })
      .where(eq(contentArticles.id, id));
  },

  /** The previous (older) and next (newer) public article of the same kind. */
  async neighbours(db: Executor, a: ArticleRow, now: Date) {
    const at = a.publishAt ?? now;
    const pick = { id: contentArticles.id, title: contentArticles.title };
    const [prev] = await db
      .select(pick)
      .from(contentArticles)
      .where(
        and(
          isPublic(now),
          eq(contentArticles.kind, a.kind),
          sql`(${contentArticles.publishAt}, ${contentArticles.id}) < (${at.toISOString()}::timestamptz, ${a.id}::int)`,
        ),
      )
      .orderBy(desc(contentArticles.publishAt), desc(contentArticles.id))
      .limit(1);
    const [next] = await db
      .select(pick)
      .from(contentArticles)
      .where(
        and(
          isPublic(now),
          eq(contentArticles.kind, a.kind),
          sql`(${contentArticles.publishAt}, ${contentArticles.id}) > (${at.toISOString()}::timestamptz, ${a.id}::int)`,
        ),
      )
      .orderBy(asc(contentArticles.publishAt), asc(contentArticles.id))
      .limit(1);
    return { prev: prev ?? null, next: next ?? null };
  },

  /** Same kind, sharing the category or a tag, newest first. */
  async related(db: Executor, a: ArticleRow, now: Date, limit: number) {
    return db
      .select(card)
      .from(contentArticles)
      .where(
        and(
          isPublic(now),
          eq(contentArticles.kind, a.kind),
          ne(contentArticles.id, a.id),
          or(eq(contentArticles.category, a.category), sql`${contentArticles.tags} && ${pgArray(a.tags)}::text[]`),
        ),
      )
      .orderBy(desc(contentArticles.publishAt), desc(contentArticles.id))
      .limit(limit);
  },

  async sitemap(db: Executor, kind: ArticleKind, now: Date) {
    return db
      .select({ id: contentArticles.id, updatedAt: contentArticles.updatedAt })
      .from(contentArticles)
      .where(and(isPublic(now), eq(contentArticles.kind, kind)))
      .orderBy(desc(contentArticles.id));
  },

  // ---- staff ----------------------------------------------------------------------------------------------------

  async listAll(
    db: Executor,
    f: { kind?: ArticleKind; state?: ArticleRow['state']; keyword?: string },
    limit: number,
    offset: number,
  ) {
    const where = and(
      f.kind ? eq(contentArticles.kind, f.kind) : undefined,
      f.state ? eq(contentArticles.state, f.state) : undefined,
      f.keyword ? ilike(contentArticles.title, containsPattern(f.keyword)) : undefined,
    );
    const [rows, [total]] = await Promise.all([
      db.select(card).from(contentArticles).where(where).orderBy(desc(contentArticles.updatedAt), desc(contentArticles.id)).limit(limit).offset(offset),
      db.select({ n: count() }).from(contentArticles).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  },

  async insert(db: Executor, values: ArticleValues, now: Date): Promise<number> {
    const [row] = await db
      .insert(contentArticles)
      .values({ ...values, createdAt: now, updatedAt: now })
      .returning({ id: contentArticles.id });
    return row!.id;
  },

  async update(db: Executor, id: number, values: Partial<ArticleValues>, now: Date): Promise<void> {
    await db.update(contentArticles).set({ ...values, updatedAt: now }).where(eq(contentArticles.id, id));
  },

  async addVersion(
    db: Executor,
    articleId: number,
    snapshot: Record<string, unknown>,
    by: { id: number | null; name: string },
    now: Date,
  ): Promise<void> {
    await db.insert(contentArticleVersions).values({
      articleId,
      version: sql`(select coalesce(max(${contentArticleVersions.version}), 0) + 1 from ${contentArticleVersions} where ${contentArticleVersions.articleId} = ${articleId})`,
      snapshot,
      savedBy: by.id,
      savedByName: by.name,
      savedAt: now,
    });
  },

  versions(db: Executor, articleId: number) {
    return db
      .select({
        id: contentArticleVersions.id,
        version: contentArticleVersions.version,
        snapshot: contentArticleVersions.snapshot,
        savedByName: contentArticleVersions.savedByName,
        savedAt: contentArticleVersions.savedAt,
      })
      .from(contentArticleVersions)
      .where(eq(contentArticleVersions.articleId, articleId))
      .orderBy(desc(contentArticleVersions.version));
  },

  async version(db: Executor, articleId: number, versionId: number) {
    const [row] = await db
      .select()
      .from(contentArticleVersions)
      .where(and(eq(contentArticleVersions.articleId, articleId), eq(contentArticleVersions.id, versionId)));
    return row ?? null;
  },

  async addEvent(
    db: Executor,
    e: { articleId: number; action: 'publish' | 'schedule' | 'withdraw'; publishAt: Date | null; userId: number | null; userName: string; at: Date },
  ): Promise<void> {
    await db.insert(contentArticleEvents).values(e);
  },

  events(db: Executor, articleId: number) {
    return db
      .select()
      .from(contentArticleEvents)
      .where(eq(contentArticleEvents.articleId, articleId))
      .orderBy(desc(contentArticleEvents.at), desc(contentArticleEvents.id));
  },

  async insertImage(db: Executor, fileName: string, userId: number, now: Date): Promise<void> {
    await db.insert(contentImages).values({ fileName, userId, createdAt: now });
  },

  // ---- accounts (read-only) ----------------------------------------------------------------------------------------

  async account(db: Executor, userId: number) {
    const [row] = await db
      .select({ phone: users.phone, nickname: users.nickname, memberEndAt: users.memberEndAt })
      .from(users)
      .where(eq(users.id, userId));
    return row ?? null;
  },

  // ---- learning bases, guides, topics ------------------------------------------------------------------------------

  learningBases(db: Executor) {
    return db.select().from(contentLearningBases);
  },
  async saveLearningBase(db: Executor, row: typeof contentLearningBases.$inferInsert): Promise<void> {
    await db
      .insert(contentLearningBases)
      .values(row)
      .onConflictDoUpdate({
        target: contentLearningBases.code,
        set: {
          name: row.name,
          introduction: row.introduction,
          address: row.address,
          phone: row.phone,
          contact: row.contact,
          updatedAt: row.updatedAt,
        },
      });
  },
  serviceGuides(db: Executor) {
    return db.select().from(contentServiceGuides).orderBy(asc(contentServiceGuides.sort), asc(contentServiceGuides.id));
  },
  async serviceGuide(db: Executor, id: number) {
    const [row] = await db.select().from(contentServiceGuides).where(eq(contentServiceGuides.id, id));
    return row ?? null;
  },
  async saveServiceGuide(db: Executor, row: Omit<typeof contentServiceGuides.$inferInsert, 'id'>): Promise<void> {
    await db
      .insert(contentServiceGuides)
      .values(row)
      .onConflictDoUpdate({
        target: contentServiceGuides.title,
        set: { summary: row.summary, steps: row.steps, materials: row.materials, faq: row.faq, link: row.link, sort: row.sort, updatedAt: row.updatedAt },
      });
  },
  async updateServiceGuide(db: Executor, id: number, row: Partial<typeof contentServiceGuides.$inferInsert>): Promise<boolean> {
    const done = await db.update(contentServiceGuides).set(row).where(eq(contentServiceGuides.id, id)).returning({ id: contentServiceGuides.id });
    return done.length > 0;
  },
  async topic(db: Executor, type: string) {
    const [row] = await db.select().from(contentTopics).where(eq(contentTopics.type, type));
    return row ?? null;
  },
  topics(db: Executor) {
    return db.select().from(contentTopics).orderBy(asc(contentTopics.type));
  },
  async saveTopic(db: Executor, row: typeof contentTopics.$inferInsert): Promise<void> {
    await db
      .insert(contentTopics)
      .values(row)
      .onConflictDoUpdate({
        target: contentTopics.type,
        set: { title: row.title, banner: row.banner, intro: row.intro, tag: row.tag, updatedAt: row.updatedAt },
      });
  },

  // ---- home banners ---------------------------------------------------------------------------------------------
  banners(db: Executor, onlyActive: boolean) {
    return db
      .select()
      .from(contentBanners)
      .where(onlyActive ? eq(contentBanners.active, true) : undefined)
      .orderBy(asc(contentBanners.sort), asc(contentBanners.id));
  },
  async insertBanner(db: Executor, row: Omit<typeof contentBanners.$inferInsert, 'id'>): Promise<number> {
    const [r] = await db.insert(contentBanners).values(row).returning({ id: contentBanners.id });
    return r!.id;
  },
  async updateBanner(db: Executor, id: number, row: Partial<typeof contentBanners.$inferInsert>): Promise<boolean> {
    const done = await db.update(contentBanners).set(row).where(eq(contentBanners.id, id)).returning({ id: contentBanners.id });
    return done.length > 0;
  },

  // ---- leads --------------------------------------------------------------------------------------------------------

  async countLeadsSince(db: Executor, ip: string, since: Date): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(contentLeads)
      .where(and(eq(contentLeads.ip, ip), gt(contentLeads.createdAt, since)));
    return row?.n ?? 0;
  },
  async insertLead(db: Executor, values: Omit<typeof contentLeads.$inferInsert, 'id'>): Promise<number> {
    const [row] = await db.insert(contentLeads).values(values).returning({ id: contentLeads.id });
    return row!.id;
  },
  async leads(db: Executor, handled: boolean | undefined, limit: number, offset: number) {
    const where =
      handled === undefined
        ? undefined
        : handled
          ? sql`${contentLeads.handledAt} is not null`
          : sql`${contentLeads.handledAt} is null`;
    const [rows, [total]] = await Promise.all([
      db.select().from(contentLeads).where(where).orderBy(desc(contentLeads.createdAt), desc(contentLeads.id)).limit(limit).offset(offset),
      db.select({ n: count() }).from(contentLeads).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  },
  async handleLead(db: Executor, id: number, by: string, now: Date): Promise<LeadRow | null> {
    const [row] = await db
      .update(contentLeads)
      .set({ handledAt: sql`coalesce(${contentLeads.handledAt}, ${now})`, handledBy: sql`coalesce(${contentLeads.handledBy}, ${by})` })
      .where(eq(contentLeads.id, id))
      .returning();
    return row ?? null;
  },
};
