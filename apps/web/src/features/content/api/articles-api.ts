import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Envelope } from '@app/contracts/common/envelope';
import type { Paged } from '@app/contracts/common/pagination';
import type { ArticleKind, ArticleState } from '@app/contracts/content/content.rules';
import type {
  AdminArticle,
  ArticleCard,
  ArticleDetail,
  ArticleInput,
  Banner,
  BannerInput,
  ExpertDetail,
  ExpertProfileCard,
  LearningBase,
  LeadInput,
  ServiceGuide,
  TopicDetail,
} from '@app/contracts/content/articles.schemas';
import { apiClient, type RequestOptions } from '@/shared/lib/api-client';
import { contentKeys } from './content-keys';

// Paths from articlesRoutes (contracts); the descriptor module is not imported because it pulls zod into public pages.
export interface ArticleListParams {
  kind: ArticleKind;
  page: number;
  per: number;
  category?: string;
  industry?: string;
  tag?: string;
  keyword?: string;
  region?: string;
  only_region?: string;
}

export interface AdminArticleRow extends ArticleCard {
  state: ArticleState;
  updated_at: string;
}
export interface ArticleVersion {
  id: number;
  version: number;
  title: string;
  saved_by: string;
  saved_at: string;
}
export type TopicPage = Omit<TopicDetail, 'articles'>;
export interface Lead {
  id: number;
  organisation: string;
  contact: string;
  phone: string;
  cooperation_type: string;
  need: string;
  created_at: string;
  handled_at: string | null;
  handled_by: string | null;
}

const clean = <T extends object>(q: T) =>
  Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== '')) as Partial<T>;

const send = <T>(method: 'POST' | 'PUT', url: string, data?: unknown, extra: RequestOptions = {}) =>
  apiClient.requestEnvelope<T>({ method, url, data: data ?? {}, silent: true, ...extra });

export const articlesApi = {
  list: (q: ArticleListParams) => apiClient.get<Paged<ArticleCard>>('/api/articles', clean(q)),
  detail: (id: number) => apiClient.get<ArticleDetail>(`/api/articles/${id}`, undefined, { silent: true }),
  experts: (q: { field?: string; keyword?: string }) =>
    apiClient.get<{ list: ExpertProfileCard[]; fields: string[] }>('/api/experts', clean(q)),
  expert: (id: number) => apiClient.get<ExpertDetail>(`/api/experts/${id}`, undefined, { silent: true }),
  learningBases: () => apiClient.get<LearningBase[]>('/api/learning_bases'),
  serviceGuides: () => apiClient.get<ServiceGuide[]>('/api/service_guides'),
  serviceGuide: (id: number) => apiClient.get<ServiceGuide>(`/api/service_guides/${id}`, undefined, { silent: true }),
  topic: (type: string) => apiClient.get<TopicDetail>(`/api/topics/${encodeURIComponent(type)}`, undefined, { silent: true }),
  banners: () => apiClient.get<Banner[]>('/api/banners'),
  sendLead: (body: LeadInput) => send<{ id: number }>('POST', '/api/cooperation_leads', body),

  // ---- staff ----
  adminList: (q: { page: number; per: number; kind?: ArticleKind; state?: ArticleState; keyword?: string }) =>
    apiClient.get<Paged<AdminArticleRow>>('/api/admin/content/articles', clean(q)),
  adminGet: (id: number) => apiClient.get<AdminArticle>(`/api/admin/content/articles/${id}`),
  create: (body: ArticleInput) => send<AdminArticle>('POST', '/api/admin/content/articles', body),
  update: (id: number, body: ArticleInput) => send<AdminArticle>('PUT', `/api/admin/content/articles/${id}`, body),
  publish: (id: number, publishAt: string | null) =>
    send<AdminArticle>('POST', `/api/admin/content/articles/${id}/publish`, publishAt ? { publish_at: publishAt } : {}),
  withdraw: (id: number) => send<AdminArticle>('POST', `/api/admin/content/articles/${id}/withdraw`),
  versions: (id: number) => apiClient.get<ArticleVersion[]>(`/api/admin/content/articles/${id}/versions`),
  restore: (id: number, versionId: number) =>
    send<AdminArticle>('POST', `/api/admin/content/articles/${id}/versions/${versionId}/restore`),
  uploadImage: (file: File, onProgress: (percent: number) => void) => {
    const form = new FormData();
    form.append('file', file);
    return apiClient.requestEnvelope<{ url: string }>({
      method: 'POST',
      url: '/api/admin/content/images',
      data: form,
      silent: true,
      onUploadProgress: (e) => onProgress(e.total ? Math.round((e.loaded / e.total) * 100) : 0),
    });
  },
  leads: (q: { page: number; per: number; handled?: 'yes' | 'no' }) =>
    apiClient.get<Paged<Lead>>('/api/admin/content/leads', clean(q)),
  handleLead: (id: number) => send<Lead>('POST', `/api/admin/content/leads/${id}/handle`),
  saveExpert: (body: Omit<ExpertProfileCard, 'id'> & { sort?: number }) =>
    send<ExpertProfileCard>('POST', '/api/admin/content/experts', body),
  saveBase: (code: string, body: Pick<LearningBase, 'introduction' | 'address' | 'phone' | 'contact'>) =>
    send<LearningBase>('PUT', `/api/admin/content/learning_bases/${code}`, body),
  adminBanners: () => apiClient.get<Banner[]>('/api/admin/content/banners'),
  saveBanner: (id: number | null, body: BannerInput) =>
    id === null
      ? send<Banner>('POST', '/api/admin/content/banners', body)
      : send<Banner>('PUT', `/api/admin/content/banners/${id}`, body),
  topics: () => apiClient.get<TopicPage[]>('/api/admin/content/topics'),
  saveTopic: (type: string, body: Omit<TopicPage, 'type'>) => send<TopicPage>('PUT', `/api/admin/content/topics/${type}`, body),
  saveGuide: (id: number, body: Omit<ServiceGuide, 'id'>) =>
    send<ServiceGuide>('PUT', `/api/admin/content/service_guides/${id}`, body),
};

export type { Envelope };

export function useArticleList(q: ArticleListParams) {
  return useQuery({ queryKey: contentKeys.articles(q), queryFn: () => articlesApi.list(q), placeholderData: keepPreviousData });
}
/** `viewer`: 'user' once the client runs with a session (a member reads the whole case), else 'visitor'. */
export function useArticle(id: number, viewer: 'visitor' | 'user' = 'visitor') {
  return useQuery({
    queryKey: [...contentKeys.article(id), viewer],
    queryFn: () => articlesApi.detail(id),
    enabled: id > 0,
    retry: false,
  });
}
export function useExperts(q: { field?: string; keyword?: string }) {
  return useQuery({ queryKey: contentKeys.experts(q), queryFn: () => articlesApi.experts(q), placeholderData: keepPreviousData });
}
export function useExpert(id: number) {
  return useQuery({ queryKey: contentKeys.expert(id), queryFn: () => articlesApi.expert(id), enabled: id > 0, retry: false });
}
export function useLearningBases() {
  return useQuery({ queryKey: contentKeys.learningBases(), queryFn: articlesApi.learningBases, staleTime: 10 * 60_000 });
}
export function useServiceGuides() {
  return useQuery({ queryKey: contentKeys.serviceGuides(), queryFn: articlesApi.serviceGuides, staleTime: 10 * 60_000 });
}
export function useServiceGuide(id: number) {
  return useQuery({ queryKey: contentKeys.serviceGuide(id), queryFn: () => articlesApi.serviceGuide(id), enabled: id > 0, retry: false });
}
export function useTopic(type: string) {
  return useQuery({ queryKey: contentKeys.topic(type), queryFn: () => articlesApi.topic(type), retry: false });
}
export function useBanners() {
  return useQuery({ queryKey: contentKeys.banners(), queryFn: articlesApi.banners, staleTime: 5 * 60_000 });
}
