import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';

/** Help-centre questions, shown grouped by guide type (`ttype`, HELP_TYPES). */
export const contentHelpProblems = pgTable(
  'content_help_problems',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    content: text('content').notNull(),
    ttype: integer('ttype').notNull(),
    sort: integer('sort').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('content_help_problems_ttype_name_uq').on(t.ttype, t.name),
    index('content_help_problems_ttype_sort_idx').on(t.ttype, t.sort),
    // Trigram index: the help-centre search matches Chinese substrings of the title.
    index('content_help_problems_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
  ],
);

/** Site-wide key/value settings (contact data, filing numbers ...), edited by admins, read by /api/common_data. */
export const contentSiteSettings = pgTable('content_site_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Think-tank experts (智库专家): the profiles /expertDatabase shows and the Q&A area links to expert accounts.
 * Written through `expertProfiles` (index.ts).
 */
export const contentExperts = pgTable(
  'content_experts',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** Professional title, e.g. 注册税务师、高级会计师. */
    title: text('title').notNull(),
    organisation: text('organisation').notNull(),
    /** Same-origin URL of the photo, or null. */
    photo: text('photo'),
    /** Fields of expertise, e.g. 个人所得税, 企业所得税, 管理会计. */
    fields: text('fields')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    introduction: text('introduction').notNull(),
    /** Representative works (books, papers, projects), one per entry. */
    works: jsonb('works').$type<string[]>().notNull().default([]),
    sort: integer('sort').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('content_experts_name_org_uq').on(t.name, t.organisation)],
);

/**
 * Articles: news (新闻资讯) and cases (案例库). `body` is sanitised HTML, `bodyText` its visible text for search and
 * excerpts. An article is public while its state is published or scheduled and its publish time has come.
 */
export const contentArticles = pgTable(
  'content_articles',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').$type<'news' | 'case'>().notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    cover: text('cover'),
    body: text('body').notNull(),
    bodyText: text('body_text').notNull(),
    category: text('category').notNull(),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    source: text('source').notNull().default(''),
    author: text('author').notNull().default(''),
    /** Sub-domain code of the learning-base region (henan ...); null = national. */
    region: text('region'),
    state: text('state').$type<'draft' | 'scheduled' | 'published' | 'withdrawn'>().notNull().default('draft'),
    publishAt: timestamp('publish_at', { withTimezone: true }),
    industry: text('industry'),
    companySize: text('company_size'),
    access: text('access').$type<'public' | 'member'>().notNull().default('public'),
    viewCount: integer('view_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('content_articles_kind_title_uq').on(t.kind, t.title),
    index('content_articles_list_idx').on(t.kind, t.state, t.publishAt),
    index('content_articles_title_trgm_idx').using('gin', sql`${t.title} gin_trgm_ops`),
    index('content_articles_text_trgm_idx').using('gin', sql`(${t.summary} || ' ' || ${t.bodyText}) gin_trgm_ops`),
  ],
);

/** Saved versions of an article (each save of the editor); a restore saves the old content as a new version. */
export const contentArticleVersions = pgTable(
  'content_article_versions',
  {
    id: serial('id').primaryKey(),
    articleId: integer('article_id')
      .notNull()
      .references(() => contentArticles.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    snapshot: jsonb('snapshot').$type<Record<string, unknown>>().notNull(),
    savedBy: integer('saved_by'),
    savedByName: text('saved_by_name').notNull(),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull(),
  },
  (t) => [unique('content_article_versions_uq').on(t.articleId, t.version)],
);

/** Every publish, schedule and withdraw: who and when. */
export const contentArticleEvents = pgTable(
  'content_article_events',
  {
    id: serial('id').primaryKey(),
    articleId: integer('article_id')
      .notNull()
      .references(() => contentArticles.id, { onDelete: 'cascade' }),
    action: text('action').$type<'publish' | 'schedule' | 'withdraw'>().notNull(),
    publishAt: timestamp('publish_at', { withTimezone: true }),
    userId: integer('user_id'),
    userName: text('user_name').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('content_article_events_article_idx').on(t.articleId, t.at)],
);

/** Uploaded article images (stored under the storage key prefix uploads/content/). */
export const contentImages = pgTable('content_images', {
  id: serial('id').primaryKey(),
  fileName: text('file_name').notNull().unique(),
  userId: integer('user_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/** The six regional learning bases' pages (code = sub-domain prefix). */
export const contentLearningBases = pgTable('content_learning_bases', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  introduction: text('introduction').notNull(),
  address: text('address').notNull(),
  phone: text('phone').notNull(),
  contact: text('contact').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Service guides of the student service hall (/studentServe/lobbyPage/:id). */
export const contentServiceGuides = pgTable('content_service_guides', {
  id: serial('id').primaryKey(),
  title: text('title').notNull().unique(),
  summary: text('summary').notNull(),
  steps: jsonb('steps').$type<string[]>().notNull(),
  materials: jsonb('materials').$type<string[]>().notNull(),
  faq: jsonb('faq').$type<{ q: string; a: string }[]>().notNull(),
  link: text('link').notNull(),
  sort: integer('sort').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Topic pages (/publicityPage/:type): banner, intro and the articles tagged with `tag`. */
export const contentTopics = pgTable('content_topics', {
  type: text('type').primaryKey(),
  title: text('title').notNull(),
  banner: text('banner'),
  intro: text('intro').notNull(),
  tag: text('tag').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Project cooperation leads from /projectCooperate; `ip` counts toward the per-address limit. */
export const contentLeads = pgTable(
  'content_leads',
  {
    id: serial('id').primaryKey(),
    organisation: text('organisation').notNull(),
    contact: text('contact').notNull(),
    phone: text('phone').notNull(),
    cooperationType: text('cooperation_type').notNull(),
    need: text('need').notNull(),
    ip: text('ip').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    handledBy: text('handled_by'),
  },
  (t) => [index('content_leads_ip_idx').on(t.ip, t.createdAt)],
);

/** Home banners (首页横幅): a title, an optional uploaded image and where it leads; shown by sort while active. */
export const contentBanners = pgTable('content_banners', {
  id: serial('id').primaryKey(),
  title: text('title').notNull().unique(),
  subtitle: text('subtitle').notNull().default(''),
  image: text('image'),
  /** A same-site path (/publicityPage/tax-policy) or an outside http(s) URL (shown through /linkPage). */
  link: text('link').notNull(),
  sort: integer('sort').notNull().default(0),
  active: boolean('active').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
