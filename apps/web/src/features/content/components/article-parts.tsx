import { Pagination, Skeleton, Tag } from 'antd';
import { Link } from 'react-router';
import type { ArticleCard } from '@app/contracts/content/articles.schemas';
import type { Paged } from '@app/contracts/common/pagination';
import { articlePath, dateOf } from '../lib/format';

/** One list row: title, summary, category, region and date; the same height while loading (skeleton). */
export function ArticleRow({ a }: { a: ArticleCard }) {
  return (
    <li className={a.cover ? 'cms-row cms-row--cover' : 'cms-row'}>
      {a.cover && <img className="cms-row__cover" src={a.cover} alt="" width={160} height={100} loading="lazy" />}
      <div className="cms-row__main">
        <h3 className="cms-row__title">
          <Link to={articlePath(a)}>{a.title}</Link>
        </h3>
        <p className="cms-row__summary">{a.summary}</p>
        <div className="cms-row__meta">
          <Tag color="blue">{a.category}</Tag>
          {a.industry && <Tag>{a.industry}</Tag>}
          {a.region_name && <Tag color="green">{a.region_name}</Tag>}
          {a.access === 'member' && <Tag color="gold">会员</Tag>}
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
            <Skeleton active title paragraph={{ rows: 2 }} />
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
        <Pagination
          className="cms-pagination"
          current={data.page}
          pageSize={data.per}
          total={data.total}
          showSizeChanger={false}
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
