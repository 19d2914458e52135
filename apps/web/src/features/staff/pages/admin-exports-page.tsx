import { Alert, Button, Card, DatePicker, Select, Space, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { hasPermission, periodExportQuerySchema, type Permission } from '@app/contracts';
import { useSessionStore } from '@/shared/lib/session/session-store';
import { saveBlob, staffApi, type PeriodExportKind } from '../api/staff-api';
import './staff.css';

const thisYear = new Date().getFullYear();
const YEARS = Array.from({ length: 6 }, (_, i) => thisYear - i);

const PERIOD_EXPORTS: {
  kind: PeriodExportKind;
  permission: Permission;
  title: string;
  file: string;
  description: string;
}[] = [
  {
    kind: 'orders',
    permission: 'orders',
    title: '已支付订单',
    file: '已支付订单',
    description: '按支付时间（北京时间）导出区间内的已支付订单：订单号、商品、实付金额、支付渠道与交易号、购买人及发票状态，用于财务对账。',
  },
  {
    kind: 'invoices',
    permission: 'invoices',
    title: '发票申请',
    file: '发票申请',
    description: '按申请时间导出区间内的发票申请：订单号、抬头、税号、金额、接收邮箱、开具状态与时间。',
  },
  {
    kind: 'exam_results',
    permission: 'exams',
    title: '考试成绩',
    file: '考试成绩',
    description: '按交卷时间导出区间内的每次作答：考试与场次、考生姓名、身份证号、单位、得分、是否通过及证书编号。',
  },
];

/** The previous calendar month: what finance usually reconciles. */
const lastMonth = (): [Dayjs, Dayjs] => {
  const start = dayjs().subtract(1, 'month').startOf('month');
  return [start, start.endOf('month')];
};

function LearningHoursExport() {
  const [year, setYear] = useState(thisYear - 1);
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      saveBlob(await staffApi.learningHours(year), `${year}年学习时长.xlsx`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="staff-export">
      <Typography.Title level={5}>年度学习时长</Typography.Title>
      <Typography.Paragraph type="secondary">
        每位学员一行：手机号、姓名、身份证号、单位、全年学习时长与完成课程数（按北京时间自然日统计），用于继续教育学时申报。
      </Typography.Paragraph>
      <Space>
        <Select
          aria-label="年份"
          value={year}
          style={{ width: 120 }}
          onChange={setYear}
          options={YEARS.map((y) => ({ value: y, label: `${y}年` }))}
        />
        <Button type="primary" loading={busy} onClick={() => void download()}>
          导出Excel
        </Button>
      </Space>
    </section>
  );
}

function PeriodExport({ item }: { item: (typeof PERIOD_EXPORTS)[number] }) {
  const [range, setRange] = useState<[Dayjs, Dayjs] | null>(lastMonth);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const download = async () => {
    const query = { from: range?.[0].format('YYYY-MM-DD'), to: range?.[1].format('YYYY-MM-DD') };
    const parsed = periodExportQuerySchema.safeParse(query);
    if (!parsed.success) {
      setError(parsed.error.issues[0]!.message);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      saveBlob(await staffApi.periodExport(item.kind, parsed.data), `${item.file}_${parsed.data.from}至${parsed.data.to}.xlsx`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="staff-export">
      <Typography.Title level={5}>{item.title}</Typography.Title>
      <Typography.Paragraph type="secondary">{item.description}</Typography.Paragraph>
      <Space wrap>
        <DatePicker.RangePicker
          aria-label={`${item.title}起止日期`}
          value={range}
          allowClear
          onChange={(v) => {
            setRange(v && v[0] && v[1] ? [v[0], v[1]] : null);
            setError(null);
          }}
          disabledDate={(d) => d.isAfter(dayjs(), 'day')}
        />
        <Button type="primary" loading={busy} onClick={() => void download()}>
          导出Excel
        </Button>
      </Space>
      {error ? <Alert className="staff-export__error" type="error" showIcon message={error} /> : null}
    </section>
  );
}

/**
 * /admin/exports: Excel exports for finance bureaus and the association's accounts (permission 数据导出). Each sheet
 * is shown to the roles holding its own permission (订单, 发票, 题库与考试), which the server checks again.
 */
export default function AdminExportsPage() {
  const roles = useSessionStore((s) => s.user?.staff_roles ?? []);
  return (
    <Card title="数据导出" className="staff-exports">
      <LearningHoursExport />
      {PERIOD_EXPORTS.filter((e) => hasPermission(roles, e.permission)).map((e) => (
        <PeriodExport key={e.kind} item={e} />
      ))}
    </Card>
  );
}
