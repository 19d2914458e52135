import { CreditSummaryCard } from '@/features/credits/components/credit-summary-card';
import { EmployeeAssignedCourses } from '@/features/training/components/employee-assigned-courses';
import { EmployeeInvitationNotice } from '@/features/training/components/employee-invitation-notice';
import StudentPage from '@/features/users/pages/student-page';
import { selectRole, useSessionStore } from '@/shared/lib/session/session-store';

/**
 * /center/student with, under the welcome (personal accounts only): a pending company invitation, the courses the
 * member's company assigned (单位指派, nearest deadline first), then this year's continuing-education credits.
 */
export default function StudentHomePage() {
  const role = useSessionStore(selectRole);
  return (
    <StudentPage
      extra={
        role === 'personal' ? (
          <>
            <EmployeeInvitationNotice />
            <EmployeeAssignedCourses limit={3} />
            <CreditSummaryCard />
          </>
        ) : undefined
      }
    />
  );
}
