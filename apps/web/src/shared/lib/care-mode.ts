import { createContext, useContext, useSyncExternalStore } from 'react';
import type { CurrentUser } from '@app/contracts/users/users.schemas';
import { useSessionStore } from './session/session-store';

/**
 * 关怀模式 (care mode, the aging-friendly mode of 互联网应用适老化及无障碍改造): larger text, higher contrast, larger tap
 * targets and a simplified home. This module is the browser's side of it:
 *
 * - remembered per browser in localStorage (`care_mode`: '1' on, '0' off);
 * - mirrored into a cookie of the same name, so the server sends the page already marked (`<html class="care-mode">`,
 *   apps/server/src/plugins/web.ts) and a server-rendered page paints large from the start, never small first;
 * - applied as the `care-mode` class on `<html>`: the stylesheet enlarges text under it (see app/care-mode-css.ts) and
 *   the antd scope switches to the care theme (app/theme.ts);
 * - signed in, the account's value wins (installCareModeSync), except that signing in with care mode on keeps it on
 *   and saves it to the account. Saving a change of the switch to the account is the auth feature's switch hook.
 */
export const CARE_MODE_STORAGE_KEY = 'care_mode';
export const CARE_MODE_COOKIE = 'care_mode';
export const CARE_MODE_CLASS = 'care-mode';
/** Chrome keeps a cookie at most 400 days; the choice is renewed on every visit (startCareMode). */
const COOKIE_MAX_AGE_S = 400 * 24 * 60 * 60;

function localStore(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // storage disabled (privacy mode): the choice lasts for the page only
  }
}

/** This browser's remembered choice (off when never chosen). */
export function readStoredCareMode(): boolean {
  return localStore()?.getItem(CARE_MODE_STORAGE_KEY) === '1';
}

function applyToDocument(on: boolean): void {
  if (typeof document === 'undefined') return;
  document.documentElement.classList.toggle(CARE_MODE_CLASS, on);
  document.cookie = on
    ? `${CARE_MODE_COOKIE}=1; path=/; max-age=${COOKIE_MAX_AGE_S}; samesite=lax`
    : `${CARE_MODE_COOKIE}=; path=/; max-age=0; samesite=lax`;
}

let enabled = readStoredCareMode();
const listeners = new Set<() => void>();

/** The browser's care mode: read, watched, and set (storage, cookie and `<html>` class together). */
export const careMode = {
  get: (): boolean => enabled,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Turns care mode on or off in this browser. Saving it to the account is the caller's part. */
  set(on: boolean): void {
    localStore()?.setItem(CARE_MODE_STORAGE_KEY, on ? '1' : '0');
    applyToDocument(on);
    if (on === enabled) return;
    enabled = on;
    for (const listener of listeners) listener();
  },
};

/** The account's value, when the session's user carries one (an old session mirror may not). */
function accountValue(user: CurrentUser | null): boolean | null {
  return user && typeof user.care_mode === 'boolean' ? user.care_mode : null;
}

/**
 * Keeps the browser's care mode in step with the signed-in account's:
 *
 * - on page load while signed in (a user restored from the session mirror, the current-user request), and whenever
 *   the session's user changes, the account's value wins;
 * - except at the moment of signing in on this page: a person who turned care mode on before signing in keeps it,
 *   and it is saved to the account (`saveToAccount`) when the account had it off. Signing in never shrinks the text
 *   under the person's eyes; from then on the account's value is the one that counts, here and on other browsers.
 *
 * Returns the uninstaller.
 */
export function installCareModeSync(saveToAccount?: (enabled: boolean) => Promise<unknown>): () => void {
  let signingIn = false;
  const apply = (user: CurrentUser | null) => {
    const value = accountValue(user);
    if (value === null || !user) return;
    if (signingIn) {
      signingIn = false;
      if (careMode.get() && !value && saveToAccount) {
        useSessionStore.getState().setUser({ ...user, care_mode: true });
        // A failed save leaves the account as it was; this browser keeps the choice until the next page load.
        saveToAccount(true).catch(() => undefined);
        return;
      }
    }
    if (value !== careMode.get()) careMode.set(value);
  };
  apply(useSessionStore.getState().user);
  return useSessionStore.subscribe((state, prev) => {
    if (state.token && !prev.token) signingIn = true;
    if (!state.token) signingIn = false;
    if (state.user !== prev.user) apply(state.user);
  });
}

/**
 * Start-up in the browser, before the first render: the remembered choice is applied to `<html>` and renewed in the
 * cookie. Returns whether the server sent the page in care mode (its class was already there), so the caller adopts
 * server markup only when both agree.
 */
export function startCareMode(): { serverCareMode: boolean } {
  const serverCareMode = document.documentElement.classList.contains(CARE_MODE_CLASS);
  enabled = readStoredCareMode();
  applyToDocument(enabled);
  return { serverCareMode };
}

/** On the server, the request's care mode (its cookie); the browser reads its own store instead. */
const CareModeServerContext = createContext<boolean | null>(null);
export const CareModeServerProvider = CareModeServerContext.Provider;

/** Whether care mode is on; re-renders when it changes. */
export function useCareMode(): boolean {
  const server = useContext(CareModeServerContext);
  return useSyncExternalStore(careMode.subscribe, careMode.get, () => server ?? careMode.get());
}
