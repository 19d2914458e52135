import { Empty, Input, Pagination, Segmented, Select, Skeleton } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { JobBoardQuery } from '@app/contracts';
import { SALARY_BANDS, UNIT_SIZES } from '@app/contracts/common/dictionaries';
import { KEYWORD_MAX, POSTED_WITHIN_DAYS } from '@app/contracts/recruiting/recruiting.rules';
import { recruitingApi, recruitingKeys } from '../api/recruiting-api';
import { PostCard } from '../components/post-cards';
import { CityPicker, IndustrySelect, PositionSelect } from '../components/option-fields';
import '../components/recruiting.css';

const PER = 10;
const num = (v: string | null) => (v === null || v === '' ? undefined : Number(v));

/** /jobDetail: online posts with filters, keyword search over post title and company name, sort and pages. */
export default function JobBoardPage() {
  const [params, setParams] = useSearchParams();
  const query: JobBoardQuery & { page: number; salary?: number; unit_size?: number; within?: number } = {
    keyword: params.get('keyword') ?? undefined,
    city: params.get('city') ?? undefined,
    position: params.get('position') ?? undefined,
    salary: num(params.get('salary')),
    industry: params.get('industry') ?? undefined,
    unit_size: num(params.get('unit_size')),
    within: num(params.get('within')),
    company_id: num(params.get('company_id')),
    sort: params.get('sort') === 'salary' ? 'salary' : 'newest',
    page: num(params.get('page')) ?? 1,
    per: PER,
  };
  const list = useQuery({
    queryKey: recruitingKeys.board(query),
    queryFn: () => recruitingApi.board(query),
    placeholderData: keepPreviousData,
  });

  const set = (key: string, value: string | number | undefined) => {
    const next = new URLSearchParams(params);
    if (value === undefined || value === '') next.delete(key);
    else next.set(key, String(value));
    if (key !== 'page') next.delete('page');
    setParams(next);
  };

  return (
    <div className="page-container rc-page">
      <h1 className="rc-page__title">招聘求职</h1>
      <div className="rc-filters" role="search">
        <Input.Search
          aria-label="搜索职位或企业"
          placeholder="搜索职位名称或企业名称"
          allowClear
          enterButton="搜索"
          maxLength={KEYWORD_MAX}
          defaultValue={query.keyword}
          style={{ width: 380 }}
          onSearch={(v) => set('keyword', v.trim())}
        />
        <CityPicker
          provinceOk
          value={query.city}
          onChange={(v) => set('city', v)}
          placeholder="工作地区"
          style={{ width: 200 }}
        />
        <PositionSelect
          value={query.position}
          onChange={(v) => set('position', v)}
          placeholder="职位类别"
          style={{ width: 170 }}
        />
        <Select
          aria-label="薪资范围"
          placeholder="薪资范围"
          allowClear
          style={{ width: 150 }}
          value={query.salary}
          onChange={(v) => set('salary', v)}
          options={SALARY_BANDS.map((label, value) => ({ value, label }))}
        />
        <IndustrySelect
          value={query.industry}
          onChange={(v) => set('industry', v)}
          placeholder="企业行业"
          style={{ width: 150 }}
        />
        <Select
          aria-label="企业规模"
          placeholder="企业规模"
          allowClear
          style={{ width: 130 }}
          value={query.unit_size}
          onChange={(v) => set('unit_size', v)}
          options={UNIT_SIZES}
        />
        <Select
          aria-label="发布时间"
          placeholder="发布时间"
          allowClear
          style={{ width: 130 }}
          value={query.within}
          onChange={(v) => set('within', v)}
          options={POSTED_WITHIN_DAYS.map((d) => ({ value: d, label: `${d}天内` }))}
        />
      </div>
      <div className="rc-toolbar">
        <span className="rc-muted">共 {list.data?.total ?? 0} 个在招职位</span>
        <Segmented
          aria-label="排序"
          value={query.sort}
          onChange={(v) => set('sort', v === 'newest' ? undefined : String(v))}
          options={[
            { value: 'newest', label: '最新发布' },
            { value: 'salary', label: '薪资最高' },
          ]}
        />
      </div>
      {list.isPending ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : list.isError ? (
        <Empty description="职位加载失败，请稍后重试" />
      ) : list.data.list.length === 0 ? (
        <Empty description="没有符合条件的职位，换个条件试试" />
      ) : (
        <>
          {list.data.list.map((p) => (
            <PostCard key={p.id} post={p} />
          ))}
          <Pagination
            style={{ marginTop: 16, textAlign: 'center' }}
            align="center"
            current={query.page}
            pageSize={PER}
            total={list.data.total}
            showSizeChanger={false}
            onChange={(page) => set('page', page)}
          />
        </>
      )}
    </div>
  );
}
