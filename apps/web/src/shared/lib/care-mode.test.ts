import { afterEach, describe, expect, it } from 'vitest';
import { makeUser } from '@/testing/fixtures';
import { resetSession } from '@/testing/render';
import {
  CARE_MODE_CLASS,
  CARE_MODE_STORAGE_KEY,
  careMode,
  installCareModeSync,
  readStoredCareMode,
  startCareMode,
} from './care-mode';
import { useSessionStore } from './session/session-store';

const html = () => document.documentElement;
const cookieOn = () => document.cookie.split(';').some((c) => c.trim() === 'care_mode=1');

afterEach(() => {
  careMode.set(false);
  resetSession();
});

describe('care mode in the browser', () => {
  it('turning it on marks <html>, remembers it in localStorage and mirrors it into the cookie the server reads', () => {
    careMode.set(true);
    expect(careMode.get()).toBe(true);
    expect(html().classList.contains(CARE_MODE_CLASS)).toBe(true);
    expect(localStorage.getItem(CARE_MODE_STORAGE_KEY)).toBe('1');
    expect(cookieOn()).toBe(true);

    careMode.set(false);
    expect(html().classList.contains(CARE_MODE_CLASS)).toBe(false);
    expect(readStoredCareMode()).toBe(false);
    expect(cookieOn()).toBe(false);
  });

  it('tells its watchers only about real changes', () => {
    let calls = 0;
    const stop = careMode.subscribe(() => (calls += 1));
    careMode.set(true);
    careMode.set(true);
    careMode.set(false);
    stop();
    careMode.set(true);
    expect(calls).toBe(2);
  });

  it('starts from the remembered choice and says whether the server already sent the page in care mode', () => {
    html().classList.remove(CARE_MODE_CLASS);
    localStorage.setItem(CARE_MODE_STORAGE_KEY, '1');
    expect(startCareMode()).toEqual({ serverCareMode: false });
    expect(careMode.get()).toBe(true);
    expect(html().classList.contains(CARE_MODE_CLASS)).toBe(true);
    expect(cookieOn()).toBe(true);
    expect(startCareMode()).toEqual({ serverCareMode: true });
  });
});

describe('care mode of the signed-in account', () => {
  it("wins over the browser's choice when the user arrives, and follows later changes of it", () => {
    careMode.set(true);
    resetSession({ token: 't1', user: makeUser({ care_mode: false }) });
    const stop = installCareModeSync();
    expect(careMode.get()).toBe(false);

    useSessionStore.getState().setUser(makeUser({ care_mode: true }));
    expect(careMode.get()).toBe(true);
    expect(localStorage.getItem(CARE_MODE_STORAGE_KEY)).toBe('1');
    stop();
  });

  it('signing in with care mode on keeps it on and saves it to an account that had it off', async () => {
    careMode.set(true);
    const saved: boolean[] = [];
    const stop = installCareModeSync(async (on) => saved.push(on));
    useSessionStore.getState().setToken('t2');
    useSessionStore.getState().setUser(makeUser({ care_mode: false }));
    expect(careMode.get()).toBe(true);
    expect(saved).toEqual([true]);
    expect(useSessionStore.getState().user?.care_mode).toBe(true);
    // From then on the account's value counts.
    useSessionStore.getState().setUser(makeUser({ care_mode: false }));
    expect(careMode.get()).toBe(false);
    stop();
  });

  it('signing in with care mode off takes the account’s value without saving anything', () => {
    const saved: boolean[] = [];
    const stop = installCareModeSync(async (on) => saved.push(on));
    useSessionStore.getState().setToken('t3');
    useSessionStore.getState().setUser(makeUser({ care_mode: true }));
    expect(careMode.get()).toBe(true);
    expect(saved).toEqual([]);
    stop();
  });

  it("keeps the browser's choice for a visitor and after signing out", () => {
    careMode.set(true);
    const stop = installCareModeSync();
    expect(careMode.get()).toBe(true);
    useSessionStore.getState().setUser(makeUser({ care_mode: true }));
    useSessionStore.getState().clearSession();
    expect(careMode.get()).toBe(true);
    stop();
  });
});
