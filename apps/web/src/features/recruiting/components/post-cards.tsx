/* Job posts and company cards, drawn without antd: the job post page (/jobDetail/jinfo) renders without it. */
import { Link } from 'react-router';
import type { CompanyCard, JobPost } from '@app/contracts';
import { PlainAvatar } from '@/shared/ui/plain-avatar';
import { PlainTag } from '@/shared/ui/plain-tag';
import { cityText, dateText, educationText, experienceText, unitSizeText } from '../lib/format';

export function CompanyLogo({ name, logo, size = 48 }: { name: string; logo: string | null; size?: number }) {
  return (
    <PlainAvatar
      name={name}
      src={logo}
      size={size}
      shape="square"
      letters={2}
      alt={`${name}标志`}
      className="rc-logo"
    />
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
          <PlainTag>{cityText(post.citys)}</PlainTag>
          <PlainTag>{experienceText(post.experience)}</PlainTag>
          <PlainTag>{educationText(post.education)}</PlainTag>
          <PlainTag>招{post.headcount}人</PlainTag>
          <PlainTag color="blue">{post.position}</PlainTag>
        </div>
        {extra}
      </div>
      <div className="rc-post-card__company">
        <div style={{ fontWeight: 600 }}>{post.company.name}</div>
        <div className="rc-muted">
          {post.company.industry ?? '—'} · {unitSizeText(post.company.unit_size)}
        </div>
        <div className="rc-muted">发布于 {dateText(post.published_at)}</div>
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
          <PlainTag color="green">已认证企业</PlainTag>
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
