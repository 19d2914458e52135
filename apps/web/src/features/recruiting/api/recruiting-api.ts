import {
  recruitingRoutes as r,
  talentRoutes,
  type AdminCompaniesQuery,
  type AdminCompany,
  type AdminPostsQuery,
  type ApplyBody,
  type Company,
  type CompanyOverview,
  type CompanyBody,
  type JobBoardQuery,
  type JobPost,
  type MarkBody,
  type MyPostsQuery,
  type MyTalentPool,
  type Paged,
  type PoolAddBody,
  type PoolEntry,
  type PoolQuery,
  type PoolUpdateBody,
  type PostBody,
  type ReceivedApplication,
  type ReceivedQuery,
  type Recommend,
  type Resume,
  type ReviewBody,
  type SelectOptions,
  type SentApplication,
  type SentQuery,
  type TalentAttachment,
  type TalentCard,
  type TalentQuery,
} from '@app/contracts';
import { apiClient } from '@/shared/lib/api-client';
import { withId } from '@/shared/lib/api-path';
import { fetchBoardPost } from './board-post-api';

/** Drops empty filters so URLs and query keys stay short. */
export function clean<T extends object>(q: T): T {
  return Object.fromEntries(
    Object.entries(q).filter(([, v]) => v !== undefined && v !== null && v !== ''),
  ) as T;
}

function imageForm(file: Blob) {
  const form = new FormData();
  form.append('file', file);
  return form;
}

export const recruitingApi = {
  selectOptions: () => apiClient.get<SelectOptions>(talentRoutes.selectOptions.path),

  myCompany: () => apiClient.get<Company>(r.myCompany.path),
  companyOverview: () => apiClient.get<CompanyOverview>(r.companyOverview.path),
  saveCompany: (body: CompanyBody) =>
    apiClient.requestEnvelope<Company>({ method: 'PUT', url: r.saveCompany.path, data: body, silent: true }),
  uploadLicence: (file: Blob) =>
    apiClient.requestEnvelope<Company>({
      method: 'POST',
      url: r.uploadLicence.path,
      data: imageForm(file),
      timeout: 60_000,
    }),
  uploadLogo: (file: Blob) =>
    apiClient.requestEnvelope<Company>({
      method: 'POST',
      url: r.uploadLogo.path,
      data: imageForm(file),
      timeout: 60_000,
    }),

  myPosts: (q: MyPostsQuery) => apiClient.get<Paged<JobPost>>(r.myPosts.path, clean(q)),
  myPost: (id: number) => apiClient.get<JobPost>(withId(r.myPost.path, id)),
  savePost: (body: PostBody, id?: number) =>
    apiClient.requestEnvelope<JobPost>({
      method: id ? 'PUT' : 'POST',
      url: id ? withId(r.updatePost.path, id) : r.createPost.path,
      data: body,
      silent: true,
    }),
  offlinePost: (id: number) =>
    apiClient.requestEnvelope<JobPost>({ method: 'POST', url: withId(r.offlinePost.path, id) }),

  board: (q: JobBoardQuery) => apiClient.get<Paged<JobPost>>(r.board.path, clean(q)),
  boardPost: fetchBoardPost,

  apply: (body: ApplyBody) =>
    apiClient.requestEnvelope<SentApplication>({ method: 'POST', url: r.apply.path, data: body }),
  uploadPdf: (file: Blob) => {
    const form = new FormData();
    form.append('file', file);
    return apiClient.request<TalentAttachment>({
      method: 'POST',
      url: talentRoutes.uploadAttachment.path,
      data: form,
      timeout: 60_000,
    });
  },
  sent: (q: SentQuery) => apiClient.get<Paged<SentApplication>>(r.sent.path, clean(q)),
  withdraw: (id: number) =>
    apiClient.requestEnvelope<SentApplication>({ method: 'POST', url: withId(r.withdraw.path, id) }),
  acceptInterview: (id: number) =>
    apiClient.requestEnvelope<SentApplication>({ method: 'POST', url: withId(r.acceptInterview.path, id) }),
  received: (q: ReceivedQuery) => apiClient.get<Paged<ReceivedApplication>>(r.received.path, clean(q)),
  resume: (id: number) => apiClient.get<Resume>(withId(r.resume.path, id)),
  talentResume: (userId: number) => apiClient.get<Resume>(withId(r.talentResume.path, userId)),
  mark: (body: MarkBody) =>
    apiClient.requestEnvelope<{ updated: number }>({
      method: 'POST',
      url: r.mark.path,
      data: body,
      silent: true,
    }),
  /** Attachments need the token header, so they are fetched as blobs and opened as object URLs. */
  openFile: async (url: string) => {
    const blob = await apiClient.request<Blob>({ method: 'GET', url, responseType: 'blob' });
    const objectUrl = URL.createObjectURL(blob);
    window.open(objectUrl, '_blank', 'noopener');
    setTimeout(() => URL.revokeObjectURL(objectUrl), 60_000);
  },

  talents: (q: TalentQuery) => apiClient.get<Paged<TalentCard>>(r.talents.path, clean(q)),
  recommend: () => apiClient.get<Recommend>(r.recommend.path),
  pool: (q: PoolQuery) => apiClient.get<Paged<PoolEntry>>(r.pool.path, clean(q)),
  poolAdd: (body: PoolAddBody) =>
    apiClient.requestEnvelope<PoolEntry>({ method: 'POST', url: r.poolAdd.path, data: body, silent: true }),
  poolUpdate: (id: number, body: PoolUpdateBody) =>
    apiClient.requestEnvelope<PoolEntry>({
      method: 'PUT',
      url: withId(r.poolUpdate.path, id),
      data: body,
      silent: true,
    }),
  poolRemove: (id: number) =>
    apiClient.requestEnvelope<null>({ method: 'DELETE', url: withId(r.poolRemove.path, id) }),
  poolInvite: (id: number, postId: number) =>
    apiClient.requestEnvelope<null>({
      method: 'POST',
      url: withId(r.poolInvite.path, id),
      data: { post_id: postId },
    }),
  myTalentPool: () => apiClient.get<MyTalentPool>(r.myTalentPool.path),

  adminCompanies: (q: AdminCompaniesQuery) =>
    apiClient.get<Paged<AdminCompany>>(r.adminCompanies.path, clean(q)),
  reviewCompany: (id: number, body: ReviewBody) =>
    apiClient.requestEnvelope<Company>({
      method: 'POST',
      url: withId(r.adminReviewCompany.path, id),
      data: body,
    }),
  adminPosts: (q: AdminPostsQuery) => apiClient.get<Paged<JobPost>>(r.adminPosts.path, clean(q)),
  reviewPost: (id: number, body: ReviewBody) =>
    apiClient.requestEnvelope<JobPost>({
      method: 'POST',
      url: withId(r.adminReviewPost.path, id),
      data: body,
    }),
  adminOfflinePost: (id: number, reason: string) =>
    apiClient.requestEnvelope<JobPost>({
      method: 'POST',
      url: withId(r.adminOfflinePost.path, id),
      data: { reason },
    }),
  licenceUrl: (companyId: number) => withId(r.adminLicence.path, companyId),
};

export { recruitingKeys } from './recruiting-keys';
