import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { AntdIsland } from '@/shared/lib/antd-island';
import { isApiError } from '@/shared/lib/api-client';
import { chinaDate } from '@/shared/lib/china-time';
import { useSessionStore } from '@/shared/lib/session/session-store';
import { EmptyState } from '@/shared/ui/empty-state';
import { FactList } from '@/shared/ui/fact-list';
import { PlainButton } from '@/shared/ui/plain-button';
import { PlainSkeleton } from '@/shared/ui/plain-skeleton';
import { PlainTag } from '@/shared/ui/plain-tag';
import { RecordMissing } from '@/shared/ui/record-missing';
import { fetchBoardPost } from '../api/board-post-api';
import { recruitingKeys } from '../api/recruiting-keys';
import { CompanyCardView, PostCard } from '../components/post-cards';
import { appliedText, cityText, educationText, experienceText, levelText } from '../lib/format';
import '../components/recruiting.css';

const ApplyDialog = lazy(() => import('@/app/pages/recruiting/apply-dialog'));

/**
 * /jobDetail/jinfo?id=: the post, its company card, similar posts and the apply button. Drawn without antd (route
 * handle `antd: false`); the apply dialog brings antd when opened.
 */
export default function JobInfoPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const token = useSessionStore((s) => s.token);
  const role = useSessionStore((s) => s.role);
  const navigate = useNavigate();
  const location = useLocation();
  const [applying, setApplying] = useState(false);
  // Once opened, the dialog's antd island stays: its toast (投递成功) outlives the dialog it came from.
  const [opened, setOpened] = useState(false);
  const appliedRef = useRef<HTMLButtonElement>(null);
  const detail = useQuery({
    queryKey: [...recruitingKeys.boardPost(id), token],
    queryFn: () => fetchBoardPost(id),
    enabled: valid,
    retry: (n, err) => !(isApiError(err) && err.code === 404) && n < 2,
  });
  // Applied through the dialog: the 投递简历 button it opened from is gone, so focus goes to the state replacing it.
  const applied = !!detail.data?.my_application;
  useEffect(() => {
    if (applied && opened && !applying) appliedRef.current?.focus();
  }, [applied, opened, applying]);

  if (!valid) return <NotFound />;
  if (detail.isPending)
    return (
      <div className="page-container rc-page">
        <div className="rc-detail-loading" aria-busy="true">
          <PlainSkeleton rows={10} />
        </div>
      </div>
    );
  if (detail.isError) return <NotFound />;
  const { post, similar, my_application } = detail.data;

  const applyButton = () => {
    if (my_application)
      return (
        // Focusable though inert (aria-disabled): after applying, focus lands here instead of being lost.
        <PlainButton ref={appliedRef} variant="default" aria-disabled="true">
          {appliedText(my_application)}
        </PlainButton>
      );
    if (role === 'company') return <PlainTag>企业账号不能投递简历</PlainTag>;
    return (
      <PlainButton
        variant="primary"
        onClick={() => {
          if (!token) navigate(`/login?redirect=${encodeURIComponent(location.pathname + location.search)}`);
          else {
            setApplying(true);
            setOpened(true);
          }
        }}
      >
        投递简历
      </PlainButton>
    );
  };

  return (
    <div className="page-container rc-page">
      <header className="rc-detail-head">
        <div>
          <h1>{post.title}</h1>
          <div className="rc-detail-head__salary">{post.salary_text}</div>
          <div style={{ marginTop: 8 }}>
            {cityText(post.citys)} · {experienceText(post.experience)} · {educationText(post.education)} · 招
            {post.headcount}人
          </div>
        </div>
        {applyButton()}
      </header>
      <div className="rc-layout">
        <div>
          <section className="rc-section">
            <h2>职位信息</h2>
            <FactList
              className="rc-facts"
              items={[
                { label: '职位类别', value: post.position },
                { label: '职位层级', value: levelText(post.position_level) },
                { label: '发布日期', value: chinaDate(post.published_at) },
                { label: '截止日期', value: post.expires_on },
              ]}
            />
          </section>
          <section className="rc-section">
            <h2>职位描述</h2>
            <p className="rc-pre">{post.description}</p>
          </section>
          <section aria-label="相似职位">
            <h2 style={{ fontSize: 17 }}>相似职位</h2>
            {similar.length === 0 ? (
              <EmptyState description="暂无相似职位" />
            ) : (
              similar.map((p) => <PostCard key={p.id} post={p} />)
            )}
          </section>
        </div>
        <CompanyCardView company={post.company} />
      </div>
      {opened && (
        <AntdIsland>
          <Suspense fallback={null}>
            <ApplyDialog post={post} open={applying} onClose={() => setApplying(false)} />
          </Suspense>
        </AntdIsland>
      )}
    </div>
  );
}

function NotFound() {
  return (
    <div className="page-container rc-page">
      <RecordMissing
        title="职位不存在或已下线"
        description="该职位已招满、到期或被企业撤下，看看其他在招职位吧。"
        back={{ to: '/jobDetail', label: '返回招聘求职' }}
      />
    </div>
  );
}
