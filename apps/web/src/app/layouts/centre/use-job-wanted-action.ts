import { useCallback } from 'react';
import { useSessionStore } from '@/shared/lib/session/session-store';

/**
 * The centre banner's 求职意向 action (SPEC §2, §6): members open the job-intention dialog (job switch),
 * non-members the student-card dialog (student switch). Both dialogs are mounted by the centre layout.
 */
export function useJobWantedAction(): () => void {
  const isMember = useSessionStore((s) => Boolean(s.user?.is_member));
  const setJobSwitch = useSessionStore((s) => s.setJobSwitch);
  const setStudentSwitch = useSessionStore((s) => s.setStudentSwitch);
  return useCallback(() => {
    if (isMember) setJobSwitch(true);
    else setStudentSwitch(true);
  }, [isMember, setJobSwitch, setStudentSwitch]);
}
