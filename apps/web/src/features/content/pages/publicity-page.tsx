import { Result, Skeleton } from 'antd';
import { Link, useParams } from 'react-router';
import { useTopic } from '../api/articles-api';
import { ArticleRow } from '../components/article-parts';
import '../components/content.css';

/** /publicityPage/:type: a topic page — banner, introduction and the articles tagged with its topic. */
export default function PublicityPage() {
  const type = useParams().type ?? '';
  const q = useTopic(type);
  if (q.isError) {
    return (
      <div className="page-container cms-page">
        <Result status="404" title="专题不存在" extra={<Link to="/newsInformation">返回新闻资讯</Link>} />
      </div>
    );
  }
  const t = q.data;
  return (
    <div className="page-container cms-page">
      <section
        className="cms-banner"
        style={t?.banner ? { backgroundImage: `url(${t.banner})`, backgroundSize: 'cover' } : undefined}
      >
        {t ? (
          <>
            <h1>{t.title}</h1>
            <p>{t.intro}</p>
          </>
        ) : (
          <Skeleton active paragraph={{ rows: 2 }} />
        )}
      </section>
      <section>
        <h2>专题文章</h2>
        {!t ? (
          <Skeleton active paragraph={{ rows: 6 }} />
        ) : t.articles.length === 0 ? (
          <p className="cms-muted">暂无专题文章</p>
        ) : (
          <ul className="cms-list">
            {t.articles.map((a) => (
              <ArticleRow key={a.id} a={a} />
            ))}
          </ul>
        )}
      </section>
      <section className="cms-section">
        <h2>相关课程</h2>
        <p>
          <Link to={`/courseSearch?courseName=${encodeURIComponent(t?.tag ?? '')}`}>查看与“{t?.tag ?? ''}”相关的培训课程</Link>
        </p>
      </section>
    </div>
  );
}
