import { App, Button, Card, Form, Input, InputNumber, Modal, Select, Space, Table, Tag } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  CONVERSION_KINDS,
  CONVERSION_KIND_LABELS,
  CREDIT_MINUTES_MAX,
  CREDIT_MINUTES_MIN,
  CREDIT_REGIONS,
  CREDIT_SCALE,
  DEFAULT_MINUTES_PER_CREDIT,
  creditText,
  professionalRequired,
  type ConversionKind,
} from '@app/contracts/credits/credits.rules';
import type { CreditRule, CreditRuleBody } from '@app/contracts/credits/credits.schemas';
import { isApiError } from '@/shared/lib/api-client';
import { chinaDate, chinaDateTime } from '@/shared/lib/china-time';
import { creditsApi, creditsKeys } from '../api/credits-api';
import '../components/credits.css';

const NATIONAL = '__national__';
const SHARES = { none: null, 'two-thirds': [2, 3], half: [1, 2] } as const;
type ShareKey = keyof typeof SHARES;

interface ConversionValues {
  kind: ConversionKind;
  enabled: boolean;
  credits: number | null;
  co_credits: number | null;
  evidence: string;
}
interface RuleValues {
  year: number;
  region: string;
  required_total: number;
  share: ShareKey;
  professional_min: number | null;
  public_min: number | null;
  minutes_per_credit: number;
  filing_deadline: string;
  source: string;
  conversions: ConversionValues[];
}

const tenths = (credits: number | null) => (credits === null || credits === undefined ? null : Math.round(credits * CREDIT_SCALE));
const whole = (t: number | null) => (t === null ? null : t / CREDIT_SCALE);

function formValues(from: CreditRule | undefined, year: number): RuleValues {
  const share: ShareKey = !from?.professional_share ? (from ? 'none' : 'two-thirds') : from.professional_share[0] * 2 === from.professional_share[1] ? 'half' : 'two-thirds';
  return {
    year: from?.year ?? year,
    region: from?.region ?? NATIONAL,
    required_total: whole(from?.required_total ?? 900)!,
    share,
    professional_min: whole(from?.professional_min ?? null),
    public_min: whole(from?.public_min ?? null),
    minutes_per_credit: from?.minutes_per_credit ?? DEFAULT_MINUTES_PER_CREDIT,
    filing_deadline: from?.filing_deadline ?? `${year + 1}-03-31`,
    source: from?.source ?? '',
    conversions: CONVERSION_KINDS.map((kind) => {
      const c = from?.conversions.find((x) => x.kind === kind);
      return { kind, enabled: !!c, credits: whole(c?.credits ?? null), co_credits: whole(c?.co_credits ?? null), evidence: c?.evidence ?? '' };
    }),
  };
}

function RuleModal({ from, onClose }: { from: CreditRule | undefined; onClose: () => void }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<RuleValues>();
  const [saving, setSaving] = useState(false);
  // The year a new rule starts on, read once (a render stays pure).
  const [thisYear] = useState(() => Number(chinaDate(Date.now()).slice(0, 4)));
  const save = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    const body: CreditRuleBody = {
      year: v.year,
      region: v.region === NATIONAL ? null : (v.region as CreditRuleBody['region']),
      required_total: tenths(v.required_total)!,
      professional_min: tenths(v.professional_min),
      professional_share: SHARES[v.share] ? [...SHARES[v.share]!] as [number, number] : null,
      public_min: tenths(v.public_min),
      minutes_per_credit: v.minutes_per_credit,
      filing_deadline: v.filing_deadline,
      source: v.source,
      conversions: v.conversions
        .filter((c) => c.enabled)
        .map((c) => ({ kind: c.kind, credits: tenths(c.credits) ?? 0, co_credits: tenths(c.co_credits), evidence: c.evidence })),
    };
    setSaving(true);
    try {
      const res = await creditsApi.saveRule(body);
      message.success(res.message);
      await queryClient.invalidateQueries({ queryKey: creditsKeys.all });
      onClose();
    } catch (err) {
      if (isApiError(err)) {
        const fields = Object.entries(err.fieldErrors);
        if (fields.length) form.setFields(fields.map(([name, errors]) => ({ name: name as keyof RuleValues, errors: [errors] })));
        message.error(err.message);
      } else message.error('保存失败，请稍后重试');
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open
      width={760}
      title={from ? `修订 ${from.year}年度${from.region ?? '全国'}学分规则（保存为第${from.version + 1}版）` : '新增学分规则'}
      okText="保存为新版本"
      cancelText="取消"
      confirmLoading={saving}
      onOk={() => void save()}
      onCancel={onClose}
    >
      <p className="credit-muted">已授予的学分保留授予时的规则版本，修订只影响之后的计算与授予。</p>
      <Form<RuleValues> form={form} layout="vertical" initialValues={formValues(from, thisYear)}>
        <Space wrap align="start">
          <Form.Item name="year" label="年度" rules={[{ required: true, message: '请填写年度' }]}>
            <InputNumber min={2018} max={2100} precision={0} disabled={!!from} />
          </Form.Item>
          <Form.Item name="region" label="适用地区">
            <Select
              style={{ width: 200 }}
              disabled={!!from}
              showSearch
              options={[{ value: NATIONAL, label: '全国' }, ...CREDIT_REGIONS.map((r) => ({ value: r, label: r }))]}
            />
          </Form.Item>
          <Form.Item name="required_total" label="年度总学分" rules={[{ required: true, message: '请填写年度总学分' }]}>
            <InputNumber min={1} max={300} precision={1} addonAfter="学分" />
          </Form.Item>
          <Form.Item name="minutes_per_credit" label="每学分学习时长" rules={[{ required: true, message: '请填写每学分学习时长' }]}>
            <InputNumber min={CREDIT_MINUTES_MIN} max={CREDIT_MINUTES_MAX} precision={0} addonAfter="分钟" />
          </Form.Item>
        </Space>
        <Space wrap align="start">
          <Form.Item name="share" label="专业科目占比（占年度总学分）">
            <Select
              style={{ width: 180 }}
              options={[
                { value: 'two-thirds', label: '不少于三分之二' },
                { value: 'half', label: '不少于二分之一' },
                { value: 'none', label: '不按占比' },
              ]}
            />
          </Form.Item>
          <Form.Item name="professional_min" label="专业科目最低学分（选填）">
            <InputNumber min={0} max={300} precision={1} addonAfter="学分" />
          </Form.Item>
          <Form.Item name="public_min" label="公需科目最低学分（选填）">
            <InputNumber min={0} max={300} precision={1} addonAfter="学分" />
          </Form.Item>
          <Form.Item
            name="filing_deadline"
            label="折算申报截止日期"
            rules={[{ required: true, pattern: /^\d{4}-\d{2}-\d{2}$/, message: '请按 YYYY-MM-DD 填写日期' }]}
          >
            <Input placeholder="如 2027-03-31" style={{ width: 150 }} />
          </Form.Item>
        </Space>
        <Form.Item name="source" label="规则依据（文件名称）" rules={[{ required: true, whitespace: true, message: '请填写规则依据（文件名称）' }]}>
          <Input maxLength={200} />
        </Form.Item>
        <h3 className="credit-rule-conversions__title">学分折算项目</h3>
        <Form.List name="conversions">
          {(fields) =>
            fields.map((f) => {
              const kind = form.getFieldValue(['conversions', f.name, 'kind']) as ConversionKind;
              return (
                <div key={f.key} className="credit-rule-conversion">
                  <Form.Item name={[f.name, 'enabled']} valuePropName="checked" noStyle>
                    <input type="checkbox" id={`conv-${kind}`} />
                  </Form.Item>
                  <label htmlFor={`conv-${kind}`} className="credit-rule-conversion__label">
                    {CONVERSION_KIND_LABELS[kind]}
                  </label>
                  <Form.Item name={[f.name, 'credits']} noStyle>
                    <InputNumber aria-label={`${CONVERSION_KIND_LABELS[kind]}的学分`} min={0.1} max={90} precision={1} addonAfter="学分" style={{ width: 130 }} />
                  </Form.Item>
                  <Form.Item name={[f.name, 'co_credits']} noStyle>
                    <InputNumber aria-label={`${CONVERSION_KIND_LABELS[kind]}的合作者学分`} min={0.1} max={90} precision={1} placeholder="合作者" style={{ width: 110 }} />
                  </Form.Item>
                  <Form.Item name={[f.name, 'evidence']} noStyle>
                    <Input aria-label={`${CONVERSION_KIND_LABELS[kind]}的证明材料`} placeholder="证明材料要求" maxLength={200} />
                  </Form.Item>
                </div>
              );
            })
          }
        </Form.List>
      </Form>
    </Modal>
  );
}

/**
 * /admin/credits/rules: every year's (and province's) rule with its versions. A change is saved as the next version;
 * credits already granted keep the version they were granted under.
 */
export default function AdminCreditRulesPage() {
  const q = useQuery({ queryKey: creditsKeys.rules, queryFn: creditsApi.rules });
  const [editing, setEditing] = useState<{ from: CreditRule | undefined } | null>(null);
  const rules = q.data ?? [];
  const newest = new Set<number>();
  const seen = new Set<string>();
  for (const r of rules) {
    const key = `${r.year}:${r.region ?? ''}`;
    if (!seen.has(key)) {
      seen.add(key);
      newest.add(r.id);
    }
  }
  return (
    <Card
      title="继续教育学分规则"
      extra={
        <Space>
          <Link to="/admin/credits/courses">课程学分设置</Link>
          <Button type="primary" onClick={() => setEditing({ from: undefined })}>
            新增规则
          </Button>
        </Space>
      }
    >
      <Table<CreditRule>
        rowKey="id"
        loading={q.isPending}
        dataSource={rules}
        pagination={{ pageSize: 20, showSizeChanger: false }}
        scroll={{ x: 640 }}
        columns={[
          {
            title: '年度与地区',
            width: 120,
            render: (_, r) => (
              <span>
                {r.year}年
                <br />
                {r.region ?? '全国'}
              </span>
            ),
          },
          {
            title: '版本',
            width: 150,
            render: (_, r) => (
              <span>
                第{r.version}版 {newest.has(r.id) ? <Tag color="processing">现行</Tag> : <Tag>已修订</Tag>}
                <br />
                <span className="credit-muted">
                  {chinaDateTime(r.created_at)}
                  {r.created_by ? ` · ${r.created_by}` : ''}
                </span>
              </span>
            ),
          },
          {
            title: '要求与依据',
            render: (_, r) => {
              const terms = { required_total: r.required_total, professional_min: r.professional_min, professional_share: r.professional_share, public_min: r.public_min };
              return (
                <span>
                  总学分 {creditText(r.required_total)}；专业科目 ≥ {creditText(professionalRequired(terms))}
                  {r.public_min ? `；公需科目 ≥ ${creditText(r.public_min)}` : ''}；{r.minutes_per_credit}分钟/学分；折算申报截止 {r.filing_deadline}
                  <br />
                  <span className="credit-muted">{r.source}</span>
                </span>
              );
            },
          },
          {
            title: '操作',
            width: 80,
            render: (_, r) =>
              newest.has(r.id) ? (
                <Button type="link" onClick={() => setEditing({ from: r })}>
                  修订
                </Button>
              ) : null,
          },
        ]}
      />
      {editing && <RuleModal from={editing.from} onClose={() => setEditing(null)} />}
    </Card>
  );
}
