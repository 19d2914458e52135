import { Link, useSearchParams } from 'react-router';
import type { ExpertProfileCard } from '@app/contracts/content/articles.schemas';
import { EXPERT_KEYWORD_MAX } from '@app/contracts/content/content.rules';
import { PlainSegmented } from '@/shared/ui/plain-segmented';
import { PlainSkeleton } from '@/shared/ui/plain-skeleton';
import { PlainTag } from '@/shared/ui/plain-tag';
import { SearchBox } from '@/shared/ui/search-box';
import { useExperts } from '../api/articles-api';
import { expertPath } from '../lib/format';
import '../components/content.css';

const ALL = '全部领域';

export function ExpertAvatar({ e }: { e: Pick<ExpertProfileCard, 'name' | 'photo'> }) {
  return e.photo ? (
    <img className="cms-expert__photo" src={e.photo} alt={e.name} width={64} height={64} />
  ) : (
    <span className="cms-expert__photo" aria-hidden="true">
      {e.name.slice(0, 1)}
    </span>
  );
}

/** /expertDatabase: think-tank experts, filtered by field and searchable. */
export default function ExpertListPage() {
  const [params, setParams] = useSearchParams();
  const field = params.get('field') ?? '';
  const keyword = params.get('keyword') ?? '';
  const q = useExperts({ field: field || undefined, keyword: keyword || undefined });
  const set = (k: string, v: string) => {
    const next = new URLSearchParams(params);
    if (v) next.set(k, v);
    else next.delete(k);
    setParams(next);
  };
  return (
    <div className="page-container cms-page">
      <header className="cms-head">
        <h1>智库专家</h1>
        <SearchBox
          className="cms-search"
          label="搜索专家"
          placeholder="搜索姓名、单位或领域"
          maxLength={EXPERT_KEYWORD_MAX}
          defaultValue={keyword}
          onSearch={(v) => set('keyword', v.trim())}
        />
      </header>
      <div className="cms-filters">
        <PlainSegmented
          label="专家领域"
          value={field || ALL}
          onChange={(v) => set('field', v === ALL ? '' : v)}
          options={[ALL, ...(q.data?.fields ?? [])].map((f) => ({ value: f, label: f }))}
        />
      </div>
      {!q.data ? (
        <div className="cms-grid">
          {Array.from({ length: 6 }, (_, i) => (
            <div key={i} className="cms-card" style={{ minHeight: 220 }}>
              <PlainSkeleton avatar rows={3} />
            </div>
          ))}
        </div>
      ) : q.data.list.length === 0 ? (
        <p className="cms-empty">没有符合条件的专家</p>
      ) : (
        <div className="cms-grid">
          {q.data.list.map((e) => (
            <Link key={e.id} to={expertPath(e.id)} className="cms-card cms-tile" style={{ minHeight: 220 }}>
              <div className="cms-expert__head">
                <ExpertAvatar e={e} />
                <div>
                  <h2 style={{ margin: 0, fontSize: 18 }}>{e.name}</h2>
                  <div className="cms-muted">{e.title}</div>
                </div>
              </div>
              <div className="cms-muted">{e.organisation}</div>
              <div style={{ margin: '8px 0' }}>
                {e.fields.map((f) => (
                  <PlainTag key={f}>{f}</PlainTag>
                ))}
              </div>
              <p className="cms-row__summary">{e.introduction}</p>
            </Link>
          ))}
        </div>
      )}
    </div>
  );
}
