import { Button, Empty, Form, InputNumber, Pagination, Select, Skeleton, Input } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { TalentCard, TalentQuery } from '@app/contracts';
import { SALARY_BANDS, STAR_LEVELS } from '@app/contracts/common/dictionaries';
import { EDUCATIONS } from '@app/contracts/recruiting/recruiting.rules';
import { useSessionStore } from '@/shared/lib/session/session-store';
import { recruitingApi, recruitingKeys } from '../api/recruiting-api';
import { TalentCardView } from '../components/cards';
import { CityPicker, PositionSelect } from '../components/option-fields';
import { PoolModal } from '../components/pool-modal';
import { CompanyOnlyNotice } from './access-notice';
import '../components/recruiting.css';

const PER = 12;

function TalentQueryScreen() {
  const [form] = Form.useForm<TalentQuery>();
  const [query, setQuery] = useState<TalentQuery & { page: number }>({ page: 1, per: PER });
  const [saving, setSaving] = useState<TalentCard | null>(null);
  const list = useQuery({
    queryKey: recruitingKeys.talents(query),
    queryFn: () => recruitingApi.talents(query),
    placeholderData: keepPreviousData,
  });
  return (
    <>
      <Form
        form={form}
        name="filtrate"
        layout="inline"
        className="rc-filters"
        onFinish={(v) => setQuery({ ...v, page: 1, per: PER })}
      >
        <Form.Item name="region" label="地区">
          <CityPicker provinceOk placeholder="意向地区" style={{ width: 190 }} />
        </Form.Item>
        <Form.Item name="position" label="职位">
          <PositionSelect placeholder="意向职位" style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="star_min" label="星级">
          <Select
            allowClear
            placeholder="不限"
            style={{ width: 110 }}
            options={STAR_LEVELS.map((s) => ({ value: s.value, label: `${s.label}及以上` }))}
          />
        </Form.Item>
        <Form.Item name="certificate" label="证书">
          <Input allowClear placeholder="如：中级会计" maxLength={30} style={{ width: 140 }} />
        </Form.Item>
        <Form.Item name="years_min" label="工作年限">
          <InputNumber min={0} max={50} placeholder="至少" addonAfter="年" style={{ width: 120 }} />
        </Form.Item>
        <Form.Item name="education_min" label="学历">
          <Select
            allowClear
            placeholder="不限"
            style={{ width: 140 }}
            options={EDUCATIONS.filter((e) => e.value > 0).map((e) => ({
              value: e.value,
              label: `${e.label}及以上`,
            }))}
          />
        </Form.Item>
        <Form.Item name="salary" label="期望薪资">
          <Select
            allowClear
            placeholder="不限"
            style={{ width: 150 }}
            options={SALARY_BANDS.map((label, value) => ({ value, label }))}
          />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit">
            查询
          </Button>
          <Button
            style={{ marginLeft: 8 }}
            onClick={() => {
              form.resetFields();
              setQuery({ page: 1, per: PER });
            }}
          >
            重置
          </Button>
        </Form.Item>
      </Form>
      <p className="rc-muted">
        仅展示公开人才画像的求职者；姓名以“姓氏+先生/女士”显示，联系方式在对方投递或接受面试后开放。共{' '}
        {list.data?.total ?? 0} 人。
      </p>
      {list.isPending ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : list.isError ? (
        <Empty description="查询失败" />
      ) : list.data.list.length === 0 ? (
        <Empty description="没有符合条件的人才" />
      ) : (
        <>
          <div className="rc-talent-grid">
            {list.data.list.map((t) => (
              <TalentCardView key={t.user_id} talent={t} onSave={() => setSaving(t)} />
            ))}
          </div>
          <Pagination
            align="center"
            style={{ marginTop: 16 }}
            current={query.page}
            pageSize={PER}
            total={list.data.total}
            showSizeChanger={false}
            onChange={(page) => setQuery({ ...query, page })}
          />
        </>
      )}
      {saving && (
        <PoolModal
          userId={saving.user_id}
          name={saving.name}
          source="query"
          onClose={() => setSaving(null)}
        />
      )}
    </>
  );
}

/** /filtrate: talent query for company accounts; others see why they cannot use it. */
export default function FiltratePage() {
  const role = useSessionStore((s) => s.role);
  return (
    <div className="page-container rc-page">
      <h1 className="rc-page__title">人才查询</h1>
      {role === 'company' ? <TalentQueryScreen /> : <CompanyOnlyNotice what="人才查询" />}
    </div>
  );
}
