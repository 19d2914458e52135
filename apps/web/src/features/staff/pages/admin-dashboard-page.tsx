import { Alert, Card, Col, Row, Skeleton, Statistic, Typography } from 'antd';
import { useMemo } from 'react';
import { hasPermission, type Dashboard } from '@app/contracts';
import { formatLearnDuration } from '@/shared/lib/learn-duration';
import { useSessionStore } from '@/shared/lib/session/session-store';
import { LazyEChart } from '@/shared/ui/echarts/lazy-echart';
import { useDashboard } from '../api/use-dashboard';
import './staff.css';

const loadLineCharts = () => import('@/shared/ui/echarts/line-charts');

/** Hours with two decimals, so a quiet day's few minutes do not round to a flat 0.1. */
const hours = (seconds: number) => Math.round(seconds / 36) / 100;
const yuan = (fen: number) => (fen / 100).toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const shortDay = (day: string) => day.slice(5).replace('-', '/');

function Figure({ title, today, month, suffix, format }: {
  title: string;
  today: number;
  month: number;
  suffix?: string;
  format?: (n: number) => string;
}) {
  return (
    <Card size="small" className="dashboard__figure">
      <Statistic title={`今日${title}`} value={format ? format(today) : today} suffix={suffix} />
      <Typography.Text type="secondary">
        本月{title}：{format ? format(month) : month}
        {suffix ?? ''}
      </Typography.Text>
    </Card>
  );
}

function Trends({ data }: { data: Dashboard }) {
  const days = data.series.map((d) => shortDay(d.day));
  const people = useMemo(
    () => ({
      color: ['#1f5fbf', '#f08c2e'],
      tooltip: { trigger: 'axis' },
      legend: { data: ['注册', '活跃学员'], top: 0, left: 'center' },
      grid: { left: 40, right: 16, top: 40, bottom: 28 },
      xAxis: { type: 'category', data: days },
      yAxis: { type: 'value', minInterval: 1 },
      series: [
        { name: '注册', type: 'line', smooth: true, data: data.series.map((d) => d.registrations) },
        { name: '活跃学员', type: 'line', smooth: true, data: data.series.map((d) => d.active_learners) },
      ],
    }),
    [data, days],
  );
  const learning = useMemo(
    () => ({
      color: ['#2f9e6e'],
      tooltip: { trigger: 'axis' },
      grid: { left: 48, right: 16, top: 24, bottom: 28 },
      xAxis: { type: 'category', data: days },
      yAxis: { type: 'value', name: '小时' },
      series: [{ name: '学习时长（小时）', type: 'bar', data: data.series.map((d) => hours(d.learning_seconds)) }],
    }),
    [data, days],
  );
  const sales = useMemo(
    () =>
      data.sales && {
        color: ['#7a5af5', '#d9480f'],
        tooltip: { trigger: 'axis' },
        legend: { data: ['支付订单', '收入（元）'], top: 0, left: 'center' },
        grid: { left: 40, right: 56, top: 44, bottom: 28 },
        xAxis: { type: 'category', data: days },
        yAxis: [
          { type: 'value', minInterval: 1, name: '单' },
          { type: 'value', name: '元' },
        ],
        series: [
          { name: '支付订单', type: 'bar', data: data.series.map((d) => d.paid_orders ?? 0) },
          { name: '收入（元）', type: 'line', yAxisIndex: 1, smooth: true, data: data.series.map((d) => (d.revenue ?? 0) / 100) },
        ],
      },
    [data, days],
  );
  const sum = (pick: (d: Dashboard['series'][number]) => number | null) =>
    data.series.reduce((n, d) => n + (pick(d) ?? 0), 0);
  return (
    <Row gutter={[16, 16]}>
      <Col span={12}>
        <Card size="small" title="近30天注册与活跃学员">
          <LazyEChart
            load={loadLineCharts}
            option={people}
            height={260}
            label="近30天注册与活跃学员趋势图"
            summary={`近30天共注册${sum((d) => d.registrations)}人，今日活跃学员${data.active_learners.today}人`}
          />
        </Card>
      </Col>
      <Col span={12}>
        <Card size="small" title="近30天学习时长">
          <LazyEChart
            load={loadLineCharts}
            option={learning}
            height={260}
            label="近30天学习时长趋势图"
            summary={`近30天共学习${formatLearnDuration(sum((d) => d.learning_seconds))}`}
          />
        </Card>
      </Col>
      {sales ? (
        <Col span={24}>
          <Card size="small" title="近30天支付订单与收入">
            <LazyEChart
              load={loadLineCharts}
              option={sales}
              height={260}
              label="近30天支付订单与收入趋势图"
              summary={`近30天支付订单${sum((d) => d.paid_orders)}单，收入${yuan(sum((d) => d.revenue))}元`}
            />
          </Card>
        </Col>
      ) : null}
    </Row>
  );
}

/**
 * /admin home (permission 数据概览, every staff role): today's and this month's figures in China time, the open Q&A
 * and the staff queues, and 30-day trends. Sales (orders, revenue, membership conversions) come only for roles with
 * 订单; the server leaves them out for the others.
 */
export default function AdminDashboardPage() {
  const { data, isError, refetch } = useDashboard();
  const roles = useSessionStore((st) => st.user?.staff_roles ?? []);
  if (isError)
    return (
      <Card title="数据概览">
        <Alert type="error" showIcon message="数据概览加载失败" action={<a onClick={() => void refetch()}>重试</a>} />
      </Card>
    );
  if (!data)
    return (
      <Card title="数据概览">
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  // Only the queues this account can work on (a 课程管理 has none of them).
  const queues = (
    [
      ['星级评定申请', data.pending.stars, 'stars'],
      ['企业认证', data.pending.companies, 'companies'],
      ['职位审核', data.pending.job_posts, 'job_posts'],
      ['待开发票', data.pending.invoices, 'invoices'],
      ['待阅卷', data.pending.grading, 'grading'],
    ] as const
  ).filter(([, , permission]) => hasPermission(roles, permission));
  return (
    <Card title="数据概览" extra={<Typography.Text type="secondary">统计日期：{data.today}（北京时间）</Typography.Text>} className="dashboard">
      <Row gutter={[16, 16]}>
        <Col span={6}>
          <Figure title="注册" today={data.registrations.today} month={data.registrations.month} suffix="人" />
        </Col>
        <Col span={6}>
          <Figure title="活跃学员" today={data.active_learners.today} month={data.active_learners.month} suffix="人" />
        </Col>
        <Col span={6}>
          <Figure title="学习时长" today={data.learning_seconds.today} month={data.learning_seconds.month} format={formatLearnDuration} />
        </Col>
        <Col span={6}>
          <Card size="small" className="dashboard__figure">
            <Statistic title="待回答问答" value={data.qa.open} suffix="个" />
            <Typography.Text type={data.qa.overdue > 0 ? 'danger' : 'secondary'}>其中已超时：{data.qa.overdue}个</Typography.Text>
          </Card>
        </Col>
        {data.sales ? (
          <>
            <Col span={8}>
              <Figure title="支付订单" today={data.sales.paid_orders.today} month={data.sales.paid_orders.month} suffix="单" />
            </Col>
            <Col span={8}>
              <Figure title="收入" today={data.sales.revenue.today} month={data.sales.revenue.month} suffix="元" format={yuan} />
            </Col>
            <Col span={8}>
              <Figure
                title="新开会员"
                today={data.sales.member_conversions.today}
                month={data.sales.member_conversions.month}
                suffix="人"
              />
            </Col>
          </>
        ) : null}
        {queues.length > 0 ? (
          <Col span={24}>
            <Card size="small" title="待处理事项">
              <Row gutter={16}>
                {queues.map(([title, n]) => (
                  <Col key={title} flex="1">
                    <Statistic title={title} value={n} />
                  </Col>
                ))}
              </Row>
            </Card>
          </Col>
        ) : null}
        <Col span={24}>
          <Trends data={data} />
        </Col>
      </Row>
    </Card>
  );
}
