import { Link, useSearchParams } from 'react-router';
import { searchTools } from '@app/contracts/tools/tools.catalog';
import { TOOL_GROUPS } from '@app/contracts/tools/tools.types';
import { EmptyState } from '@/shared/ui/empty-state';
import { PlainTag } from '@/shared/ui/plain-tag';
import { SearchBox } from '@/shared/ui/search-box';
import '../tools.css';

/** A tool search is a few words (the names are short). */
const TOOL_KEYWORD_MAX = 30;

/** /financeTool: the smart tools by group, with search (?q= keeps the search in the URL); drawn without antd. */
export default function FinanceToolPage() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const found = searchTools(q);
  const search = (text: string) => setParams(text.trim() ? { q: text.trim() } : {}, { replace: true });

  return (
    <div className="page-container tools">
      <section className="tools__hero">
        <h1>智能财税工具</h1>
        <p>个税、社保、增值税、企业所得税、贷款、投资与折旧计算，规则按年度更新并注明政策依据；企业财务风险检测一键生成报告。</p>
        <SearchBox
          size="large"
          className="tools__search"
          label="搜索工具"
          placeholder="搜索工具，如 年终奖、增值税、IRR"
          maxLength={TOOL_KEYWORD_MAX}
          defaultValue={q}
          onSearch={search}
          onTextChange={search}
        />
        <Link to="/toolpage" className="tools__toolbox-link">打开财务工具箱（全部计算器）</Link>
      </section>
      {found.length === 0 ? (
        <EmptyState description="没有找到相关工具" />
      ) : (
        TOOL_GROUPS.filter((g) => found.some((t) => t.group === g)).map((g) => (
          <section key={g} className="tools__group" aria-label={g}>
            <h2>{g}</h2>
            <div className="tools__grid">
              {found
                .filter((t) => t.group === g)
                .map((t) => (
                  <Link key={t.id} to={`/financeTool/toolInfo/${t.id}`} className="tools__card">
                    <h3>{t.name}</h3>
                    <p>{t.summary}</p>
                    <div>
                      {t.keywords.slice(0, 3).map((k) => (
                        <PlainTag key={k}>{k}</PlainTag>
                      ))}
                    </div>
                  </Link>
                ))}
            </div>
          </section>
        ))
      )}
    </div>
  );
}
