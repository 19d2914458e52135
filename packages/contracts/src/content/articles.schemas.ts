import { z } from 'zod';
import { pageQuerySchema, pagedSchema } from '../common/pagination';
import { phoneSchema } from '../common/rules';
import { recordIdSchema } from '../common/ids';
import { LEARNING_BASES } from '../common/dictionaries';
import {
  ARTICLE_ACCESS,
  ARTICLE_KEYWORD_MAX,
  ARTICLE_KINDS,
  ARTICLE_STATES,
  ARTICLE_SUMMARY_MAX,
  ARTICLE_TAG_MAX,
  ARTICLE_TAGS_MAX,
  ARTICLE_TITLE_MAX,
  EXPERT_KEYWORD_MAX,
  COMPANY_SIZES,
  CASE_INDUSTRIES,
  LEAD_CONTACT_MAX,
  LEAD_NEED_MAX,
  LEAD_ORG_MAX,
  contentMessages as m,
} from './content.rules';

export const articleKindSchema = z.enum(ARTICLE_KINDS);
export const articleStateSchema = z.enum(ARTICLE_STATES);
export const articleAccessSchema = z.enum(ARTICLE_ACCESS);
/** Sub-domain code of a learning-base region (henan ...); null or absent = national. */
export const regionCodeSchema = z
  .string()
  .refine((v) => Object.prototype.hasOwnProperty.call(LEARNING_BASES, v), m.regionUnknown);

export const idParamsSchema = z.object({ id: recordIdSchema() });

/** A card in an article list. */
export const articleCardSchema = z.object({
  id: z.number().int(),
  kind: articleKindSchema,
  title: z.string(),
  summary: z.string(),
  cover: z.string().nullable(),
  category: z.string(),
  tags: z.array(z.string()),
  source: z.string(),
  author: z.string(),
  /** ISO time the article went (or goes) public. */
  publish_at: z.string().nullable(),
  /** Sub-domain code of its region, null for national. */
  region: z.string().nullable(),
  region_name: z.string().nullable(),
  industry: z.string().nullable(),
  company_size: z.string().nullable(),
  access: articleAccessSchema,
  view_count: z.number().int(),
});
export type ArticleCard = z.infer<typeof articleCardSchema>;

export const articleListQuerySchema = pageQuerySchema.extend({
  kind: articleKindSchema.default('news'),
  category: z.string().max(20).optional(),
  industry: z.string().max(20).optional(),
  tag: z.string().max(ARTICLE_TAG_MAX).optional(),
  keyword: z.string().trim().max(ARTICLE_KEYWORD_MAX).optional(),
  /** The visitor's regional sub-domain: that region's articles come first. Read from the Host when absent. */
  region: z.string().max(20).optional(),
  /** Only this region's articles (a learning-base page). */
  only_region: z.string().max(20).optional(),
});
export type ArticleListQuery = z.input<typeof articleListQuerySchema>;
export const articlePageSchema = pagedSchema(articleCardSchema);

const neighbourSchema = z.object({ id: z.number().int(), title: z.string() }).nullable();

export const articleDetailSchema = articleCardSchema.extend({
  /** Sanitised HTML; outside links go through /linkPage. For a locked case, only the first part. */
  body: z.string(),
  /** A members-only case read by a non-member: body is the opening only, the page shows the join prompt. */
  locked: z.boolean(),
  prev: neighbourSchema,
  next: neighbourSchema,
  related: z.array(articleCardSchema),
});
export type ArticleDetail = z.infer<typeof articleDetailSchema>;

// ---- staff editor ------------------------------------------------------------------------------------------------

const tagsSchema = z
  .array(z.string().trim().min(1).max(ARTICLE_TAG_MAX, m.tagTooLong))
  .max(ARTICLE_TAGS_MAX, m.tagsTooMany)
  .default([]);

export const articleInputSchema = z.object({
  kind: articleKindSchema,
  title: z.string().trim().min(1, m.titleRequired).max(ARTICLE_TITLE_MAX, m.titleTooLong),
  summary: z.string().trim().max(ARTICLE_SUMMARY_MAX, m.summaryTooLong).default(''),
  cover: z.string().max(300).nullable().default(null),
  body: z.string().min(1, m.bodyRequired),
  category: z.string().min(1, m.categoryUnknown),
  tags: tagsSchema,
  source: z.string().trim().max(60).default(''),
  author: z.string().trim().max(30).default(''),
  region: regionCodeSchema.nullable().default(null),
  industry: z.enum(CASE_INDUSTRIES, { message: m.industryUnknown }).nullable().default(null),
  company_size: z.enum(COMPANY_SIZES, { message: m.sizeUnknown }).nullable().default(null),
  access: articleAccessSchema.default('public'),
});
export type ArticleInput = z.input<typeof articleInputSchema>;

export const adminArticleListQuerySchema = pageQuerySchema.extend({
  kind: articleKindSchema.optional(),
  state: articleStateSchema.optional(),
  keyword: z.string().trim().max(ARTICLE_KEYWORD_MAX).optional(),
});

export const adminArticleRowSchema = articleCardSchema.extend({
  state: articleStateSchema,
  updated_at: z.string(),
});
export const adminArticlePageSchema = pagedSchema(adminArticleRowSchema);

export const articleEventSchema = z.object({
  action: z.enum(['publish', 'schedule', 'withdraw']),
  by: z.string(),
  at: z.string(),
  publish_at: z.string().nullable(),
});

export const adminArticleSchema = adminArticleRowSchema.extend({
  body: z.string(),
  events: z.array(articleEventSchema),
});
export type AdminArticle = z.infer<typeof adminArticleSchema>;

export const publishBodySchema = z.object({
  /** ISO time; absent or null publishes now, a future time schedules. */
  publish_at: z.string().datetime({ offset: true }).nullable().optional(),
});

export const articleVersionSchema = z.object({
  id: z.number().int(),
  version: z.number().int(),
  title: z.string(),
  saved_by: z.string(),
  saved_at: z.string(),
});
export const articleVersionParamsSchema = z.object({
  id: recordIdSchema(m.articleNotFound),
  versionId: recordIdSchema(m.versionNotFound),
});

export const uploadedImageSchema = z.object({ url: z.string() });

// ---- experts -----------------------------------------------------------------------------------------------------

export const expertProfileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  title: z.string(),
  organisation: z.string(),
  photo: z.string().nullable(),
  fields: z.array(z.string()),
  introduction: z.string(),
  works: z.array(z.string()),
});
export type ExpertProfileCard = z.infer<typeof expertProfileSchema>;
export const expertListQuerySchema = z.object({
  field: z.string().max(20).optional(),
  keyword: z.string().trim().max(EXPERT_KEYWORD_MAX).optional(),
});
export const expertListSchema = z.object({ list: z.array(expertProfileSchema), fields: z.array(z.string()) });
export const expertDetailSchema = expertProfileSchema.extend({
  cases: z.array(articleCardSchema),
  /** Public Q&A questions the expert answered (/quiz/:id). */
  answers: z.array(z.object({ id: z.number().int(), title: z.string(), answered_at: z.string() })),
});
export type ExpertDetail = z.infer<typeof expertDetailSchema>;

export const expertInputSchema = z.object({
  name: z.string().trim().min(1, '请输入专家姓名').max(20),
  title: z.string().trim().min(1, '请输入职称').max(40),
  organisation: z.string().trim().min(1, '请输入所在单位').max(60),
  photo: z.string().max(300).nullable().default(null),
  fields: z.array(z.string().trim().min(1).max(20)).min(1, '请至少填写一个擅长领域').max(8),
  introduction: z.string().trim().min(1, '请输入专家简介').max(2000),
  works: z.array(z.string().trim().min(1).max(80)).max(20).default([]),
  sort: z.number().int().default(0),
});

// ---- learning bases, service guides, topic pages --------------------------------------------------------------------

export const learningBaseSchema = z.object({
  code: z.string(),
  name: z.string(),
  region: z.string(),
  introduction: z.string(),
  address: z.string(),
  phone: z.string(),
  contact: z.string(),
});
export type LearningBase = z.infer<typeof learningBaseSchema>;
export const learningBaseInputSchema = learningBaseSchema.pick({
  introduction: true,
  address: true,
  phone: true,
  contact: true,
}).extend({ introduction: z.string().trim().min(1, '请输入基地简介').max(2000) });

export const serviceGuideSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  summary: z.string(),
  steps: z.array(z.string()),
  materials: z.array(z.string()),
  faq: z.array(z.object({ q: z.string(), a: z.string() })),
  /** Where the service is done on this site (a same-site path). */
  link: z.string(),
});
export type ServiceGuide = z.infer<typeof serviceGuideSchema>;
export const serviceGuideInputSchema = serviceGuideSchema.omit({ id: true }).extend({
  title: z.string().trim().min(1, '请输入服务名称').max(30),
  summary: z.string().trim().max(200),
  link: z.string().regex(/^\/[^/]/, '请填写本站页面路径，例如 /center/invoice'),
});

export const topicSchema = z.object({
  type: z.string(),
  title: z.string(),
  banner: z.string().nullable(),
  intro: z.string(),
  tag: z.string(),
});
export const topicDetailSchema = topicSchema.extend({ articles: z.array(articleCardSchema) });
export type TopicDetail = z.infer<typeof topicDetailSchema>;
export const topicParamsSchema = z.object({ type: z.string().regex(/^[a-z0-9-]{1,40}$/) });

// ---- cooperation leads -------------------------------------------------------------------------------------------

export const leadInputSchema = z.object({
  organisation: z.string().trim().min(1, m.leadOrgRequired).max(LEAD_ORG_MAX),
  contact: z.string().trim().min(1, m.leadContactRequired).max(LEAD_CONTACT_MAX),
  phone: phoneSchema,
  cooperation_type: z.string().max(20).default('其他'),
  need: z.string().trim().min(1, m.leadNeedRequired).max(LEAD_NEED_MAX),
});
export type LeadInput = z.input<typeof leadInputSchema>;
export const leadSchema = z.object({
  id: z.number().int(),
  organisation: z.string(),
  contact: z.string(),
  phone: z.string(),
  cooperation_type: z.string(),
  need: z.string(),
  created_at: z.string(),
  handled_at: z.string().nullable(),
  handled_by: z.string().nullable(),
});
export const leadPageSchema = pagedSchema(leadSchema);
export const leadListQuerySchema = pageQuerySchema.extend({ handled: z.enum(['yes', 'no']).optional() });

// ---- home banners ------------------------------------------------------------------------------------------------

export const bannerSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  subtitle: z.string(),
  /** An uploaded image, or null for a text banner. */
  image: z.string().nullable(),
  /** A same-site path, or an outside address already routed through /linkPage. */
  link: z.string(),
  sort: z.number().int(),
  active: z.boolean(),
});
export type Banner = z.infer<typeof bannerSchema>;
export const bannerInputSchema = z.object({
  title: z.string().trim().min(1, '请输入横幅标题').max(30, '横幅标题最多30个字'),
  subtitle: z.string().trim().max(60, '副标题最多60个字').default(''),
  image: z.string().max(300).nullable().default(null),
  link: z
    .string()
    .trim()
    .refine((v) => /^\/[^/\\]/.test(v) || /^https?:\/\/[^\s]+$/i.test(v), '请填写本站路径（如 /publicityPage/tax-policy）或 http(s) 网址'),
  sort: z.number().int().min(0).max(9999).default(0),
  active: z.boolean().default(true),
});
export type BannerInput = z.input<typeof bannerInputSchema>;
