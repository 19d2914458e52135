import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Profile, UserSettingBody } from '@app/contracts';
import { useSessionStore } from '@/shared/lib/session/session-store';
import { accountApi, accountKeys } from './account-api';

export function useProfile() {
  return useQuery({ queryKey: accountKeys.profile, queryFn: accountApi.profile });
}

/** Saves the profile; the header (nickname) and centre banner read the current user, so it is reloaded too. */
export function useSaveProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UserSettingBody) => accountApi.userSetting(body),
    onSuccess: (profile: Profile) => {
      queryClient.setQueryData(accountKeys.profile, profile);
      void useSessionStore.getState().loadCurrentUser();
    },
  });
}
