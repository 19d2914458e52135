import { Link } from 'react-router';
import { useHostname } from '@/shared/lib/region';
import { useArticleList } from '../api/articles-api';
import { dateOf, newsPath, regionCodeOf } from '../lib/format';
import './home-news.css';

const COUNT = 6;

/**
 * Home's latest news (no antd: home renders without it). On a regional sub-domain that region's news comes first.
 * The list keeps its height while loading, so nothing below it moves.
 */
export function HomeNews() {
  const region = regionCodeOf(useHostname());
  const { data, isError } = useArticleList({ kind: 'news', page: 1, per: COUNT, region });
  return (
    <section className="home-panel home-news" aria-labelledby="home-news-title">
      <header className="home-panel__head">
        <h2 id="home-news-title">新闻资讯</h2>
        <Link to="/newsInformation" className="home-panel__more">
          更多资讯
        </Link>
      </header>
      {isError ? (
        <p className="home-empty">资讯暂时无法加载</p>
      ) : (
        <ul className="home-news__list" aria-busy={!data}>
          {data
            ? data.list.map((a) => (
                <li key={a.id} className="home-news__item">
                  <span className="home-news__tag">{a.region_name ?? a.category}</span>
                  <Link to={newsPath(a.id)} className="home-news__title">
                    {a.title}
                  </Link>
                  <time className="home-news__date" dateTime={a.publish_at ?? undefined}>
                    {dateOf(a.publish_at)}
                  </time>
                </li>
              ))
            : Array.from({ length: COUNT }, (_, i) => <li key={i} className="home-news__item home-news__item--loading" />)}
        </ul>
      )}
    </section>
  );
}
