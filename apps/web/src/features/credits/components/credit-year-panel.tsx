import { App, Card, Empty, Progress, Select, Skeleton, Tag } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  CREDIT_CATEGORY_LABELS,
  CREDIT_REGIONS,
  CREDIT_SOURCE_LABELS,
  creditText,
} from '@app/contracts/credits/credits.rules';
import type { MyCreditYear } from '@app/contracts/credits/credits.schemas';
import { chinaDate } from '@/shared/lib/china-time';
import { creditsApi, creditsKeys } from '../api/credits-api';
import { CertificateBlock } from './certificate-block';
import { ConversionSection } from './conversion-section';
import { CreditDigestSwitch } from './credit-digest-switch';
import './credits.css';

const NATIONAL = '__national__';

function Figure({ label, earned, required }: { label: string; earned: number; required: number }) {
  const percent = required > 0 ? Math.min(100, Math.floor((earned / required) * 100)) : 100;
  return (
    <div className="credit-figure">
      <div className="credit-figure__head">
        <span>{label}</span>
        <span className="credit-figure__value">
          {creditText(earned)}
          {required > 0 && <span className="credit-figure__required"> / {creditText(required)} 学分</span>}
        </span>
      </div>
      {required > 0 && (
        <Progress percent={percent} showInfo={false} status={earned >= required ? 'success' : 'active'} aria-label={`${label}完成${percent}%`} />
      )}
    </div>
  );
}

/** What is missing, in one sentence. */
function missingText(y: MyCreditYear): string {
  const parts: string[] = [];
  if (y.missing.total > 0) parts.push(`总学分还差 ${creditText(y.missing.total)}`);
  if (y.missing.professional > 0) parts.push(`专业科目还差 ${creditText(y.missing.professional)}`);
  if (y.missing.public > 0) parts.push(`公需科目还差 ${creditText(y.missing.public)}`);
  return parts.join('，');
}

/**
 * 继续教育学分 of a year (the current one unless chosen): earned against the rule of the member's region, what is
 * missing and the courses that would close it, the filing deadline, every credit with where it came from, and the
 * earlier years' results. Personal accounts only (the centre route is personal).
 */
export function CreditYearPanel() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [year, setYear] = useState<number | undefined>(undefined);
  const q = useQuery({ queryKey: creditsKeys.year(year), queryFn: () => creditsApi.myYear(year) });
  const [saving, setSaving] = useState(false);

  if (q.isPending) return <Card className="credit-panel"><Skeleton active paragraph={{ rows: 5 }} /></Card>;
  if (q.isError || !q.data) return <Card className="credit-panel"><Empty description="学分信息暂时无法加载，请稍后刷新页面" /></Card>;
  const y = q.data;
  const thisYear = year === undefined;

  const changeRegion = async (value: string) => {
    setSaving(true);
    try {
      const res = await creditsApi.setRegion(value === NATIONAL ? null : value);
      message.success(res.message);
      await queryClient.invalidateQueries({ queryKey: creditsKeys.all });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card
      className="credit-panel"
      title={`${y.year}年度继续教育学分`}
      extra={
        y.rule ? (
          <Tag color={y.met ? 'success' : 'warning'} className="credit-panel__status">
            {y.met ? '达标' : '未达标'}
          </Tag>
        ) : null
      }
    >
      <div className="credit-panel__region">
        <label htmlFor="credit-region">继续教育所在地区</label>
        <Select
          id="credit-region"
          className="credit-panel__region-select"
          value={y.region ?? NATIONAL}
          loading={saving}
          showSearch
          onChange={(v) => void changeRegion(v)}
          options={[{ value: NATIONAL, label: '全国（未选择地区）' }, ...CREDIT_REGIONS.map((r) => ({ value: r, label: r }))]}
        />
      </div>
      {!y.rule ? (
        <Empty description="该年度的学分规则尚未发布" />
      ) : (
        <>
          <p className="credit-panel__rule">
            适用规则：{y.rule.region ?? '全国'} · {y.rule.source}
            {y.rule.year !== y.year && `（沿用${y.rule.year}年度规则）`}
          </p>
          <div className="credit-panel__figures">
            <Figure label="总学分" earned={y.earned.total} required={y.required.total} />
            <Figure label={CREDIT_CATEGORY_LABELS.professional} earned={y.earned.professional} required={y.required.professional} />
            <Figure label={CREDIT_CATEGORY_LABELS.public} earned={y.earned.public} required={y.required.public} />
          </div>
          <p className={y.met ? 'credit-panel__verdict credit-panel__verdict--met' : 'credit-panel__verdict'} role="status">
            {y.met ? '本年度学分已达标。' : `本年度尚未达标：${missingText(y)}。`}
            学分折算申报截止日期：{y.rule.filing_deadline}。
          </p>
          {y.suggestions.length > 0 && (
            <section aria-label="推荐课程" className="credit-panel__section">
              <h3>完成这些课程可补足学分</h3>
              <ul className="credit-suggestions">
                {y.suggestions.map((s) => (
                  <li key={s.id}>
                    <Link to={`/train/detail/${s.id}`}>{s.title}</Link>
                    <span className="credit-muted">
                      {CREDIT_CATEGORY_LABELS[s.category]} · {creditText(s.credits)} 学分
                    </span>
                  </li>
                ))}
              </ul>
            </section>
          )}
          <section aria-label="学分明细" className="credit-panel__section">
            <h3>学分明细</h3>
            {y.grants.length === 0 ? (
              <p className="credit-muted">本年度还没有获得学分。完成带有学分的课程后，学分会自动计入。</p>
            ) : (
              <ul className="credit-grants">
                {y.grants.map((g) => (
                  <li key={g.id}>
                    <span className="credit-grants__title">{g.title}</span>
                    <span className="credit-muted">
                      {CREDIT_SOURCE_LABELS[g.source]} · {CREDIT_CATEGORY_LABELS[g.category]} · {chinaDate(g.granted_at)}
                    </span>
                    <span className="credit-grants__credits">+{creditText(g.credits)}</span>
                  </li>
                ))}
              </ul>
            )}
          </section>
          {y.met && <CertificateBlock year={y.year} />}
          {thisYear && <ConversionSection rule={y.rule} year={y.year} />}
          {thisYear && (
            <section aria-label="每周学习周报" className="credit-panel__section">
              <h3>每周学习周报</h3>
              <CreditDigestSwitch />
            </section>
          )}
        </>
      )}
      {(y.history.length > 0 || !thisYear) && (
        <section aria-label="往年结果" className="credit-panel__section">
          <h3>往年结果</h3>
          <ul className="credit-history">
            {!thisYear && (
              <li>
                <button type="button" className="credit-link" onClick={() => setYear(undefined)}>
                  返回本年度
                </button>
              </li>
            )}
            {y.history.map((h) => (
              <li key={h.year}>
                <button type="button" className="credit-link" onClick={() => setYear(h.year)}>
                  {h.year}年度
                </button>
                <span>{creditText(h.total)} 学分</span>
                {h.met === null ? <Tag>无规则</Tag> : <Tag color={h.met ? 'success' : 'default'}>{h.met ? '达标' : '未达标'}</Tag>}
              </li>
            ))}
          </ul>
        </section>
      )}
    </Card>
  );
}
