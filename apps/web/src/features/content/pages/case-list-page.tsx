import { useSearchParams } from 'react-router';
import { ARTICLE_KEYWORD_MAX, CASE_CATEGORIES, CASE_INDUSTRIES } from '@app/contracts/content/content.rules';
import { useHostname } from '@/shared/lib/region';
import { PlainSelect } from '@/shared/ui/plain-select';
import { SearchBox } from '@/shared/ui/search-box';
import { useArticleList } from '../api/articles-api';
import { ArticleList } from '../components/article-parts';
import { regionCodeOf } from '../lib/format';
import '../components/content.css';

const oneOf = (value: string | null, known: readonly string[]) =>
  value && known.includes(value) ? value : '';

/** /caseDatabase: enterprise cases by industry and topic, with search. */
export default function CaseListPage() {
  const [params, setParams] = useSearchParams();
  // A filter the lists do not know (a hand-edited address) filters nothing, as its select shows.
  const industry = oneOf(params.get('industry'), CASE_INDUSTRIES);
  const category = oneOf(params.get('category'), CASE_CATEGORIES);
  const keyword = params.get('keyword') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const region = regionCodeOf(useHostname());
  const list = useArticleList({
    kind: 'case',
    page,
    per: 10,
    industry: industry || undefined,
    category: category || undefined,
    keyword: keyword || undefined,
    region,
  });
  const update = (next: Record<string, string>) => {
    const merged = new URLSearchParams(params);
    for (const [k, v] of Object.entries(next)) {
      if (v) merged.set(k, v);
      else merged.delete(k);
    }
    merged.delete('page');
    if (next.page) merged.set('page', next.page);
    setParams(merged);
  };

  return (
    <div className="page-container cms-page">
      <header className="cms-head">
        <h1>案例库</h1>
        <SearchBox
          className="cms-search"
          label="搜索案例"
          placeholder="搜索案例标题或内容"
          maxLength={ARTICLE_KEYWORD_MAX}
          defaultValue={keyword}
          onSearch={(v) => update({ keyword: v.trim() })}
        />
      </header>
      <div className="cms-filters">
        <PlainSelect
          label="行业"
          className="cms-filter"
          value={industry}
          allLabel="全部行业"
          onChange={(v) => update({ industry: v })}
          options={CASE_INDUSTRIES}
        />
        <PlainSelect
          label="专题"
          className="cms-filter"
          value={category}
          allLabel="全部专题"
          onChange={(v) => update({ category: v })}
          options={CASE_CATEGORIES}
        />
      </div>
      <ArticleList
        data={list.data}
        loading={list.isFetching}
        empty="没有符合条件的案例"
        onPage={(p) => update({ page: String(p) })}
      />
    </div>
  );
}
