import { useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { loginPathWithRedirect } from '@/shared/lib/navigation';
import { useSessionStore } from '@/shared/lib/session/session-store';
import { PlainBreadcrumb } from '@/shared/ui/plain-breadcrumb';
import { PlainSkeleton } from '@/shared/ui/plain-skeleton';
import { PlainTag } from '@/shared/ui/plain-tag';
import { RecordMissing } from '@/shared/ui/record-missing';
import { useArticle } from '../api/articles-api';
import { articlePath, dateOf } from '../lib/format';
import { ArticleHtml } from './article-parts';
import './content.css';

const LISTS = {
  news: { path: '/newsInformation', name: '新闻资讯', missing: '资讯不存在' },
  case: { path: '/caseDatabase', name: '案例库', missing: '案例不存在' },
} as const;

const noSubscription = () => () => undefined;

/** The session is read only after the client has taken over, so the first render matches the server's. */
function useViewer(): 'visitor' | 'user' {
  const token = useSessionStore((s) => s.token);
  // False on the server and while hydrating, true once the client renders on its own.
  const hydrated = useSyncExternalStore(noSubscription, () => true, () => false);
  return hydrated && token ? 'user' : 'visitor';
}

/** A news item or case: title, meta, sanitised body (or the opening and a join prompt), previous/next, related. */
export function ArticleDetailView({ kind, id, selfPath }: { kind: 'news' | 'case'; id: number; selfPath: string }) {
  const viewer = useViewer();
  const list = LISTS[kind];
  const q = useArticle(Number.isInteger(id) && id > 0 ? id : 0, viewer);
  if (q.isError || !Number.isInteger(id) || id < 1 || (q.data && q.data.kind !== kind)) {
    return (
      <div className="page-container cms-page">
        <RecordMissing title={list.missing} description="内容不存在或已下线。" back={{ to: list.path, label: `返回${list.name}` }} />
      </div>
    );
  }
  const a = q.data;
  return (
    <div className="page-container cms-page">
      <PlainBreadcrumb className="cms-crumbs" items={[{ label: list.name, to: list.path }, { label: a?.category ?? '' }]} />
      <div className="cms-detail">
        <article className="cms-article">
          {!a ? (
            <div className="cms-article__loading">
              <PlainSkeleton rows={12} />
            </div>
          ) : (
            <>
              <h1 className="cms-article__title">{a.title}</h1>
              <div className="cms-row__meta cms-article__meta">
                <PlainTag color="blue">{a.category}</PlainTag>
                {a.industry && <PlainTag>{a.industry}</PlainTag>}
                {a.company_size && <PlainTag>{a.company_size}</PlainTag>}
                {a.region_name && <PlainTag color="green">{a.region_name}</PlainTag>}
                {a.source && <span>来源：{a.source}</span>}
                {a.author && <span>作者：{a.author}</span>}
                <time dateTime={a.publish_at ?? undefined}>{dateOf(a.publish_at)}</time>
                <span>阅读 {a.view_count}</span>
              </div>
              {a.summary && <p className="cms-article__summary">{a.summary}</p>}
              <ArticleHtml html={a.body} />
              {a.locked && (
                <div className="cms-join" role="note">
                  <p>本案例为会员专享内容，开通会员后可阅读全文。</p>
                  {viewer === 'user' ? (
                    <Link className="cms-btn cms-btn--primary" to="/payment?type=buyVip">
                      开通会员
                    </Link>
                  ) : (
                    <span className="cms-join__actions">
                      <Link className="cms-btn" to={loginPathWithRedirect(selfPath)}>
                        会员登录
                      </Link>
                      <Link className="cms-btn cms-btn--primary" to="/payment?type=buyVip">
                        开通会员
                      </Link>
                    </span>
                  )}
                </div>
              )}
              {a.tags.length > 0 && (
                <div className="cms-tags">
                  {a.tags.map((t) => (
                    <PlainTag key={t}>{t}</PlainTag>
                  ))}
                </div>
              )}
              <nav className="cms-neighbours" aria-label="上一篇和下一篇">
                <span>上一篇：{a.prev ? <Link to={articlePath({ id: a.prev.id, kind })}>{a.prev.title}</Link> : '没有了'}</span>
                <span>下一篇：{a.next ? <Link to={articlePath({ id: a.next.id, kind })}>{a.next.title}</Link> : '没有了'}</span>
              </nav>
            </>
          )}
        </article>
        <aside className="cms-side" aria-label="相关内容">
          <h2>相关{kind === 'case' ? '案例' : '资讯'}</h2>
          {!a ? (
            <PlainSkeleton rows={4} title={false} />
          ) : a.related.length === 0 ? (
            <p className="cms-muted">暂无相关内容</p>
          ) : (
            <ul>
              {a.related.map((r) => (
                <li key={r.id}>
                  <Link to={articlePath(r)}>{r.title}</Link>
                  <span className="cms-muted">{dateOf(r.publish_at)}</span>
                </li>
              ))}
            </ul>
          )}
        </aside>
      </div>
    </div>
  );
}
