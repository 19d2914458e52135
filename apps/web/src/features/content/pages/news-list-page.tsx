import { useSearchParams } from 'react-router';
import { ARTICLE_KEYWORD_MAX, NEWS_CATEGORIES } from '@app/contracts/content/content.rules';
import { useHostname } from '@/shared/lib/region';
import { PlainTabs } from '@/shared/ui/plain-tabs';
import { SearchBox } from '@/shared/ui/search-box';
import { useArticleList } from '../api/articles-api';
import { ArticleList } from '../components/article-parts';
import { regionCodeOf } from '../lib/format';
import '../components/content.css';

const ALL = '全部';
const TABS = [ALL, ...NEWS_CATEGORIES].map((c) => ({ key: c, label: c }));

/** /newsInformation: news by category (协会动态, 政策法规, 行业资讯, 通知公告), search; a regional site's news first. */
export default function NewsListPage() {
  const [params, setParams] = useSearchParams();
  const category = params.get('category') ?? '';
  const keyword = params.get('keyword') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const region = regionCodeOf(useHostname());
  const active = (NEWS_CATEGORIES as readonly string[]).includes(category) ? category : ALL;
  const list = useArticleList({
    kind: 'news',
    page,
    per: 10,
    category: active === ALL ? undefined : active,
    keyword: keyword || undefined,
    region,
  });

  const update = (next: Record<string, string>) => {
    const merged = new URLSearchParams(params);
    for (const [k, v] of Object.entries(next)) {
      if (v) merged.set(k, v);
      else merged.delete(k);
    }
    setParams(merged);
  };

  return (
    <div className="page-container cms-page">
      <header className="cms-head">
        <h1>新闻资讯</h1>
        <SearchBox
          className="cms-search"
          label="搜索新闻"
          placeholder="搜索标题、摘要或正文"
          maxLength={ARTICLE_KEYWORD_MAX}
          defaultValue={keyword}
          onSearch={(v) => update({ keyword: v.trim(), page: '' })}
        />
      </header>
      <PlainTabs
        items={TABS}
        active={active}
        onChange={(key) => update({ category: key === ALL ? '' : key, page: '' })}
        label="新闻栏目"
        idPrefix="news"
        panelId={(key) => (key === active ? 'news-panel' : undefined)}
      />
      <div id="news-panel" role="tabpanel" aria-labelledby={`news-tab-${active}`}>
        <ArticleList
          data={list.data}
          loading={list.isFetching}
          empty={keyword ? '没有找到相关资讯' : '该栏目暂无资讯'}
          onPage={(p) => update({ page: String(p) })}
        />
      </div>
    </div>
  );
}
