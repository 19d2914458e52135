/** Query keys of the content area. */
export const contentKeys = {
  all: ['content'] as const,
  problems: () => [...contentKeys.all, 'problems'] as const,
  commonData: () => [...contentKeys.all, 'common-data'] as const,
  articles: (q: object) => [...contentKeys.all, 'articles', q] as const,
  article: (id: number) => [...contentKeys.all, 'article', id] as const,
  experts: (q: object) => [...contentKeys.all, 'experts', q] as const,
  expert: (id: number) => [...contentKeys.all, 'expert', id] as const,
  learningBases: () => [...contentKeys.all, 'learning-bases'] as const,
  serviceGuides: () => [...contentKeys.all, 'service-guides'] as const,
  serviceGuide: (id: number) => [...contentKeys.all, 'service-guide', id] as const,
  topic: (type: string) => [...contentKeys.all, 'topic', type] as const,
  banners: () => [...contentKeys.all, 'banners'] as const,
  admin: () => [...contentKeys.all, 'admin'] as const,
};
