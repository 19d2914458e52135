import { App, Button, Card, Select, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { CREDIT_CATEGORY_LABELS, CREDIT_REGIONS, creditText } from '@app/contracts/credits/credits.rules';
import {
  CREDIT_REPORT_ALL_REGIONS,
  CREDIT_REPORT_NO_REGION,
  CREDIT_REPORT_STATUS_LABELS,
  type CreditReport,
  type CreditReportQuery,
  type CreditReportRow,
} from '@app/contracts/credits/credits-report.schemas';
import { isApiError } from '@/shared/lib/api-client';
import { chinaDate } from '@/shared/lib/china-time';
import { saveBlob } from '@/shared/lib/save-blob';
import { ScrollCue, TABLE_SCROLLER, usePhoneTable } from '@/shared/ui/scroll-cue';
import { creditReportApi, creditReportKeys } from '../api/credits-report-api';
import '../components/credits-report.css';

type Region = NonNullable<CreditReportQuery['region']>;
type Status = NonNullable<CreditReportQuery['status']>;
type RegionCount = CreditReport['regions'][number];

const PER = 20;
const ALL = '__all__';
const thisYear = Number(chinaDate(new Date()).slice(0, 4));
const YEARS = Array.from({ length: 6 }, (_, i) => thisYear - i);

const share = (met: number, unmet: number) => (met + unmet === 0 ? '—' : `${Math.round((met / (met + unmet)) * 1000) / 10}%`);

function ruleText(r: CreditReport['rules'][number]): string {
  const minimums = [
    r.required.professional > 0 ? `${CREDIT_CATEGORY_LABELS.professional}不少于${creditText(r.required.professional)}` : null,
    r.required.public > 0 ? `${CREDIT_CATEGORY_LABELS.public}不少于${creditText(r.required.public)}` : null,
  ].filter(Boolean);
  const who = r.region ?? `${CREDIT_REPORT_ALL_REGIONS}（未单独设置规则的地区与未设置地区的学员）`;
  return `${who}：${creditText(r.required.total)}学分${minimums.length ? `，其中${minimums.join('、')}` : ''}（${r.year}年度规则第${r.version}版）`;
}

const MEMBER_COLUMNS: ColumnsType<CreditReportRow> = [
  { title: '姓名', dataIndex: 'name', width: 110, render: (v: string) => v || '—' },
  { title: '身份证号', dataIndex: 'id_number', width: 180, render: (v: string | null) => v ?? '—' },
  { title: '手机号', dataIndex: 'phone', width: 120 },
  { title: '地区', dataIndex: 'region', width: 130, render: (v: string | null) => v ?? CREDIT_REPORT_NO_REGION },
  { title: CREDIT_CATEGORY_LABELS.professional, dataIndex: 'professional', width: 90, align: 'right', render: (v: number) => creditText(v) },
  { title: CREDIT_CATEGORY_LABELS.public, dataIndex: 'public', width: 90, align: 'right', render: (v: number) => creditText(v) },
  { title: '总学分', dataIndex: 'total', width: 80, align: 'right', render: (v: number) => creditText(v) },
  {
    title: '结果',
    dataIndex: 'met',
    width: 80,
    render: (met: boolean) => <Tag color={met ? 'success' : 'warning'}>{CREDIT_REPORT_STATUS_LABELS[met ? 'met' : 'unmet']}</Tag>,
  },
];

/**
 * /admin/credits/report (学分年度报表): a year's 达标 and 未达标 members by region, each member read against the rule of
 * their region, a page of members with masked ID numbers and phones, and the Excel file the provincial
 * continuing-education offices take. A region's name in the table filters the list to it.
 */
export default function AdminCreditReportPage() {
  const { message } = App.useApp();
  const [year, setYear] = useState(thisYear);
  const [region, setRegion] = useState<Region | undefined>(undefined);
  const [status, setStatus] = useState<Status | undefined>(undefined);
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState(false);
  const query: CreditReportQuery = { year, page, per: PER, ...(region ? { region } : {}), ...(status ? { status } : {}) };
  const q = useQuery({ queryKey: creditReportKeys.report(query), queryFn: () => creditReportApi.report(query), placeholderData: keepPreviousData });
  const members = usePhoneTable(MEMBER_COLUMNS, { x: 880 });

  const regionColumns: ColumnsType<RegionCount> = [
    {
      title: '地区',
      dataIndex: 'region',
      render: (name: string) => (
        <button type="button" className="credit-report__region" onClick={() => pick(setRegion, name as Region)}>
          {name}
        </button>
      ),
    },
    { title: '达标', dataIndex: 'met', width: 72, align: 'right' },
    { title: '未达标', dataIndex: 'unmet', width: 72, align: 'right' },
    { title: '达标率', key: 'share', width: 72, align: 'right', render: (_, r) => share(r.met, r.unmet) },
  ];
  // Four short columns fit a phone; they scroll only with a long region name on a narrow screen.
  const regions = usePhoneTable(regionColumns);

  function pick<T>(set: (v: T) => void, value: T) {
    set(value);
    setPage(1);
  }

  const download = async () => {
    setExporting(true);
    try {
      const blob = await creditReportApi.workbook({ year, ...(region ? { region } : {}), ...(status ? { status } : {}) });
      saveBlob(blob, `${year}年度继续教育学分_${region ?? CREDIT_REPORT_ALL_REGIONS}.xlsx`);
    } catch (err) {
      message.error(isApiError(err) ? err.message : '导出失败，请稍后重试');
    } finally {
      setExporting(false);
    }
  };

  const r = q.data;
  return (
    <Card title="学分年度报表" extra={<Link to="/admin/credits/rules">学分规则</Link>}>
      <div className="credit-report__filters">
        <Select
          aria-label="年度"
          value={year}
          onChange={(v) => pick(setYear, v)}
          options={YEARS.map((y) => ({ value: y, label: `${y}年度` }))}
        />
        <Select<string>
          aria-label="地区"
          value={region ?? ALL}
          showSearch
          onChange={(v) => pick(setRegion, v === ALL ? undefined : (v as Region))}
          options={[
            { value: ALL, label: CREDIT_REPORT_ALL_REGIONS },
            ...CREDIT_REGIONS.map((name) => ({ value: name, label: name })),
            { value: CREDIT_REPORT_NO_REGION, label: CREDIT_REPORT_NO_REGION },
          ]}
        />
        <Select<string>
          aria-label="达标情况"
          value={status ?? ALL}
          onChange={(v) => pick(setStatus, v === ALL ? undefined : (v as Status))}
          options={[
            { value: ALL, label: '全部学员' },
            { value: 'met', label: CREDIT_REPORT_STATUS_LABELS.met },
            { value: 'unmet', label: CREDIT_REPORT_STATUS_LABELS.unmet },
          ]}
        />
        <Button type="primary" loading={exporting} onClick={() => void download()}>
          导出Excel
        </Button>
      </div>

      {q.isError && !r ? (
        <p role="alert">{isApiError(q.error) ? q.error.message : '报表暂时无法加载，请稍后重试'}</p>
      ) : (
        <>
          <div className="credit-report__totals" aria-label={`${year}年度全国合计`} role="group">
            <div className="credit-report__total">
              <div className="credit-report__total-label">达标</div>
              <div className="credit-report__total-value">{r ? r.totals.met : '—'}</div>
            </div>
            <div className="credit-report__total">
              <div className="credit-report__total-label">未达标</div>
              <div className="credit-report__total-value">{r ? r.totals.unmet : '—'}</div>
            </div>
            <div className="credit-report__total">
              <div className="credit-report__total-label">达标率</div>
              <div className="credit-report__total-value">{r ? share(r.totals.met, r.totals.unmet) : '—'}</div>
            </div>
          </div>
          {r && (
            <ul className="credit-report__rules" aria-label="适用规则">
              {r.rules.map((rule) => (
                <li key={rule.region ?? ''}>{ruleText(rule)}</li>
              ))}
            </ul>
          )}

          <h3 className="credit-report__section">各地区达标情况</h3>
          <ScrollCue label="各地区达标情况" scroller={TABLE_SCROLLER}>
            <Table<RegionCount>
              rowKey="region"
              size="small"
              loading={q.isPending}
              dataSource={r?.regions ?? []}
              columns={regions.columns}
              scroll={regions.scroll}
              pagination={false}
            />
          </ScrollCue>

          <h3 className="credit-report__section">
            学员（{region ?? CREDIT_REPORT_ALL_REGIONS}
            {status ? `，${CREDIT_REPORT_STATUS_LABELS[status]}` : ''}）
          </h3>
          <ScrollCue label="学员列表" scroller={TABLE_SCROLLER}>
            <Table<CreditReportRow>
              rowKey="user_id"
              size="middle"
              loading={q.isFetching}
              dataSource={r?.members.list ?? []}
              columns={members.columns}
              scroll={members.scroll}
              pagination={{
                current: page,
                pageSize: PER,
                total: r?.members.total ?? 0,
                showSizeChanger: false,
                showTotal: (total) => `共 ${total} 人`,
                onChange: setPage,
              }}
            />
          </ScrollCue>
        </>
      )}
    </Card>
  );
}
