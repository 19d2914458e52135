import { useMutation } from '@tanstack/react-query';
import type { CareModeData } from '@app/contracts';
import { apiClient } from '@/shared/lib/api-client';
import { careMode, useCareMode } from '@/shared/lib/care-mode';
import { useSessionStore } from '@/shared/lib/session/session-store';

/**
 * The path written out: the header's 关怀模式 button is on every first load, where the users route descriptors would
 * bring zod and the account schemas (use-care-mode-switch.test.tsx checks it against the descriptor).
 */
export const CARE_MODE_PATH = '/api/users/care_mode';

/** PUT /api/users/care_mode: the account's 关怀模式. */
export const saveCareMode = (enabled: boolean) => apiClient.put<CareModeData>(CARE_MODE_PATH, { enabled });

function setAccountValue(on: boolean): void {
  const { user, setUser } = useSessionStore.getState();
  if (user && user.care_mode !== on) setUser({ ...user, care_mode: on });
}

/**
 * The 关怀模式 switch of the header and of 账号设置: turns it on or off in this browser at once and, signed in, saves it
 * to the account (so another browser that signs in finds it on). A save that fails puts the previous value back
 * (the API client shows the error notice).
 */
export function useCareModeSwitch() {
  const enabled = useCareMode();
  const save = useMutation({ mutationFn: saveCareMode });
  const setEnabled = (on: boolean) => {
    const before = careMode.get();
    careMode.set(on);
    if (!useSessionStore.getState().token) return;
    // The session's user carries the account's value: set it now, so the account sync does not switch it back.
    setAccountValue(on);
    save.mutate(on, {
      onError: () => {
        careMode.set(before);
        setAccountValue(before);
      },
    });
  };
  return { enabled, setEnabled, saving: save.isPending };
}
