import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Paged } from '@app/contracts/common/pagination';
import type {
  AdminBaseManagerApplication,
  AdminBaseManagerQuery,
  ApplyBaseManagerFields,
  BaseManagerApplication,
  ReviewBaseManagerBody,
} from '@app/contracts/regions/regions.schemas';
import { apiClient } from '@/shared/lib/api-client';

// Paths of regionsRoutes (contracts); the descriptor module is not imported because it pulls zod into a public page.
const APPLY_PATH = '/api/apply_xx_manager';
const ADMIN_PATH = '/api/admin/base_manager_applications';

export const regionsKeys = {
  all: ['regions'] as const,
  mine: (token: string) => ['regions', 'mine', token] as const,
  admin: (q: AdminBaseManagerQuery) => ['regions', 'admin', q] as const,
};

export const regionsApi = {
  /** multipart/form-data: the text fields and, when chosen, the attachment as `file`. */
  apply: (fields: ApplyBaseManagerFields, file: Blob | null) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, String(value ?? ''));
    if (file) form.append('file', file, file instanceof File ? file.name : '附件');
    return apiClient.requestEnvelope<BaseManagerApplication>({
      method: 'POST',
      url: APPLY_PATH,
      data: form,
      silent: true,
      timeout: 60_000,
    });
  },
  mine: () => apiClient.get<BaseManagerApplication[]>(APPLY_PATH),

  adminList: (q: AdminBaseManagerQuery) =>
    apiClient.get<Paged<AdminBaseManagerApplication>>(ADMIN_PATH, q),
  review: (id: number, body: ReviewBaseManagerBody) =>
    apiClient.requestEnvelope<AdminBaseManagerApplication>({
      method: 'POST',
      url: `${ADMIN_PATH}/${id}/review`,
      data: body,
      silent: true,
    }),
  /**
   * The attachment is served with the token header only: fetched as a blob and saved under the uploader's name, with
   * the extension of what is stored (a scan is kept as WebP).
   */
  downloadAttachment: async (a: AdminBaseManagerApplication) => {
    if (!a.attachment_url || !a.attachment) return;
    const blob = await apiClient.request<Blob>({ method: 'GET', url: a.attachment_url, responseType: 'blob' });
    const ext = a.attachment.mime === 'application/pdf' ? 'pdf' : 'webp';
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = `${a.attachment.file_name.replace(/\.[^.]*$/, '')}.${ext}`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  },
};

/** The signed-in applicant's applications (none asked without a token: a visitor's call would end in /login). */
export function useMyApplications(token: string | null) {
  return useQuery({
    queryKey: regionsKeys.mine(token ?? ''),
    queryFn: regionsApi.mine,
    enabled: Boolean(token),
  });
}

export function useAdminApplications(q: AdminBaseManagerQuery) {
  return useQuery({ queryKey: regionsKeys.admin(q), queryFn: () => regionsApi.adminList(q), placeholderData: keepPreviousData });
}
