import { Breadcrumb, Collapse, Result, Skeleton } from 'antd';
import { Link, useParams } from 'react-router';
import { useServiceGuide } from '../api/articles-api';
import '../components/content.css';

/** /studentServe/lobbyPage/:id: a service's guide — steps, required materials and FAQ, with the way in. */
export default function LobbyPage() {
  const id = Number(useParams().id);
  const q = useServiceGuide(Number.isInteger(id) && id > 0 ? id : 0);
  if (q.isError || !Number.isInteger(id) || id < 1) {
    return (
      <div className="page-container cms-page">
        <Result status="404" title="服务指南不存在" extra={<Link to="/studentServe">返回学员服务</Link>} />
      </div>
    );
  }
  const g = q.data;
  return (
    <div className="page-container cms-page">
      <Breadcrumb className="cms-crumbs" items={[{ title: <Link to="/studentServe">学员服务</Link> }, { title: g?.title ?? '' }]} />
      {!g ? (
        <Skeleton active paragraph={{ rows: 10 }} />
      ) : (
        <article className="cms-article">
          <h1 className="cms-article__title">{g.title}</h1>
          <p className="cms-article__summary">{g.summary}</p>
          <section className="cms-section">
            <h2>办理步骤</h2>
            <ol className="cms-steps">
              {g.steps.map((s) => (
                <li key={s}>{s}</li>
              ))}
            </ol>
          </section>
          <section className="cms-section">
            <h2>所需材料</h2>
            <ul className="cms-steps">
              {g.materials.map((s) => (
                <li key={s}>{s}</li>
              ))}
            </ul>
          </section>
          <section className="cms-section">
            <h2>常见问题</h2>
            <Collapse items={g.faq.map((f, i) => ({ key: String(i), label: f.q, children: <p>{f.a}</p> }))} />
          </section>
          <p className="cms-section">
            <Link className="cms-btn cms-btn--primary" to={g.link}>
              去办理
            </Link>
          </p>
        </article>
      )}
    </div>
  );
}
