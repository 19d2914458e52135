import { Card, Empty, Input, Tag } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { searchTools } from '@app/contracts/tools/tools.catalog';
import { TOOL_GROUPS } from '@app/contracts/tools/tools.types';
import '../tools.css';

/** /financeTool: the smart tools by group, with search (?q= keeps the search in the URL). */
export default function FinanceToolPage() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const found = searchTools(q);

  return (
    <div className="page-container tools">
      <section className="tools__hero">
        <h1>智能财税工具</h1>
        <p>个税、社保、增值税、企业所得税、贷款、投资与折旧计算，规则按年度更新并注明政策依据；企业财务风险检测一键生成报告。</p>
        <Input.Search
          allowClear
          size="large"
          className="tools__search"
          placeholder="搜索工具，如 年终奖、增值税、IRR"
          aria-label="搜索工具"
          defaultValue={q}
          onSearch={(v) => setParams(v.trim() ? { q: v.trim() } : {}, { replace: true })}
          onChange={(e) => setParams(e.target.value.trim() ? { q: e.target.value.trim() } : {}, { replace: true })}
        />
        <Link to="/toolpage" className="tools__toolbox-link">打开财务工具箱（全部计算器）</Link>
      </section>
      {found.length === 0 ? (
        <Empty description="没有找到相关工具" />
      ) : (
        TOOL_GROUPS.filter((g) => found.some((t) => t.group === g)).map((g) => (
          <section key={g} className="tools__group" aria-label={g}>
            <h2>{g}</h2>
            <div className="tools__grid">
              {found
                .filter((t) => t.group === g)
                .map((t) => (
                  <Link key={t.id} to={`/financeTool/toolInfo/${t.id}`} className="tools__card-link">
                    <Card hoverable className="tools__card" title={t.name}>
                      <p>{t.summary}</p>
                      <div>
                        {t.keywords.slice(0, 3).map((k) => (
                          <Tag key={k}>{k}</Tag>
                        ))}
                      </div>
                    </Card>
                  </Link>
                ))}
            </div>
          </section>
        ))
      )}
    </div>
  );
}
