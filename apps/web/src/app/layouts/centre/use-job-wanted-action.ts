import { useCallback } from 'react';
import { selectRole, useSessionStore } from '@/shared/lib/session/session-store';

/**
 * The centre banner's 求职意向 action (SPEC §2, §6): members open the job-intention dialog (job switch),
 * non-members the student-card dialog (student switch). Both dialogs are mounted by the centre layout for personal
 * accounts only: a company seeks no job and buys no personal membership, so for it the action does nothing.
 */
export function useJobWantedAction(): () => void {
  const isCompany = useSessionStore((s) => selectRole(s) === 'company');
  const isMember = useSessionStore((s) => Boolean(s.user?.is_member));
  const setJobSwitch = useSessionStore((s) => s.setJobSwitch);
  const setStudentSwitch = useSessionStore((s) => s.setStudentSwitch);
  return useCallback(() => {
    if (isCompany) return;
    if (isMember) setJobSwitch(true);
    else setStudentSwitch(true);
  }, [isCompany, isMember, setJobSwitch, setStudentSwitch]);
}
