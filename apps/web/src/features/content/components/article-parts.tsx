import { Link } from 'react-router';
import type { ArticleCard } from '@app/contracts/content/articles.schemas';
import type { Paged } from '@app/contracts/common/pagination';
import { PlainPagination } from '@/shared/ui/plain-pagination';
import { PlainSkeleton } from '@/shared/ui/plain-skeleton';
import { PlainTag } from '@/shared/ui/plain-tag';
import { articlePath, dateOf } from '../lib/format';
import { StoredImg } from '@/shared/ui/stored-img';

/** One list row: title, summary, category, region and date; the same height while loading (skeleton). No antd. */
export function ArticleRow({ a }: { a: ArticleCard }) {
  return (
    <li className={a.cover ? 'cms-row cms-row--cover' : 'cms-row'}>
      {a.cover && (
        <StoredImg className="cms-row__cover" src={a.cover} sizes="160px" width={160} height={100} loading="lazy" />
      )}
      <div className="cms-row__main">
        <h3 className="cms-row__title">
          <Link to={articlePath(a)}>{a.title}</Link>
        </h3>
        <p className="cms-row__summary">{a.summary}</p>
        <div className="cms-row__meta">
          <PlainTag color="blue">{a.category}</PlainTag>
          {a.industry && <PlainTag>{a.industry}</PlainTag>}
          {a.region_name && <PlainTag color="green">{a.region_name}</PlainTag>}
          {a.access === 'member' && <PlainTag color="gold">会员</PlainTag>}
          <span>{a.source}</span>
          <time dateTime={a.publish_at ?? undefined}>{dateOf(a.publish_at)}</time>
        </div>
      </div>
    </li>
  );
}

export function ArticleList(props: {
  data: Paged<ArticleCard> | undefined;
  loading: boolean;
  empty: string;
  onPage: (page: number) => void;
}) {
  const { data, loading, empty, onPage } = props;
  if (!data) {
    return (
      <ul className="cms-list" aria-busy="true">
        {Array.from({ length: 6 }, (_, i) => (
          <li key={i} className="cms-row">
            <PlainSkeleton rows={2} />
          </li>
        ))}
      </ul>
    );
  }
  if (data.list.length === 0) return <p className="cms-empty">{empty}</p>;
  return (
    <>
      <ul className="cms-list" aria-busy={loading}>
        {data.list.map((a) => (
          <ArticleRow key={a.id} a={a} />
        ))}
      </ul>
      {data.total > data.per && (
        <PlainPagination
          className="cms-pagination"
          current={data.page}
          pages={Math.ceil(data.total / data.per)}
          onChange={onPage}
        />
      )}
    </>
  );
}

/** Server-sanitised article HTML (sanitize-html allowlist; outside links already go through /linkPage). */
export function ArticleHtml({ html }: { html: string }) {
  return <div className="cms-body" dangerouslySetInnerHTML={{ __html: html }} />;
}
