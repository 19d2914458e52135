import { InfoCircleFilled } from '@ant-design/icons';
import { Alert } from 'antd';
import { Link } from 'react-router';
import { chinaDate } from '@/shared/lib/china-time';
import { selectRole, useSessionStore } from '@/shared/lib/session/session-store';
import { useMyCompany } from '../api/employee';
import './employee.css';

/** 学员中心's notice of a pending company invitation, with the way to 我的单位 where it is answered. */
export function EmployeeInvitationNotice() {
  const personal = useSessionStore(selectRole) === 'personal';
  const q = useMyCompany(personal);
  const invitations = personal ? (q.data?.invitations ?? []) : [];
  const first = invitations[0];
  if (!first) return null;
  const who = invitations.length > 1 ? `${first.company_name}等${invitations.length}家单位` : first.company_name;
  return (
    <Alert
      className="invite-notice"
      type="info"
      showIcon
      icon={<InfoCircleFilled aria-hidden="true" />}
      title={`${who}邀请您加入单位培训`}
      description={`加入后可使用单位发放的学员卡，并学习单位指派的课程。请在 ${chinaDate(first.expires_at)} 前处理。`}
      action={
        <Link to="/center/my-company" className="invite-notice__go">
          去处理
        </Link>
      }
    />
  );
}
