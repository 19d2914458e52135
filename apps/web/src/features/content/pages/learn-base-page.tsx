import { Skeleton, Tabs } from 'antd';
import { Link, useSearchParams } from 'react-router';
import type { LearningBase } from '@app/contracts/content/articles.schemas';
import { useHostname } from '@/shared/lib/region';
import { useArticleList, useLearningBases } from '../api/articles-api';
import { ArticleList } from '../components/article-parts';
import { regionCodeOf } from '../lib/format';
import '../components/content.css';

function BasePanel({ base }: { base: LearningBase }) {
  const news = useArticleList({ kind: 'news', page: 1, per: 5, only_region: base.code });
  const cases = useArticleList({ kind: 'case', page: 1, per: 5, only_region: base.code });
  return (
    <div>
      <section className="cms-card">
        <h2>{base.name}</h2>
        <p style={{ lineHeight: 1.9 }}>{base.introduction}</p>
        <dl className="cms-base-contact">
          <dt>地址</dt>
          <dd>{base.address}</dd>
          <dt>电话</dt>
          <dd>
            <a href={`tel:${base.phone}`}>{base.phone}</a>
          </dd>
          <dt>联系人</dt>
          <dd>{base.contact}</dd>
        </dl>
      </section>
      <section className="cms-section">
        <h2>基地动态</h2>
        <ArticleList data={news.data} loading={news.isFetching} empty="暂无基地动态" onPage={() => undefined} />
      </section>
      <section className="cms-section">
        <h2>本地案例</h2>
        <ArticleList data={cases.data} loading={cases.isFetching} empty="暂无本地案例" onPage={() => undefined} />
      </section>
    </div>
  );
}

/** /learnBase: the six regional learning bases; a regional site opens its own base first. Organisations apply to run one. */
export default function LearnBasePage() {
  const [params, setParams] = useSearchParams();
  const own = regionCodeOf(useHostname());
  const bases = useLearningBases();
  const active = params.get('base') ?? own ?? bases.data?.[0]?.code ?? '';
  return (
    <div className="page-container cms-page">
      <header className="cms-head">
        <h1>学习基地</h1>
        <Link className="cms-btn cms-btn--primary" to={active ? `/learnBase/apply?base=${active}` : '/learnBase/apply'}>
          申请成为学习基地负责人
        </Link>
      </header>
      {!bases.data ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        <Tabs
          activeKey={active}
          onChange={(code) => setParams({ base: code })}
          items={bases.data.map((b) => ({ key: b.code, label: b.name, children: <BasePanel base={b} /> }))}
        />
      )}
    </div>
  );
}
