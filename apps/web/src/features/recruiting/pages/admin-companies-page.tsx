import { Button, Descriptions, Image, Segmented, Table, Tag } from 'antd';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { AdminCompaniesQuery, AdminCompany } from '@app/contracts';
import { COMPANY_STATUS_LABELS, type CompanyStatus } from '@app/contracts/recruiting/recruiting.rules';
import { apiClient } from '@/shared/lib/api-client';
import { recruitingApi, recruitingKeys } from '../api/recruiting-api';
import { cityText, dateTimeText, unitSizeText } from '../lib/format';
import { ReviewModal } from './admin-review-modal';

const PER = 10;
type Filter = NonNullable<AdminCompaniesQuery['status']>;
const FILTERS: { value: Filter; label: string }[] = [
  ...(['pending', 'verified', 'rejected', 'unsubmitted'] as CompanyStatus[]).map((s) => ({
    value: s,
    label: COMPANY_STATUS_LABELS[s],
  })),
  { value: 'all', label: '全部' },
];

/** The licence is served to staff only, with the token header: fetched as a blob. */
function Licence({ companyId }: { companyId: number }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let objectUrl: string | null = null;
    void apiClient
      .request<Blob>({ method: 'GET', url: recruitingApi.licenceUrl(companyId), responseType: 'blob' })
      .then((blob) => {
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      });
    return () => {
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [companyId]);
  return url ? <Image src={url} alt="营业执照" width={240} /> : <span className="rc-muted">加载中…</span>;
}

/** /admin/companies: company verification (licence), approve or reject with a reason. */
export default function AdminCompaniesPage() {
  const [status, setStatus] = useState<Filter>('pending');
  const [page, setPage] = useState(1);
  const [reviewing, setReviewing] = useState<AdminCompany | null>(null);
  const q = { status, page, per: PER };
  const list = useQuery({
    queryKey: recruitingKeys.admin('companies', q),
    queryFn: () => recruitingApi.adminCompanies(q),
    placeholderData: keepPreviousData,
  });
  const queryClient = useQueryClient();
  return (
    <div>
      <h2 className="rc-page__title">企业认证审核</h2>
      <Segmented
        aria-label="认证状态"
        value={status}
        onChange={(v) => {
          setStatus(v);
          setPage(1);
        }}
        options={FILTERS}
        style={{ marginBottom: 16 }}
      />
      <Table<AdminCompany>
        rowKey="user_id"
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        locale={{ emptyText: '暂无企业' }}
        pagination={{
          current: page,
          pageSize: PER,
          total: list.data?.total ?? 0,
          onChange: setPage,
          showSizeChanger: false,
        }}
        columns={[
          { title: '企业名称', dataIndex: 'name' },
          { title: '统一社会信用代码', dataIndex: 'credit_code', render: (v: string | null) => v ?? '—' },
          { title: '所在城市', key: 'city', render: (_, c) => cityText(c.city) },
          { title: '提交时间', key: 'at', render: (_, c) => dateTimeText(c.submitted_at) },
          { title: '状态', key: 's', render: (_, c) => <Tag>{c.status_label}</Tag> },
          {
            title: '操作',
            key: 'ops',
            render: (_, c) => (
              <Button
                size="small"
                type={c.status === 'pending' ? 'primary' : 'default'}
                onClick={() => setReviewing(c)}
                disabled={c.status !== 'pending'}
              >
                审核
              </Button>
            ),
          },
        ]}
      />
      {reviewing && (
        <ReviewModal
          title={`企业认证：${reviewing.name}`}
          onClose={() => setReviewing(null)}
          onSubmit={async (v) => {
            const res = await recruitingApi.reviewCompany(reviewing.user_id, v);
            await queryClient.invalidateQueries({ queryKey: recruitingKeys.all });
            return res;
          }}
        >
          <Descriptions column={2} size="small" bordered>
            <Descriptions.Item label="企业名称">{reviewing.name}</Descriptions.Item>
            <Descriptions.Item label="信用代码">{reviewing.credit_code ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="行业">{reviewing.industry ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="规模">{unitSizeText(reviewing.unit_size)}</Descriptions.Item>
            <Descriptions.Item label="地址" span={2}>
              {cityText(reviewing.city)} {reviewing.address}
            </Descriptions.Item>
            <Descriptions.Item label="联系人">{reviewing.contact_name}</Descriptions.Item>
            <Descriptions.Item label="电话">{reviewing.contact_phone}</Descriptions.Item>
            <Descriptions.Item label="营业执照" span={2}>
              {reviewing.has_licence ? <Licence companyId={reviewing.user_id} /> : '—'}
            </Descriptions.Item>
          </Descriptions>
        </ReviewModal>
      )}
    </div>
  );
}
