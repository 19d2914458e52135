import { Avatar, Button, Tag } from 'antd';
import { Link } from 'react-router';
import type { CompanyCard, JobPost, MatchReason, TalentCard } from '@app/contracts';
import {
  cityText,
  educationText,
  experienceText,
  hoursText,
  salaryBandText,
  starText,
  unitSizeText,
} from '../lib/format';

export function CompanyLogo({ name, logo, size = 48 }: { name: string; logo: string | null; size?: number }) {
  return logo ? (
    <Avatar shape="square" size={size} src={logo} alt={`${name}标志`} />
  ) : (
    <Avatar shape="square" size={size} style={{ background: '#1f5fbf' }} aria-hidden>
      {name.slice(0, 2)}
    </Avatar>
  );
}

/** One post on the board (link to its detail page). */
export function PostCard({ post, extra }: { post: JobPost; extra?: React.ReactNode }) {
  return (
    <article className="rc-post-card" aria-label={post.title}>
      <div>
        <Link to={`/jobDetail/jinfo?id=${post.id}`} className="rc-post-card__title">
          {post.title}
        </Link>
        <span className="rc-post-card__salary">{post.salary_text}</span>
        <div className="rc-post-card__meta">
          <Tag>{cityText(post.citys)}</Tag>
          <Tag>{experienceText(post.experience)}</Tag>
          <Tag>{educationText(post.education)}</Tag>
          <Tag>招{post.headcount}人</Tag>
          <Tag color="blue">{post.position}</Tag>
        </div>
        {extra}
      </div>
      <div className="rc-post-card__company">
        <div style={{ fontWeight: 600 }}>{post.company.name}</div>
        <div className="rc-muted">
          {post.company.industry ?? '—'} · {unitSizeText(post.company.unit_size)}
        </div>
        <div className="rc-muted">发布于 {post.published_at?.slice(0, 10) ?? '—'}</div>
      </div>
    </article>
  );
}

export function CompanyCardView({ company }: { company: CompanyCard }) {
  return (
    <aside className="rc-company-card" aria-label="企业名片">
      <div className="rc-company-card__head">
        <CompanyLogo name={company.name} logo={company.logo} size={56} />
        <div>
          <div className="rc-company-card__name">{company.name}</div>
          <Tag color="green">已认证企业</Tag>
        </div>
      </div>
      <p className="rc-muted">
        {company.industry ?? '—'} · {company.unit_size_label ?? '—'} · {cityText(company.city)}
      </p>
      <p className="rc-pre" style={{ fontSize: 13 }}>
        {company.intro}
      </p>
      <Link to={`/jobDetail?company_id=${company.user_id}`}>在招职位 {company.online_posts} 个</Link>
    </aside>
  );
}

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
      <div className="rc-muted">平台学习：{hoursText(talent.learn_seconds)}</div>
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
