import type { AxiosProgressEvent } from 'axios';
import {
  magazineRoutes,
  type AdminMagazine,
  type MagazineList,
  type MagazineRead,
  type MagazineUpdateBody,
  type MagazineUploadFields,
} from '@app/contracts';
import { apiClient } from '@/shared/lib/api-client';
import { withId } from '@/shared/lib/api-path';

export const magazineKeys = {
  all: ['magazine'] as const,
  list: (year: number | undefined) => ['magazine', 'list', year ?? 'latest'] as const,
  read: (id: number) => ['magazine', 'read', id] as const,
  admin: ['magazine', 'admin'] as const,
};

export const magazineApi = {
  list: (year?: number) => apiClient.get<MagazineList>(magazineRoutes.list.path, year ? { year } : {}),
  read: (id: number) => apiClient.get<MagazineRead>(withId(magazineRoutes.read.path, id)),
  /** Best effort: a lost progress report only costs the reader a page turn next time. */
  saveProgress: (id: number, page: number) =>
    apiClient.put<{ last_page: number }>(withId(magazineRoutes.progress.path, id), { page }, { silent: true }),

  adminList: () => apiClient.get<{ items: AdminMagazine[] }>(magazineRoutes.adminList.path),
  /** multipart/form-data: the fields and the PDF as `file`; `onProgress` gets 0-100. */
  upload: (fields: MagazineUploadFields, file: Blob, onProgress?: (percent: number) => void) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, String(v));
    form.append('file', file);
    return apiClient.request<AdminMagazine>({
      method: 'POST',
      url: magazineRoutes.adminUpload.path,
      data: form,
      silent: true,
      timeout: 5 * 60_000,
      onUploadProgress: (e: AxiosProgressEvent) => {
        if (onProgress && e.total) onProgress(Math.round((e.loaded / e.total) * 100));
      },
    });
  },
  update: (id: number, body: MagazineUpdateBody) =>
    apiClient.put<AdminMagazine>(withId(magazineRoutes.adminUpdate.path, id), body, { silent: true }),
  publish: (id: number) => apiClient.post<AdminMagazine>(withId(magazineRoutes.adminPublish.path, id)),
  remove: (id: number) => apiClient.delete<null>(withId(magazineRoutes.adminDelete.path, id)),
};
