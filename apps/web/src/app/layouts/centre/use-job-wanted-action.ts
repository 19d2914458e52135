import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useSessionStore } from '@/shared/lib/session/session-store';

/**
 * The centre banner's 求职意向 action (SPEC §2, §6: members -> job dialog, non-members -> student dialog).
 * The dialogs belong to the talent and members issues, which replace this body with `setJobSwitch(true)` /
 * `setStudentSwitch(true)`. Until then members go to their talent portrait and non-members to membership purchase.
 */
export function useJobWantedAction(): () => void {
  const navigate = useNavigate();
  const isMember = useSessionStore((s) => Boolean(s.user?.is_member));
  return useCallback(() => {
    navigate(isMember ? '/center/talentPortrayal' : '/payment?type=buyVip');
  }, [navigate, isMember]);
}
