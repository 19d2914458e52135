import { Link } from 'react-router';
import { useBanners } from '../api/articles-api';
import './home-news.css';

/**
 * Home banners edited by staff (no antd: home renders without it): up to three cards under the hero, each a link.
 * Arrives with the server-rendered page; nothing is drawn when there is none.
 */
export function HomeBanners() {
  const { data, isError } = useBanners();
  // While loading (a client-side visit to home) the row keeps its height; none at all draws nothing.
  if (!data) return isError ? null : <div className="home-banners home-banners--loading" aria-hidden="true" />;
  const banners = data.slice(0, 3);
  if (banners.length === 0) return null;
  return (
    <section className="home-banners" aria-label="推荐专题">
      {/* Links are same-site paths; an outside address comes already routed through /linkPage. */}
      {banners.map((b) => (
        <Link key={b.id} to={b.link} className="home-banner" style={b.image ? { backgroundImage: `url(${b.image})` } : undefined}>
          <strong className="home-banner__title">{b.title}</strong>
          {b.subtitle && <span className="home-banner__subtitle">{b.subtitle}</span>}
        </Link>
      ))}
    </section>
  );
}
