import { RightOutlined, ShopOutlined } from '@ant-design/icons';
import { Avatar, Button, Skeleton, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import type { CompanyOverview } from '@app/contracts';
import { recruitingApi } from '@/features/recruiting/api/recruiting-api';
import { recruitingKeys } from '@/features/recruiting/api/recruiting-keys';
import { StoredImg } from '@/shared/ui/stored-img';

const STATUS_COLORS: Record<CompanyOverview['status'], string> = {
  unsubmitted: 'default',
  pending: 'processing',
  verified: 'success',
  rejected: 'error',
};

function Figure({ label, value, to, hint }: { label: string; value: number; to: string; hint?: string }) {
  return (
    <Link className="centre-banner__stat centre-banner__stat--link" to={to}>
      <span className="centre-banner__stat-value">{value}</span>
      <span className="centre-banner__stat-label">
        {label}
        {hint && <span className="centre-banner__stat-hint">{hint}</span>}
      </span>
    </Link>
  );
}

/**
 * The centre banner of a company account: the company's name, logo and verification state, the way into its
 * employees' training (培训概览), and its recruiting figures (posts online, applications received and new, the talent
 * pool), each a way into its screen. A company does not learn, so it is not shown learning time, courses, points or a
 * star level, nor the personal 求职意向.
 */
export function CompanyBanner() {
  const navigate = useNavigate();
  const overview = useQuery({ queryKey: recruitingKeys.companyOverview, queryFn: recruitingApi.companyOverview });
  const o = overview.data;
  if (!o) {
    return (
      <section className="centre-banner" aria-busy={overview.isPending}>
        <div className="page-container centre-banner__inner">
          {overview.isPending ? (
            <Skeleton avatar active paragraph={{ rows: 1 }} />
          ) : (
            <p className="centre-banner__error">企业概况暂时无法加载，请稍后刷新页面。</p>
          )}
        </div>
      </section>
    );
  }
  return (
    <section className="centre-banner" aria-label="企业概况">
      <div className="page-container centre-banner__inner">
        <div className="centre-banner__profile">
          <Avatar
            size={72}
            shape="square"
            src={o.logo ? <StoredImg src={o.logo} sizes="72px" alt="企业标志" /> : undefined}
            icon={<ShopOutlined aria-hidden="true" />}
            alt="企业标志"
            className="centre-banner__avatar"
          />
          <div>
            <div className="centre-banner__name">{o.name || '未填写企业名称'}</div>
            <div className="centre-banner__id">
              企业认证：<Tag color={STATUS_COLORS[o.status]}>{o.status_label}</Tag>
            </div>
            <div className="centre-banner__id">
              <Link className="centre-banner__link" to="/center/training">
                企业培训：培训概览
                <RightOutlined aria-hidden="true" />
              </Link>
            </div>
          </div>
        </div>
        <div className="centre-banner__stats">
          <Figure
            label="在招职位"
            value={o.posts_online}
            to="/center/recruitment"
            hint={o.posts_pending > 0 ? `${o.posts_pending}个待审核` : undefined}
          />
          <Figure
            label="收到的简历"
            value={o.applications_total}
            to="/center/applyJob"
            hint={o.applications_new > 0 ? `${o.applications_new}份未查看` : undefined}
          />
          <Figure label="面试中" value={o.interviews} to="/center/applyJob" />
          <Figure label="人才库" value={o.pool_size} to="/center/talent-pool" />
        </div>
        <Button
          type="primary"
          size="large"
          ghost
          className="centre-banner__job"
          onClick={() => navigate(o.status === 'verified' ? '/center/recruitment/postEdit' : '/center/recruitment/companyEdit')}
        >
          {o.status === 'verified' ? '发布职位' : o.status === 'pending' ? '查看认证进度' : '完善企业认证'}
        </Button>
      </div>
    </section>
  );
}
