import { Alert, Tag } from 'antd';
import { Link } from 'react-router';
import { creditText } from '@app/contracts/credits/credits.rules';
import { trainingMessages as m } from '@app/contracts/training/training.rules';
import type { CreditStanding, EmployeeRow } from '@app/contracts/training/training.schemas';
import { chinaDate } from '@/shared/lib/china-time';
import { useTrainingOverview } from '../api/company';

/** Where a company fills in and verifies its licence (recruiting's 企业信息 screen). */
export const COMPANY_EDIT_PATH = '/center/recruitment/companyEdit';

/** 32.5 / 90 学分 with 达标, or 差 N 学分; only the year's figure where no rule applies. */
export function CreditStandingCell({ credits }: { credits: CreditStanding }) {
  if (!credits.has_rule) {
    return (
      <span className="tr-credit">
        {creditText(credits.total)}
        <span className="tr-muted">本年无学分要求</span>
      </span>
    );
  }
  return (
    <span className="tr-credit">
      <span>
        {creditText(credits.total)} / {creditText(credits.required)}
      </span>
      {credits.met ? <Tag color="success">达标</Tag> : <Tag color="warning">差 {creditText(credits.missing)} 学分</Tag>}
    </span>
  );
}

/** 3 / 5 of the assigned courses done, and the overdue ones in red. */
export function AssignedCell({ assigned }: { assigned: EmployeeRow['assigned'] }) {
  if (assigned.total === 0) return <span className="tr-muted">暂无指派</span>;
  return (
    <span className="tr-progress">
      <span aria-label={`已完成${assigned.done}门，共${assigned.total}门`}>
        {assigned.done} / {assigned.total}
      </span>
      {assigned.overdue > 0 && <span className="tr-danger">逾期 {assigned.overdue}</span>}
    </span>
  );
}

export function SeatCell({ seat }: { seat: EmployeeRow['seat'] }) {
  return seat ? <span>有效期至 {chinaDate(seat.ends_at)}</span> : <span className="tr-muted">未分配</span>;
}

/**
 * Inviting, buying seats and assigning courses wait for the company's licence verification: an unverified company
 * is told so on every training screen, with the way to its 企业信息.
 */
export function VerifyNotice() {
  const overview = useTrainingOverview();
  if (!overview.data || overview.data.verified) return null;
  return (
    <Alert
      className="tr-alert"
      type="warning"
      showIcon
      title={m.companyNotVerified}
      description={
        <Link to={COMPANY_EDIT_PATH}>前往企业信息提交或查看认证</Link>
      }
    />
  );
}
