import { CreditSummaryCard } from '@/features/credits/components/credit-summary-card';
import StudentPage from '@/features/users/pages/student-page';
import { selectRole, useSessionStore } from '@/shared/lib/session/session-store';

/** /center/student with this year's continuing-education credits under the welcome (personal accounts only). */
export default function StudentHomePage() {
  const role = useSessionStore(selectRole);
  return <StudentPage extra={role === 'personal' ? <CreditSummaryCard /> : undefined} />;
}
