import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Form, Input, Result, Space, Upload } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { RISK_LINES, type RiskReport, type SheetError } from '@app/contracts';
import { readRiskInput } from '@app/contracts/tools/risk';
import { fenToYuan } from '@app/contracts/tools/money';
import { isApiError } from '@/shared/lib/api-error';
import { loginPathWithRedirect } from '@/shared/lib/navigation';
import { useSessionStore } from '@/shared/lib/session/session-store';
import { RISK_TEMPLATE_URL, toolsApi, toolsKeys } from '../api/tools-api';
import { useRiskQuota } from '../api/use-tools';

type Column = 'prior' | 'current';
interface FormState {
  company_name: string;
  industry_tax_rate: string;
  prior: Record<string, string>;
  current: Record<string, string>;
}
const EMPTY: FormState = { company_name: '', industry_tax_rate: '', prior: {}, current: {} };
/** The statements typed so far survive the trip to the login page and back (this tab only). */
const DRAFT_KEY = 'risk-check-draft';

function loadDraft(): FormState {
  try {
    const raw = sessionStorage.getItem(DRAFT_KEY);
    const d = raw ? (JSON.parse(raw) as Partial<FormState>) : null;
    if (!d || typeof d !== 'object') return EMPTY;
    return {
      company_name: typeof d.company_name === 'string' ? d.company_name : '',
      industry_tax_rate: typeof d.industry_tax_rate === 'string' ? d.industry_tax_rate : '',
      prior: d.prior && typeof d.prior === 'object' ? d.prior : {},
      current: d.current && typeof d.current === 'object' ? d.current : {},
    };
  } catch {
    return EMPTY;
  }
}

function saveDraft(f: FormState | null): void {
  try {
    if (f) sessionStorage.setItem(DRAFT_KEY, JSON.stringify(f));
    else sessionStorage.removeItem(DRAFT_KEY);
  } catch {
    // Storage full or disabled: the draft is only a convenience.
  }
}
const RISK_REPORTS_PATH = '/center/riskReports';

function QuotaLine() {
  const token = useSessionStore((s) => s.token);
  const location = useLocation();
  const quota = useRiskQuota(Boolean(token));
  if (!token)
    return (
      <Alert
        type="info"
        showIcon
        title="填写或上传报表后，登录即可生成报告：会员每个会员年度免费2份，非会员按次付费。"
        action={<Link to={loginPathWithRedirect(location.pathname)}>去登录</Link>}
      />
    );
  if (!quota.data) return null;
  const q = quota.data;
  return (
    <Alert
      type={q.free_left > 0 ? 'success' : 'info'}
      showIcon
      title={
        q.is_member
          ? `会员每个会员年度免费${q.free_per_year}份，本年度已用${q.free_used}份，剩余${q.free_left}份${q.free_left === 0 ? `；超出部分每份${fenToYuan(q.price)}元` : ''}`
          : `非会员每份报告${fenToYuan(q.price)}元，开通会员每年可免费生成${q.free_per_year}份`
      }
      action={<Link to={RISK_REPORTS_PATH}>我的检测报告</Link>}
    />
  );
}

/**
 * The risk check form: two years of statements typed in or read from the platform's Excel template, checked in the
 * browser with the server's own rules (messages per line and column), then sent to make the report.
 */
export default function RiskCheckPanel() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const token = useSessionStore((s) => s.token);
  const [form, setFormState] = useState<FormState>(loadDraft);
  const setForm = (next: FormState | ((f: FormState) => FormState)) =>
    setFormState((prev) => {
      const value = typeof next === 'function' ? next(prev) : next;
      saveDraft(value);
      return value;
    });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sheetErrors, setSheetErrors] = useState<SheetError[]>([]);
  const [awaiting, setAwaiting] = useState<RiskReport | null>(null);

  const setCell = (col: Column, key: string, v: string) => setForm((f) => ({ ...f, [col]: { ...f[col], [key]: v } }));

  const upload = useMutation({
    mutationFn: (file: File) => toolsApi.readTemplate(file, file.name),
    onSuccess: (data) => {
      setForm(data);
      setErrors({});
      setSheetErrors([]);
      void message.success('已读取模板数据，请核对后生成报告');
    },
    onError: (err) => {
      const data = isApiError(err) ? (err.data as { sheetErrors?: SheetError[] } | null) : null;
      setSheetErrors(data?.sheetErrors ?? []);
      if (!data?.sheetErrors) void message.error(err instanceof Error ? err.message : '模板读取失败');
    },
  });

  const create = useMutation({
    mutationFn: () => toolsApi.create(form),
    onSuccess: (report) => {
      saveDraft(null);
      void queryClient.invalidateQueries({ queryKey: toolsKeys.all });
      if (report.state === 'ready') void navigate(`${RISK_REPORTS_PATH}/${report.id}`);
      else setAwaiting(report);
    },
    onError: (err) => {
      if (isApiError(err) && Object.keys(err.fieldErrors).length) setErrors(err.fieldErrors);
      else void message.error(err instanceof Error ? err.message : '提交失败，请重试');
    },
  });

  const pay = useMutation({
    mutationFn: (id: number) => toolsApi.order(id),
    onSuccess: (order) => void navigate(`/payment?order_no=${order.order_no}`),
  });

  const submit = () => {
    const read = readRiskInput(form);
    if (!read.ok) {
      const next: Record<string, string> = {};
      for (const e of read.errors) {
        const key = e.column === 'company' ? 'company_name' : e.column === 'industry' ? 'industry_tax_rate' : `${e.column}.${e.line}`;
        next[key] ??= e.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    if (!token) {
      void navigate(loginPathWithRedirect(location.pathname));
      return;
    }
    create.mutate();
  };

  if (awaiting)
    return (
      <Result
        status="info"
        title="本次检测需付费"
        subTitle={`报告“${awaiting.company_name}”已保存，支付${fenToYuan(awaiting.price)}元后即可查看并下载PDF报告。`}
        extra={[
          <Button key="pay" type="primary" loading={pay.isPending} onClick={() => pay.mutate(awaiting.id)}>
            去支付
          </Button>,
          <Link key="list" to={RISK_REPORTS_PATH}>
            <Button>我的检测报告</Button>
          </Link>,
        ]}
      />
    );

  const cell = (col: Column, key: string, label: string) => {
    const err = errors[`${col}.${key}`];
    return (
      <td>
        <Input
          aria-label={`${col === 'prior' ? '上年' : '本年'}${label}`}
          value={form[col][key] ?? ''}
          status={err ? 'error' : undefined}
          inputMode="decimal"
          onChange={(e) => setCell(col, key, e.target.value)}
        />
        {err && <div className="ant-form-item-explain-error">{err}</div>}
      </td>
    );
  };

  return (
    <div className="risk">
      <QuotaLine />
      <section className="risk__section">
        <Space wrap>
          <a href={RISK_TEMPLATE_URL} download>
            <Button icon={<DownloadOutlined />}>下载Excel模板（含示例数据）</Button>
          </a>
          <Upload
            accept=".xlsx"
            showUploadList={false}
            beforeUpload={(file) => {
              upload.mutate(file);
              return false;
            }}
          >
            <Button icon={<UploadOutlined />} loading={upload.isPending}>上传填好的模板</Button>
          </Upload>
        </Space>
        {sheetErrors.length > 0 && (
          <Alert
            className="risk__section"
            type="error"
            showIcon
            title="模板内容有误，请修改后重新上传"
            description={
              <ul data-testid="sheet-errors">
                {sheetErrors.map((e) => (
                  <li key={`${e.row}${e.column}`}>第{e.row}行{e.column}列：{e.message}</li>
                ))}
              </ul>
            }
          />
        )}
      </section>
      <Form layout="vertical" component="div" className="calculator__form risk__section">
        <Form.Item label="企业名称" htmlFor="risk-company" validateStatus={errors.company_name ? 'error' : undefined} help={errors.company_name}>
          <Input id="risk-company" value={form.company_name} onChange={(e) => setForm((f) => ({ ...f, company_name: e.target.value }))} />
        </Form.Item>
        <Form.Item
          label="行业平均综合税负率（%，选填）"
          htmlFor="risk-industry"
          validateStatus={errors.industry_tax_rate ? 'error' : undefined}
          help={errors.industry_tax_rate ?? '填写后检测税负率是否明显低于行业平均'}
        >
          <Input id="risk-industry" value={form.industry_tax_rate} onChange={(e) => setForm((f) => ({ ...f, industry_tax_rate: e.target.value }))} />
        </Form.Item>
      </Form>
      <section className="risk__section risk__grid-box" aria-label="财务报表录入" tabIndex={0}>
        <p className="risk__cue" aria-hidden="true">
          左右滑动填写上年与本年金额
        </p>
        <table className="risk__grid" aria-label="财务报表">
          <thead>
            <tr>
              <th>报表</th>
              <th>项目</th>
              <th>上年金额（元）</th>
              <th>本年金额（元）</th>
            </tr>
          </thead>
          <tbody>
            {RISK_LINES.map((l) => (
              <tr key={l.key}>
                <td>{l.statement}</td>
                <td>{l.label}</td>
                {cell('prior', l.key, l.label)}
                {cell('current', l.key, l.label)}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <div className="risk__section">
        <Button type="primary" size="large" loading={create.isPending} onClick={submit}>
          生成检测报告
        </Button>
      </div>
    </div>
  );
}
