import { Alert, Button, Empty, Segmented, Skeleton } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import type { MagazineCard } from '@app/contracts';
import { useMagazineList } from '../api/use-magazine';
import './magazine.css';

function IssueCard({ issue }: { issue: MagazineCard }) {
  const cover = (
    <div className="magazine-card__cover">
      <img src={issue.cover_url} alt={`${issue.title}封面`} width={300} height={400} loading="lazy" />
      {issue.readable === 'sample' && <span className="magazine-card__badge">可试读</span>}
      {issue.readable === 'none' && <span className="magazine-card__lock">会员专享</span>}
    </div>
  );
  return (
    <li className="magazine-card" data-testid="magazine-card">
      {issue.readable === 'none' ? cover : <Link to={`/center/magazine-read/${issue.id}`} aria-label={`阅读《${issue.title}》`}>{cover}</Link>}
      <div className="magazine-card__title">{issue.title}</div>
      <div className="magazine-card__meta">
        {issue.year}年{issue.month}月 · 第{issue.issue_no}期 · {issue.page_count}页
      </div>
    </li>
  );
}

/** /center/magazine: the monthly issues by year; members open all, others sample the latest issue. */
export default function MagazinePage() {
  const [year, setYear] = useState<number | undefined>();
  const { data, isPending, isError, refetch } = useMagazineList(year);

  if (isError) {
    return <Empty description="杂志列表加载失败"><Button onClick={() => refetch()}>重试</Button></Empty>;
  }
  return (
    <section className="magazine-page">
      <div className="magazine-page__head">
        <h2>电子杂志</h2>
        {data && data.years.length > 1 && (
          <Segmented
            aria-label="年份"
            value={data.year ?? undefined}
            options={data.years.map((y) => ({ label: `${y}年`, value: y }))}
            onChange={(v) => setYear(Number(v))}
          />
        )}
      </div>
      {data && !data.is_member && (
        <Alert
          className="magazine-join"
          type="info"
          showIcon
          title="开通会员，每月新刊全文阅读"
          description={`非会员可试读最新一期的前 ${data.sample_pages} 页。`}
          action={
            <Link to="/payment?type=buyVip">
              <Button type="primary">开通会员</Button>
            </Link>
          }
        />
      )}
      {isPending ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : data.issues.length === 0 ? (
        <Empty description="暂无期刊" />
      ) : (
        <ul className="magazine-grid">
          {data.issues.map((i) => (
            <IssueCard key={i.id} issue={i} />
          ))}
        </ul>
      )}
    </section>
  );
}
