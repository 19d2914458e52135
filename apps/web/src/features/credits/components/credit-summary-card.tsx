import { Card, Progress, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { creditText } from '@app/contracts/credits/credits.rules';
import { creditsApi, creditsKeys } from '../api/credits-api';
import './credits.css';

/** The centre home's line about this year's continuing-education credits, a way into 学分档案. Nothing while loading. */
export function CreditSummaryCard() {
  const q = useQuery({ queryKey: creditsKeys.year(undefined), queryFn: () => creditsApi.myYear() });
  const y = q.data;
  if (!y?.rule) return null;
  const percent = y.required.total > 0 ? Math.min(100, Math.floor((y.earned.total / y.required.total) * 100)) : 100;
  return (
    <Card className="student-dash__card credit-summary" aria-label="本年度继续教育学分">
      <div className="credit-summary__head">
        <strong>{y.year}年度继续教育学分</strong>
        <Tag color={y.met ? 'success' : 'warning'}>{y.met ? '达标' : '未达标'}</Tag>
      </div>
      <Progress percent={percent} showInfo={false} status={y.met ? 'success' : 'active'} aria-label={`完成${percent}%`} />
      <p className="credit-summary__text">
        已获 {creditText(y.earned.total)} / {creditText(y.required.total)} 学分（专业科目 {creditText(y.earned.professional)} /{' '}
        {creditText(y.required.professional)}）
        {!y.met && `，折算申报截止 ${y.rule.filing_deadline}`}
      </p>
      <Link to="/center/credit-archive">查看学分档案与学时证明</Link>
    </Card>
  );
}
