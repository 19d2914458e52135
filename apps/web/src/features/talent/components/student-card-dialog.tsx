import { CheckCircleFilled, CrownFilled } from '@ant-design/icons';
import { Button, Modal } from 'antd';
import { useNavigate } from 'react-router';
import { MEMBER_BENEFITS_PRIMARY, MEMBER_BENEFITS_SECONDARY } from '@app/contracts/members/members.rules';
import { useSessionStore } from '@/shared/lib/session/session-store';
import './student-card-dialog.css';

/** Where 立即开通 leads: membership purchase (SPEC §2). */
export const BUY_VIP_PATH = '/payment?type=buyVip';

/**
 * Student-card (学员卡, i.e. membership) dialog for non-members (SPEC §2, §4, §6): open while the session's
 * `buyStudentStatus` flag is on. Job intentions and the talent portrait's visibility to companies are member
 * benefits, so it explains the card and leads to the purchase.
 */
export function StudentCardDialog() {
  const open = useSessionStore((s) => s.buyStudentStatus);
  const setStudentSwitch = useSessionStore((s) => s.setStudentSwitch);
  const navigate = useNavigate();

  const buy = () => {
    setStudentSwitch(false);
    void navigate(BUY_VIP_PATH);
  };

  return (
    <Modal
      open={open}
      width={560}
      title={
        <span className="student-card__title">
          <CrownFilled className="student-card__crown" /> 开通学员卡
        </span>
      }
      onCancel={() => setStudentSwitch(false)}
      footer={[
        <Button key="later" onClick={() => setStudentSwitch(false)}>
          暂不开通
        </Button>,
        <Button key="buy" type="primary" onClick={buy}>
          立即开通
        </Button>,
      ]}
    >
      <p className="student-card__lead">
        发布求职意向是学员卡会员专享功能。开通学员卡后，您可以发布求职意向、向企业展示人才画像，并享受以下权益：
      </p>
      <div className="student-card__lists">
        <ul aria-label="学习权益">
          {MEMBER_BENEFITS_PRIMARY.map((b) => (
            <li key={b}>
              <CheckCircleFilled className="student-card__tick" /> {b}
            </li>
          ))}
        </ul>
        <ul aria-label="职业权益">
          {MEMBER_BENEFITS_SECONDARY.map((b) => (
            <li key={b}>
              <CheckCircleFilled className="student-card__tick" /> {b}
            </li>
          ))}
        </ul>
      </div>
    </Modal>
  );
}
