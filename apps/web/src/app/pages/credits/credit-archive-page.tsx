import { CreditYearPanel } from '@/features/credits/components/credit-year-panel';
import TalentCreditArchive from '@/features/talent/pages/credit-archive-page';

/**
 * /center/credit-archive: this year's continuing-education credits against the member's rule (credits feature) above
 * the printable yearly learning record (talent feature). Composed here: features do not import each other.
 */
export default function CreditArchivePage() {
  return (
    <>
      <div className="no-print">
        <CreditYearPanel />
      </div>
      <TalentCreditArchive />
    </>
  );
}
