import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { CREDIT_SCALE, creditText } from '@app/contracts/credits/credits.rules';
import { chinaDate } from '@/shared/lib/china-time';
import { PlainSkeleton } from '@/shared/ui/plain-skeleton';
import { RecordMissing } from '@/shared/ui/record-missing';
import { creditsApi, creditsKeys } from '../api/credits-api';
import '../components/credits.css';

/** /creditCertificate/:number: anyone checks a 继续教育学时证明 (the holder's name masked) and whether it still holds. */
export default function CertificateCheckPage() {
  const number = useParams().number ?? '';
  const q = useQuery({ queryKey: creditsKeys.check(number), queryFn: () => creditsApi.checkCertificate(number), retry: false });
  if (q.isPending)
    return (
      <div className="page-container credit-check">
        <PlainSkeleton rows={6} />
      </div>
    );
  if (q.isError || !q.data)
    return (
      <div className="page-container credit-check">
        <RecordMissing title="未查到该学时证明" description={`编号 ${number} 不存在，请核对证明上的编号。`} back={{ to: '/', label: '返回首页' }} />
      </div>
    );
  const c = q.data;
  return (
    <div className="page-container credit-check">
      <article className="credit-check__card" aria-label="学时证明查验结果">
        <h1>继续教育学时证明查验</h1>
        <p className={c.state === 'valid' ? 'credit-check__state credit-check__state--valid' : 'credit-check__state'} role="status">
          {c.state === 'valid' ? '该证明有效' : `该证明已于 ${chinaDate(c.revoked_at!)} 撤销，不再有效`}
        </p>
        <dl className="credit-check__facts">
          <dt>证明编号</dt>
          <dd>{c.number}</dd>
          <dt>持有人</dt>
          <dd>{c.holder_name}</dd>
          <dt>年度</dt>
          <dd>{c.year}年</dd>
          <dt>总学分</dt>
          <dd>
            {creditText(c.total)}（专业科目 {creditText(c.professional)}，公需科目 {creditText(c.public)}）
          </dd>
          <dt>出具单位</dt>
          <dd>{c.issuer}</dd>
          <dt>出具日期</dt>
          <dd>{chinaDate(c.issued_at)}</dd>
        </dl>
        <h2>学分明细</h2>
        <ul className="credit-grants">
          {c.items.map((i, n) => (
            <li key={n}>
              <span className="credit-grants__title">{i.title}</span>
              <span className="credit-muted">{i.category}</span>
              <span className="credit-grants__credits">{creditText(i.credits)}</span>
            </li>
          ))}
        </ul>
        <p className="credit-muted">学分以{CREDIT_SCALE === 10 ? '0.1' : '1'}为最小单位；本页信息与证明出具时一致。</p>
      </article>
    </div>
  );
}
