import { Avatar, Button, Tag } from 'antd';
import { Link } from 'react-router';
import type { MatchReason, TalentCard } from '@app/contracts';
import { formatLearnDuration } from '@/shared/lib/learn-duration';
import { cityText, educationText, salaryBandText, starText } from '../lib/format';

export function ReasonTags({ reason }: { reason: MatchReason }) {
  return (
    <div className="rc-reason" aria-label="匹配原因">
      <Tag color="gold">匹配度 {reason.score}</Tag>
      {reason.city && <Tag color="blue">地区：{reason.city}</Tag>}
      {reason.position && <Tag color="purple">职位：{reason.position}</Tag>}
      {reason.salary && <Tag color="orange">薪资：{reason.salary}</Tag>}
    </div>
  );
}

/** A masked talent: surname + 先生/女士, no phone. */
export function TalentCardView({
  talent,
  onSave,
  extra,
}: {
  talent: TalentCard;
  onSave?: () => void;
  extra?: React.ReactNode;
}) {
  return (
    <article className="rc-company-card" aria-label={talent.name}>
      <div className="rc-company-card__head">
        <Avatar size={48} style={{ background: talent.sex === 1 ? '#d6336c' : '#1f5fbf' }} aria-hidden>
          {talent.name.slice(0, 1)}
        </Avatar>
        <div>
          <div className="rc-company-card__name">{talent.name}</div>
          <Tag color="gold">{starText(talent.star_id)}</Tag>
          <span className="rc-muted">
            {educationText(talent.highest_degree)} · {talent.work_years}年经验
          </span>
        </div>
      </div>
      <div className="rc-muted">意向职位：{talent.positions.replaceAll(',', '、')}</div>
      <div className="rc-muted">意向地区：{cityText(talent.citys)}</div>
      <div className="rc-muted">期望薪资：{salaryBandText(talent.salary)}</div>
      <div className="rc-muted">平台学习：{formatLearnDuration(talent.learn_seconds)}</div>
      {talent.credentials.length > 0 && (
        <div style={{ marginTop: 6 }}>
          {talent.credentials.slice(0, 3).map((c) => (
            <Tag key={c}>{c}</Tag>
          ))}
        </div>
      )}
      {extra}
      <div style={{ marginTop: 12, display: 'flex', gap: 8 }}>
        <Link to={`/center/recruitment/resumePreview?user_id=${talent.user_id}`}>
          <Button size="small">查看画像</Button>
        </Link>
        {onSave &&
          (talent.in_pool ? (
            <Button size="small" disabled>
              已在人才库
            </Button>
          ) : (
            <Button size="small" type="primary" onClick={onSave}>
              加入人才库
            </Button>
          ))}
      </div>
    </article>
  );
}
