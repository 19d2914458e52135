/** Limits, categories and Chinese messages of the knowledge and information areas (news, cases, topic pages). */

export const ARTICLE_KINDS = ['news', 'case'] as const;
export type ArticleKind = (typeof ARTICLE_KINDS)[number];

/** News categories shown as tabs on /newsInformation. */
export const NEWS_CATEGORIES = ['协会动态', '政策法规', '行业资讯', '通知公告'] as const;
/** Case topics (the case library's second filter next to industry). */
export const CASE_CATEGORIES = ['税务筹划', '内控与风险', '管理会计', '财务数字化', '资本运作', '合规审计'] as const;
export const CASE_INDUSTRIES = ['制造业', '批发零售', '建筑地产', '信息技术', '医药健康', '农业食品', '交通物流', '文化旅游'] as const;
export const COMPANY_SIZES = ['小微企业', '中型企业', '大型企业', '集团企业'] as const;

export const ARTICLE_CATEGORIES: Record<ArticleKind, readonly string[]> = {
  news: NEWS_CATEGORIES,
  case: CASE_CATEGORIES,
};

export const ARTICLE_STATES = ['draft', 'scheduled', 'published', 'withdrawn'] as const;
export type ArticleState = (typeof ARTICLE_STATES)[number];
export const ARTICLE_STATE_LABELS: Record<ArticleState, string> = {
  draft: '草稿',
  scheduled: '定时发布',
  published: '已发布',
  withdrawn: '已撤回',
};

export const ARTICLE_ACCESS = ['public', 'member'] as const;
export type ArticleAccess = (typeof ARTICLE_ACCESS)[number];

export const ARTICLE_TITLE_MAX = 80;
export const ARTICLE_SUMMARY_MAX = 300;
/** Sanitised body, in characters of HTML. */
export const ARTICLE_BODY_MAX = 100_000;
export const ARTICLE_TAGS_MAX = 8;
export const ARTICLE_TAG_MAX = 20;
/** Longest search text of the news and case lists, and of the expert list. */
export const ARTICLE_KEYWORD_MAX = 50;
export const EXPERT_KEYWORD_MAX = 30;
/** Visible characters of a members-only case that a visitor reads before the join prompt. */
export const CASE_PREVIEW_CHARS = 220;
export const CONTENT_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const CONTENT_IMAGE_URL_PREFIX = '/api/content/images/';

/** Cooperation leads per client address: at most this many a minute and an hour. */
export const LEAD_MAX_PER_IP_PER_MINUTE = 5;
export const LEAD_MAX_PER_IP_PER_HOUR = 20;
export const LEAD_ORG_MAX = 60;
export const LEAD_CONTACT_MAX = 20;
export const LEAD_NEED_MAX = 1000;

/** Kinds of project cooperation the association offers (/projectCooperate). */
export const COOPERATION_TYPES = ['企业内训', '院校合作', '学习基地共建', '课程共建', '人才推荐', '其他'] as const;

export const contentMessages = {
  articleNotFound: '文章不存在或已下线',
  titleRequired: '请输入标题',
  titleTooLong: `标题最多${ARTICLE_TITLE_MAX}个字`,
  summaryTooLong: `摘要最多${ARTICLE_SUMMARY_MAX}个字`,
  bodyRequired: '请输入正文',
  bodyTooLong: '正文过长，请精简后再保存',
  categoryUnknown: '请选择正确的栏目',
  industryUnknown: '请选择正确的行业',
  sizeUnknown: '请选择正确的企业规模',
  tagsTooMany: `标签最多${ARTICLE_TAGS_MAX}个`,
  tagTooLong: `单个标签最多${ARTICLE_TAG_MAX}个字`,
  regionUnknown: '请选择正确的地区',
  scheduleInPast: '定时发布时间不能早于当前时间',
  notPublishable: '该文章当前状态不能发布',
  notWithdrawable: '只有已发布或定时发布的文章可以撤回',
  versionNotFound: '历史版本不存在',
  saved: '已保存',
  published: '已发布',
  scheduled: '已设置定时发布',
  withdrawn: '已撤回',
  restored: '已恢复为该版本',
  imageRequired: '请选择图片',
  imageBadType: '仅支持 JPG、PNG、GIF、WEBP 格式的图片',
  imageTooLarge: '图片不能超过5MB',
  imageUploaded: '图片已上传',
  expertNotFound: '专家不存在',
  baseNotFound: '学习基地不存在',
  guideNotFound: '服务指南不存在',
  topicNotFound: '专题不存在',
  leadOrgRequired: '请输入单位名称',
  leadContactRequired: '请输入联系人',
  leadNeedRequired: '请简要描述合作需求',
  leadTooMany: '提交过于频繁，请稍后再试',
  leadSent: '提交成功，我们会在2个工作日内与您联系',
  leadNotFound: '线索不存在',
  leadHandled: '已标记为已处理',
  linkInvalid: '链接地址无效，只能跳转到 http 或 https 网址',
  bannerNotFound: '横幅不存在',
  bannerTitleTaken: '已有同名横幅',
} as const;

/**
 * The outside address /linkPage may continue to: an absolute http(s) URL (never javascript:, data: or a
 * relative path); null otherwise.
 */
export function outsideLinkTarget(raw: string | null | undefined): URL | null {
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (!url.hostname) return null;
  return url;
}

/** The /linkPage address that leads to an outside URL. */
export function linkPageHref(url: string): string {
  return `/linkPage?url=${encodeURIComponent(url)}`;
}
