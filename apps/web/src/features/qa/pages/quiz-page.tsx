import { Button, Card, Empty, Input, Pagination, Segmented, Skeleton, Tag } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { QA_CATEGORIES } from '@app/contracts/qa/qa.rules';
import type { QuizCard } from '@app/contracts/qa/qa.schemas';
import { useQuizList, useQuizTags } from '../api/use-qa';
import { ASK_PATH, day, questionPath } from '../lib/format';
import '../components/qa.css';

const PER = 10;

function QuestionCard({ q }: { q: QuizCard }) {
  return (
    <article className="qa-card">
      <Link to={questionPath(q.id)} className="qa-card__title">
        {q.title}
      </Link>
      <p className="qa-card__excerpt">{q.excerpt}</p>
      <div className="qa-card__meta">
        <Tag color="blue">{q.category}</Tag>
        {q.tags.map((t) => (
          <Tag key={t}>{t}</Tag>
        ))}
        <span>提问：{q.asker}</span>
        {q.expert_name && <span>解答专家：{q.expert_name}</span>}
        <span>{day(q.answered_at)}</span>
        <span>{q.useful_count} 人觉得有用</span>
      </div>
    </article>
  );
}

/** /quiz: answered public questions by category and tag, searchable, newest or most useful first. */
export default function QuizPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const category = params.get('category') ?? undefined;
  const tag = params.get('tag') ?? undefined;
  const keyword = params.get('keyword') ?? undefined;
  const sort = params.get('sort') === 'useful' ? 'useful' : 'newest';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const list = useQuizList({ page, per: PER, category, tag, keyword, sort });
  const tags = useQuizTags();

  const update = (patch: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    if (!('page' in patch)) next.delete('page');
    setParams(next);
  };

  return (
    <div className="page-container qa-page">
      <div className="qa-layout">
        <Card variant="borderless" title="在线问答">
          <Input.Search
            placeholder="搜索财税问题，如：年终奖、留抵退税、研发费用加计扣除"
            allowClear
            enterButton="搜索"
            defaultValue={keyword}
            key={keyword ?? ''}
            onSearch={(v) => update({ keyword: v.trim() || null })}
            style={{ marginBottom: 16 }}
            aria-label="搜索问题"
          />
          <nav className="qa-filter" aria-label="问题分类">
            <span className="qa-filter__label">分类</span>
            <button
              type="button"
              className={`qa-chip${!category ? ' is-active' : ''}`}
              aria-pressed={!category}
              onClick={() => update({ category: null })}
            >
              全部
            </button>
            {QA_CATEGORIES.map((c) => (
              <button
                key={c}
                type="button"
                className={`qa-chip${category === c ? ' is-active' : ''}`}
                aria-pressed={category === c}
                onClick={() => update({ category: c })}
              >
                {c}
              </button>
            ))}
          </nav>
          {tags.data && tags.data.length > 0 && (
            <nav className="qa-filter" aria-label="问题标签">
              <span className="qa-filter__label">标签</span>
              {tag && (
                <button type="button" className="qa-chip" onClick={() => update({ tag: null })}>
                  全部标签
                </button>
              )}
              {tags.data.slice(0, 16).map((t) => (
                <button
                  key={t.name}
                  type="button"
                  className={`qa-chip${tag === t.name ? ' is-active' : ''}`}
                  aria-pressed={tag === t.name}
                  onClick={() => update({ tag: t.name })}
                >
                  {t.name}
                </button>
              ))}
            </nav>
          )}
          <div className="qa-filter" style={{ justifyContent: 'space-between' }}>
            <Segmented
              aria-label="排序"
              value={sort}
              options={[
                { value: 'newest', label: '最新解答' },
                { value: 'useful', label: '最有用' },
              ]}
              onChange={(v) => update({ sort: v === 'useful' ? 'useful' : null })}
            />
            {list.data && <span className="qa-muted">共 {list.data.total} 个问题</span>}
          </div>
          {list.isPending ? (
            <Skeleton active />
          ) : list.data && list.data.list.length > 0 ? (
            <>
              {list.data.list.map((q) => (
                <QuestionCard key={q.id} q={q} />
              ))}
              <Pagination
                style={{ marginTop: 16, textAlign: 'right' }}
                current={page}
                pageSize={PER}
                total={list.data.total}
                showSizeChanger={false}
                onChange={(p) => update({ page: String(p) })}
                hideOnSinglePage
              />
            </>
          ) : (
            <Empty description={keyword ? `没有找到与“${keyword}”相关的问题` : '暂无问题'} />
          )}
        </Card>
        <Card variant="borderless" title="向专家提问">
          <p className="qa-muted">
            协会智库专家在线解答个税、增值税、企业所得税、社保公积金、会计处理与财务管理问题。会员提问不限次数，专家在2个工作日内解答。
          </p>
          <Button type="primary" block onClick={() => navigate(ASK_PATH)}>
            我要提问
          </Button>
          <Button block style={{ marginTop: 8 }} onClick={() => navigate('/center/quiz')}>
            我的提问
          </Button>
          <p className="qa-muted" style={{ marginTop: 16 }}>
            需要一对一深入沟通？可预约智库专家进行电话、视频或面谈咨询。
          </p>
          <Button block onClick={() => navigate('/center/finance-consult')}>
            预约财税咨询
          </Button>
        </Card>
      </div>
    </div>
  );
}
