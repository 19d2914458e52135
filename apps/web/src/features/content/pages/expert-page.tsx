import { Link, useParams } from 'react-router';
import { PlainBreadcrumb } from '@/shared/ui/plain-breadcrumb';
import { PlainSkeleton } from '@/shared/ui/plain-skeleton';
import { PlainTag } from '@/shared/ui/plain-tag';
import { RecordMissing } from '@/shared/ui/record-missing';
import { useExpert } from '../api/articles-api';
import { ArticleRow } from '../components/article-parts';
import { dateOf } from '../lib/format';
import { ExpertAvatar } from './expert-list-page';
import '../components/content.css';

/** /expertDatabase/:expertId: an expert's profile, representative works, answered questions and the cases they wrote. */
export default function ExpertPage() {
  const id = Number(useParams().expertId);
  const q = useExpert(Number.isInteger(id) && id > 0 ? id : 0);
  if (q.isError || !Number.isInteger(id) || id < 1) {
    return (
      <div className="page-container cms-page">
        <RecordMissing
          title="专家不存在"
          description="该专家主页不存在或已下线。"
          back={{ to: '/expertDatabase', label: '返回智库专家' }}
        />
      </div>
    );
  }
  const e = q.data;
  return (
    <div className="page-container cms-page">
      <PlainBreadcrumb className="cms-crumbs" items={[{ label: '智库专家', to: '/expertDatabase' }, { label: e?.name ?? '' }]} />
      {!e ? (
        <div className="cms-card" style={{ minHeight: 360 }}>
          <PlainSkeleton avatar rows={6} />
        </div>
      ) : (
        <>
          <section className="cms-card">
            <div className="cms-expert__head">
              <ExpertAvatar e={e} />
              <div>
                <h1 style={{ margin: 0, fontSize: 24 }}>{e.name}</h1>
                <div className="cms-muted">
                  {e.title} · {e.organisation}
                </div>
              </div>
            </div>
            <div style={{ margin: '8px 0' }}>
              {e.fields.map((f) => (
                <Link key={f} to={`/expertDatabase?field=${encodeURIComponent(f)}`}>
                  <PlainTag>{f}</PlainTag>
                </Link>
              ))}
            </div>
            <p style={{ lineHeight: 1.9 }}>{e.introduction}</p>
            {e.works.length > 0 && (
              <>
                <h2 style={{ fontSize: 18 }}>代表作品</h2>
                <ul>
                  {e.works.map((w) => (
                    <li key={w}>{w}</li>
                  ))}
                </ul>
              </>
            )}
            <p>
              <Link className="cms-btn cms-btn--primary" to={`/center/quizQuestion?expert=${e.id}`}>
                向{e.name}提问
              </Link>
            </p>
          </section>
          <section className="cms-section">
            <h2>专家解答</h2>
            {e.answers.length === 0 ? (
              <p className="cms-muted">暂无公开解答</p>
            ) : (
              <ul className="cms-list">
                {e.answers.map((q) => (
                  <li key={q.id} className="cms-answer">
                    <Link to={`/quiz/${q.id}`}>{q.title}</Link>
                    <span className="cms-muted">{dateOf(q.answered_at)}</span>
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section className="cms-section">
            <h2>专家案例</h2>
            {e.cases.length === 0 ? (
              <p className="cms-muted">暂无案例</p>
            ) : (
              <ul className="cms-list">
                {e.cases.map((c) => (
                  <ArticleRow key={c.id} a={c} />
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </div>
  );
}
