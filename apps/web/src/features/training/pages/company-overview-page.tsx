import { App, Button, Card, Input, Select, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EMPLOYEE_FILTER_LABELS, EMPLOYEE_FILTERS, type EmployeeFilter } from '@app/contracts/training/training.rules';
import type { EmployeeRow, TrainingOverview } from '@app/contracts/training/training.schemas';
import { isApiError } from '@/shared/lib/api-client';
import { chinaDate } from '@/shared/lib/china-time';
import { companyApi, useEmployees, useTrainingOverview } from '../api/company';
import { EmployeeDrawer } from '../components/company-employee-drawer';
import { AssignedCell, CreditStandingCell, SeatCell, VerifyNotice } from '../components/company-standing';
import { cardColumns } from '@/shared/lib/card-columns';
import { employeeFilterQuery, employeesFileName, summaryFileName, type EmployeeFilters } from '../lib/company-export';
import '../components/company.css';

const PER = 10;
const ALL = 'all';

function filterOf(raw: string | null): EmployeeFilter | undefined {
  return (EMPLOYEE_FILTERS as readonly string[]).includes(raw ?? '') ? (raw as EmployeeFilter) : undefined;
}

interface FigureProps {
  label: string;
  value: ReactNode;
  hint?: ReactNode;
  warn?: boolean;
  to: string;
}

function Figure({ label, value, hint, warn, to }: FigureProps) {
  return (
    <li>
      <Link className="tr-figure" to={to}>
        <span className="tr-figure__label">{label}</span>
        <span className="tr-figure__value">{value}</span>
        {hint && <span className={warn ? 'tr-figure__hint tr-figure__hint--warn' : 'tr-figure__hint'}>{hint}</span>}
      </Link>
    </li>
  );
}

/** The dashboard's four figures, each leading to the screen (or the filtered list) where it is worked on. */
export function OverviewFigures({ o }: { o: TrainingOverview }) {
  return (
    <ul className="tr-figures" aria-label="培训概况">
      <Figure
        label="员工"
        value={<>{o.employees}<small> 人</small></>}
        hint={o.invitations_pending > 0 ? `${o.invitations_pending}份邀请待接受` : '邀请员工加入本单位'}
        to="/center/training/employees"
      />
      <Figure
        label="学员卡已分配"
        value={<>{o.seats.assigned}<small> / {o.seats.bought}</small></>}
        hint={`可分配 ${o.seats.available} 张${o.seats.expired > 0 ? `，已过期 ${o.seats.expired} 张` : ''}`}
        to="/center/training/seats"
      />
      <Figure
        label="指派课程已完成"
        value={<>{o.assignments.done}<small> / {o.assignments.total}</small></>}
        hint={o.assignments.overdue > 0 ? `逾期 ${o.assignments.overdue} 项` : '暂无逾期'}
        warn={o.assignments.overdue > 0}
        to={o.assignments.overdue > 0 ? '/center/training?filter=overdue' : '/center/training/assignments'}
      />
      <Figure
        label={`${o.year}年学分达标`}
        value={<>{o.credits.met}<small> / {o.credits.met + o.credits.unmet} 人</small></>}
        hint={o.credits.unmet > 0 ? `${o.credits.unmet}人未达标` : '全部达标'}
        warn={o.credits.unmet > 0}
        to="/center/training?filter=credits_unmet"
      />
    </ul>
  );
}

/**
 * /center/training (培训概览): the company's figures, then its employees with their seat, assigned courses and this
 * year's credits; search by name or phone, a filter, the Excel export of what the list shows and the year's PDF.
 * On a phone each employee is a card.
 */
export default function CompanyOverviewPage() {
  const { message } = App.useApp();
  const [params, setParams] = useSearchParams();
  const keyword = params.get('keyword') ?? '';
  const filter = filterOf(params.get('filter'));
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [typed, setTyped] = useState(keyword);
  const [openId, setOpenId] = useState<number | null>(null);
  const [busy, setBusy] = useState<'xlsx' | 'pdf' | null>(null);
  const overview = useTrainingOverview();
  const filters: EmployeeFilters = employeeFilterQuery({ keyword, filter });
  const employees = useEmployees({ ...filters, page, per: PER });
  const o = overview.data;

  function update(next: { keyword?: string; filter?: EmployeeFilter | null; page?: number }) {
    const p = new URLSearchParams(params);
    const k = (next.keyword ?? keyword).trim();
    const f = next.filter === null ? undefined : (next.filter ?? filter);
    if (k) p.set('keyword', k);
    else p.delete('keyword');
    if (f) p.set('filter', f);
    else p.delete('filter');
    if ((next.page ?? 1) === 1) p.delete('page');
    else p.set('page', String(next.page));
    setParams(p, { replace: true });
  }

  async function download(kind: 'xlsx' | 'pdf') {
    setBusy(kind);
    try {
      const company = o?.company_name ?? '';
      if (kind === 'xlsx') await companyApi.downloadEmployees(filters, employeesFileName(company, chinaDate(new Date())));
      else {
        const year = o?.year ?? Number(chinaDate(new Date()).slice(0, 4));
        await companyApi.downloadSummary(year, summaryFileName(company, year));
      }
    } catch (err) {
      void message.error(isApiError(err) && err.message ? err.message : '下载失败，请稍后重试');
    } finally {
      setBusy(null);
    }
  }

  const columns: ColumnsType<EmployeeRow> = cardColumns<EmployeeRow>([
    {
      title: '姓名',
      dataIndex: 'name',
      render: (name: string) => <strong>{name || '未填写姓名'}</strong>,
    },
    { title: '手机号', dataIndex: 'phone', width: 130 },
    { title: '学员卡', key: 'seat', width: 170, render: (_, e) => <SeatCell seat={e.seat} /> },
    { title: '指派课程', key: 'assigned', width: 130, render: (_, e) => <AssignedCell assigned={e.assigned} /> },
    { title: '本年学分', key: 'credits', width: 190, render: (_, e) => <CreditStandingCell credits={e.credits} /> },
    {
      title: '操作',
      key: 'actions',
      width: 80,
      render: (_, e) => (
        <Button type="link" size="small" onClick={() => setOpenId(e.id)} aria-label={`查看${e.name}的详情`}>
          详情
        </Button>
      ),
    },
  ]);

  const emptyText = employees.isError
    ? '员工列表加载失败，请稍后重试'
    : keyword || filter
      ? '没有符合条件的员工'
      : '还没有员工，请先邀请员工加入本单位';

  return (
    <Card className="tr-page" variant="borderless" title="培训概览" extra={<Link to="/center/training/employees">邀请员工</Link>}>
      <VerifyNotice />
      {o ? (
        <OverviewFigures o={o} />
      ) : overview.isError ? (
        <p role="alert" className="tr-muted">
          {isApiError(overview.error) && overview.error.message ? overview.error.message : '培训概况暂时无法加载，请稍后刷新页面'}
        </p>
      ) : null}

      <h3 className="tr-section">员工学习情况</h3>
      <div className="tr-toolbar">
        <Input.Search
          className="tr-toolbar__search"
          aria-label="按姓名或手机号搜索"
          placeholder="姓名或手机号"
          enterButton="搜索"
          maxLength={30}
          value={typed}
          onChange={(ev) => setTyped(ev.target.value)}
          onSearch={(v) => update({ keyword: v })}
        />
        <Select<string>
          className="tr-toolbar__filter"
          aria-label="筛选员工"
          value={filter ?? ALL}
          onChange={(v) => update({ filter: v === ALL ? null : (v as EmployeeFilter) })}
          options={[{ value: ALL, label: '全部员工' }, ...EMPLOYEE_FILTERS.map((f) => ({ value: f, label: EMPLOYEE_FILTER_LABELS[f] }))]}
        />
        <div className="tr-toolbar__end">
          <Button loading={busy === 'xlsx'} onClick={() => void download('xlsx')}>
            导出Excel
          </Button>
          <Button loading={busy === 'pdf'} onClick={() => void download('pdf')}>
            年度汇总PDF
          </Button>
        </div>
      </div>
      <Table<EmployeeRow>
        className="tr-card-table"
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={employees.data?.list ?? []}
        loading={employees.isFetching}
        locale={{ emptyText }}
        pagination={
          employees.data && employees.data.total > PER
            ? {
                current: page,
                pageSize: PER,
                total: employees.data.total,
                showSizeChanger: false,
                showTotal: (total) => `共 ${total} 人`,
                onChange: (p) => update({ page: p }),
              }
            : false
        }
      />
      <EmployeeDrawer id={openId} onClose={() => setOpenId(null)} />
    </Card>
  );
}
