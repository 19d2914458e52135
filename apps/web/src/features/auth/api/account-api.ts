import type { AxiosProgressEvent } from 'axios';
import {
  authRoutes,
  usersRoutes,
  type AvatarData,
  type ChangePasswordBody,
  type ChangePhoneBody,
  type Profile,
  type UserSettingBody,
} from '@app/contracts';
import { apiClient } from '@/shared/lib/api-client';

/** Own-account calls of /center/setting (login required). Forms show their own errors: calls are silent. */
export const accountApi = {
  profile: () => apiClient.get<Profile>(usersRoutes.profile.path),
  userSetting: (body: UserSettingBody) =>
    apiClient.post<Profile>(usersRoutes.userSetting.path, body, { silent: true }),
  changePassword: (body: ChangePasswordBody) =>
    apiClient.post<null>(usersRoutes.changePassword.path, body, { silent: true }),
  changePhone: (body: ChangePhoneBody) =>
    apiClient.post<{ phone: string }>(authRoutes.changePhone.path, body, { silent: true }),
  /** multipart/form-data with the file in field `file`; `onProgress` gets 0-100. */
  uploadAvatar: (file: Blob, onProgress?: (percent: number) => void, signal?: AbortSignal) => {
    const form = new FormData();
    form.append('file', file);
    return apiClient.request<AvatarData>({
      method: 'POST',
      url: usersRoutes.avatar.path,
      data: form,
      silent: true,
      signal,
      // No retries apply to POST, and 20 s is short for a slow uplink: an avatar is at most 2 MB.
      timeout: 60_000,
      onUploadProgress: (e: AxiosProgressEvent) => {
        if (onProgress && e.total) onProgress(Math.round((e.loaded / e.total) * 100));
      },
    });
  },
};

export const accountKeys = {
  profile: ['users', 'profile'] as const,
};
