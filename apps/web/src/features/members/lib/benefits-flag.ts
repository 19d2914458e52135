import { useEffect } from 'react';
import type { CurrentUser } from '@app/contracts/users/users.schemas';
import { useSessionStore } from '@/shared/lib/session/session-store';

/**
 * When the membership-benefits modal turns on (SPEC §2 leaves it open): once a day, the first time a logged-in
 * personal non-member opens home. The day is remembered per account in localStorage, so a reload or a second
 * visit the same day stays quiet. Company accounts are not shown it: the benefits are personal ones.
 *
 * This module is imported by home, so it stays tiny: no antd, no contracts index (zod).
 */
export const BENEFITS_SEEN_KEY = 'benefits-modal-seen';

/** The browser's calendar day, YYYY-MM-DD. */
export function localDay(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** `userId@day` of the last time the modal was shown on this browser. */
function seenMark(user: Pick<CurrentUser, 'id'>, now: Date): string {
  return `${user.id}@${localDay(now)}`;
}

/** Whether home should turn the flag on for this user now (and has not already today). */
export function shouldShowBenefits(user: CurrentUser | null, now: Date = new Date()): boolean {
  if (!user || user.is_member || user.role !== 'personal') return false;
  return storage()?.getItem(BENEFITS_SEEN_KEY) !== seenMark(user, now);
}

export function markBenefitsShown(user: Pick<CurrentUser, 'id'>, now: Date = new Date()): void {
  storage()?.setItem(BENEFITS_SEEN_KEY, seenMark(user, now));
}

/**
 * Home calls this: turns the global flag on once a day for a logged-in personal non-member. The day is marked as
 * seen by the modal when it actually shows (`markBenefitsShown`), so leaving home before it opens leaves the day
 * unmarked.
 */
export function useBenefitsModalTrigger(): void {
  const user = useSessionStore((s) => (s.userStatus === 'ready' ? s.user : null));
  useEffect(() => {
    if (shouldShowBenefits(user)) useSessionStore.getState().setBenefitsModal(true);
  }, [user]);
}
