import type { AxiosProgressEvent } from 'axios';
import {
  examsRoutes,
  credentialsRoutes,
  customerEdusRoutes,
  customerJobsRoutes,
  jobProfitsRoutes,
  papersRoutes,
  starsRoutes,
  talentRoutes,
  type AdminRcpj,
  type Certificate,
  type ExamType,
  type AdminRcpjPage,
  type AdminRcpjsQuery,
  type ApplyStarBody,
  type AttachmentDic,
  type CenterRcpj,
  type CreditArchive,
  type Rcpj,
  type ReviewRcpjBody,
  type SelectOptions,
  type Star,
  type SubmitApplyBody,
  type TalentAttachment,
  type TalentInfoData,
  type UpdatePersonalInfoBody,
  type UserApplyJob,
} from '@app/contracts';
import type { Envelope } from '@app/contracts/common/envelope';
import { apiClient } from '@/shared/lib/api-client';
import { withId } from '@/shared/lib/api-path';

/** The five talent-record kinds (SPEC §7): one path prefix each. */
export type RecordKind = 'customer_edus' | 'customer_jobs' | 'credentials' | 'job_profits' | 'papers';

const RECORD_ROUTES = {
  customer_edus: customerEdusRoutes,
  customer_jobs: customerJobsRoutes,
  credentials: credentialsRoutes,
  job_profits: jobProfitsRoutes,
  papers: papersRoutes,
} as const;

export const talentApi = {
  /** Exam certificates and exam types of the exams area, read through its contracts descriptors. */
  myCertificates: () => apiClient.get<Certificate[]>(examsRoutes.myCertificates.path),
  examTypes: () => apiClient.get<ExamType[]>(examsRoutes.types.path),
  selectOptions: () => apiClient.get<SelectOptions>(talentRoutes.selectOptions.path),
  /** First item of GET /api/user_apply_jobs?user_id= (SPEC §7), or null. */
  jobIntention: async (userId: number): Promise<UserApplyJob | null> => {
    const list = await apiClient.get<UserApplyJob[]>(talentRoutes.userApplyJobs.path, { user_id: userId });
    return list[0] ?? null;
  },
  /**
   * Form data (user_apply_job[...]) to POST /api/user_apply_jobs, or PUT /api/user_apply_jobs/{id} when the form
   * carries user_apply_job[id]. Resolves with the envelope (its message is the success toast); silent: the dialog
   * shows the server's message itself.
   */
  saveJobIntention: (form: URLSearchParams): Promise<Envelope<UserApplyJob>> => {
    const id = form.get('user_apply_job[id]');
    return apiClient.requestEnvelope<UserApplyJob>({
      method: id ? 'PUT' : 'POST',
      url: id
        ? withId(talentRoutes.updateUserApplyJob.path, Number(id))
        : talentRoutes.createUserApplyJob.path,
      data: form,
      silent: true,
    });
  },
  personalInfo: () => apiClient.get<TalentInfoData>(talentRoutes.personalInfo.path),
  updatePersonalInfo: (body: UpdatePersonalInfoBody) =>
    apiClient.requestEnvelope<TalentInfoData>({
      method: 'PUT',
      url: talentRoutes.updatePersonalInfo.path,
      data: body,
      silent: true,
    }),
  showPersonalInfo: (userId: number) =>
    apiClient.get<{ show_personal_info: boolean }>(talentRoutes.showPersonalInfo.path, { user_id: userId }),
  publicPortrait: (userId: number) =>
    apiClient.get<TalentInfoData>(talentRoutes.publicPortrait.path, { user_id: userId }),

  /** Create (no id) or update a record; silent: the edit form shows field errors and the toast itself. */
  saveRecord: (kind: RecordKind, body: object, id?: number) =>
    apiClient.requestEnvelope<unknown>({
      method: id ? 'PUT' : 'POST',
      url: id ? withId(RECORD_ROUTES[kind].update.path, id) : RECORD_ROUTES[kind].create.path,
      data: body,
      silent: true,
    }),
  deleteRecord: (kind: RecordKind, id: number) =>
    apiClient.requestEnvelope<null>({ method: 'DELETE', url: withId(RECORD_ROUTES[kind].remove.path, id) }),

  /** multipart/form-data, field `file`; `onProgress` gets 0-100. */
  uploadAttachment: (file: Blob, onProgress?: (percent: number) => void) => {
    const form = new FormData();
    form.append('file', file);
    return apiClient.request<TalentAttachment>({
      method: 'POST',
      url: talentRoutes.uploadAttachment.path,
      data: form,
      silent: true,
      timeout: 60_000,
      onUploadProgress: (e: AxiosProgressEvent) => {
        if (onProgress && e.total) onProgress(Math.round((e.loaded / e.total) * 100));
      },
    });
  },
  /** The file needs the token header, so it is fetched as a blob rather than linked. */
  attachmentBlob: (attachment: TalentAttachment) =>
    apiClient.request<Blob>({ method: 'GET', url: attachment.url, responseType: 'blob' }),

  attachmentDics: () => apiClient.get<AttachmentDic[]>(talentRoutes.attachmentDics.path),
  stars: () => apiClient.get<Star[]>(starsRoutes.stars.path),
  centerRcpj: () => apiClient.get<CenterRcpj>(starsRoutes.centerRcpj.path),
  applyStar: (body: ApplyStarBody) =>
    apiClient.requestEnvelope<Rcpj>({ method: 'POST', url: starsRoutes.applyStarLevel.path, data: body }),
  submitApply: (body: SubmitApplyBody) =>
    apiClient.requestEnvelope<Rcpj>({
      method: 'POST',
      url: starsRoutes.submitApply.path,
      data: body,
      silent: true,
    }),
  cancelApply: (id: number) =>
    apiClient.requestEnvelope<Rcpj>({ method: 'POST', url: starsRoutes.applyCancel.path, data: { id } }),
  gotIt: (id: number) =>
    apiClient.requestEnvelope<Rcpj>({ method: 'POST', url: starsRoutes.gotIt.path, data: { id } }),
  adminList: (query: AdminRcpjsQuery) => apiClient.get<AdminRcpjPage>(starsRoutes.adminList.path, query),
  adminReview: (id: number, body: ReviewRcpjBody) =>
    apiClient.requestEnvelope<AdminRcpj>({
      method: 'POST',
      url: withId(starsRoutes.adminReview.path, id),
      data: body,
      silent: true,
    }),
  creditArchive: () => apiClient.get<CreditArchive>(starsRoutes.creditArchive.path),
};

export const talentKeys = {
  all: ['talent'] as const,
  info: ['talent', 'info'] as const,
  options: ['talent', 'options'] as const,
  publicPortrait: (userId: number) => ['talent', 'public', userId] as const,
  stars: ['talent', 'stars'] as const,
  certificates: ['talent', 'exam-certificates'] as const,
  examTypes: ['talent', 'exam-types'] as const,
  attachmentDics: ['talent', 'attachment-dics'] as const,
  centerRcpj: ['talent', 'center-rcpj'] as const,
  admin: (query: AdminRcpjsQuery) => ['talent', 'admin', query] as const,
  creditArchive: ['talent', 'credit-archive'] as const,
};
