import { DownloadOutlined } from '@ant-design/icons';
import { App, Button, Card, Descriptions, Drawer, Form, Input, Radio, Segmented, Select, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { LEARNING_BASES } from '@app/contracts/common/dictionaries';
import {
  BASE_MANAGER_REASON_MAX,
  BASE_MANAGER_STATUS_LABELS,
  BASE_MANAGER_STATUSES,
  regionsMessages as m,
  type BaseManagerStatus,
} from '@app/contracts/regions/regions.rules';
import type { AdminBaseManagerApplication, AdminBaseManagerQuery } from '@app/contracts/regions/regions.schemas';
import { isApiError } from '@/shared/lib/api-client';
import { chinaDateTime } from '@/shared/lib/china-time';
import { ScrollCue, TABLE_SCROLLER, usePhoneTable } from '@/shared/ui/scroll-cue';
import { regionsApi, regionsKeys, useAdminApplications } from '../api/regions-api';
import { baseName } from '../lib/bases';
import '../components/regions.css';

const PER = 20;
const STATUS_COLORS: Record<BaseManagerStatus, string> = { pending: 'gold', approved: 'green', rejected: 'red' };
type StatusFilter = BaseManagerStatus | 'all';
const STATUS_FILTERS: { value: StatusFilter; label: string }[] = [
  ...BASE_MANAGER_STATUSES.map((s) => ({ value: s, label: BASE_MANAGER_STATUS_LABELS[s] })),
  { value: 'all', label: '全部' },
];
const BASE_FILTERS = [
  { value: '', label: '全部基地' },
  ...Object.keys(LEARNING_BASES).map((code) => ({ value: code, label: baseName(code) })),
];

interface ReviewValues {
  approve: boolean;
  reason?: string;
}

const sizeText = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`);

/** One application in full, its attachment, and (while pending) the approve / reject form. */
function ApplicationDrawer({ a, onClose }: { a: AdminBaseManagerApplication; onClose: () => void }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<ReviewValues>();
  const approve = Form.useWatch('approve', form) ?? true;
  const [saving, setSaving] = useState(false);
  const [downloading, setDownloading] = useState(false);

  const submit = async (v: ReviewValues) => {
    setSaving(true);
    try {
      const res = await regionsApi.review(a.id, { approve: v.approve, reason: v.reason?.trim() || undefined });
      message.success(res.message);
      await queryClient.invalidateQueries({ queryKey: regionsKeys.all });
      onClose();
    } catch (err) {
      if (isApiError(err) && err.fieldErrors?.reason) form.setFields([{ name: 'reason', errors: [err.fieldErrors.reason] }]);
      message.error(isApiError(err) ? err.message : '操作失败');
    } finally {
      setSaving(false);
    }
  };

  const download = async () => {
    setDownloading(true);
    try {
      await regionsApi.downloadAttachment(a);
    } catch (err) {
      message.error(isApiError(err) ? err.message : '附件下载失败');
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Drawer
      open
      width={640}
      title={`${a.base_name}负责人申请`}
      onClose={onClose}
      destroyOnHidden
      extra={<Tag color={STATUS_COLORS[a.status]}>{a.status_label}</Tag>}
    >
      <Descriptions column={1} size="small" bordered styles={{ label: { width: 96, whiteSpace: 'nowrap' } }}>
        <Descriptions.Item label="学习基地">{a.base_name}</Descriptions.Item>
        <Descriptions.Item label="单位名称">{a.organisation}</Descriptions.Item>
        <Descriptions.Item label="联系人">{a.contact}</Descriptions.Item>
        <Descriptions.Item label="联系电话">
          <a href={`tel:${a.phone}`}>{a.phone}</a>
        </Descriptions.Item>
        <Descriptions.Item label="申请账号">
          {a.applicant.name ? `${a.applicant.name}（${a.applicant.phone}）` : a.applicant.phone}
        </Descriptions.Item>
        <Descriptions.Item label="提交时间">{chinaDateTime(a.created_at)}</Descriptions.Item>
        <Descriptions.Item label="资质说明">
          <div className="rg-admin__text">{a.qualifications}</div>
        </Descriptions.Item>
        <Descriptions.Item label="证明材料">
          {a.attachment ? (
            <Button size="small" icon={<DownloadOutlined />} loading={downloading} onClick={() => void download()}>
              下载 {a.attachment.file_name}（{sizeText(a.attachment.size)}）
            </Button>
          ) : (
            '未上传'
          )}
        </Descriptions.Item>
        {a.status !== 'pending' && (
          <>
            <Descriptions.Item label="审核人">{a.reviewed_by ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="审核时间">{chinaDateTime(a.reviewed_at)}</Descriptions.Item>
            <Descriptions.Item label={a.status === 'rejected' ? '驳回原因' : '审核说明'}>{a.review_reason ?? '—'}</Descriptions.Item>
          </>
        )}
      </Descriptions>

      {a.status === 'pending' && (
        <Form<ReviewValues>
          form={form}
          layout="vertical"
          initialValues={{ approve: true }}
          onFinish={(v) => void submit(v)}
          style={{ marginTop: 24 }}
        >
          <Form.Item label="审核结果" name="approve">
            <Radio.Group
              options={[
                { value: true, label: '通过' },
                { value: false, label: '驳回' },
              ]}
            />
          </Form.Item>
          <Form.Item
            name="reason"
            label={approve ? '审核说明（选填，会发送给申请人）' : '驳回原因（会发送给申请人）'}
            rules={[
              ...(approve ? [] : [{ required: true, whitespace: true, message: m.reasonRequired }]),
              { max: BASE_MANAGER_REASON_MAX, message: m.reasonTooLong },
            ]}
          >
            <Input.TextArea rows={3} maxLength={BASE_MANAGER_REASON_MAX} showCount />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={saving} danger={!approve}>
            {approve ? '通过申请' : '驳回申请'}
          </Button>
        </Form>
      )}
    </Drawer>
  );
}

/** /admin/base-managers: learning-base manager applications; content staff read, download, approve or reject. */
export default function AdminBaseManagersPage() {
  const [q, setQ] = useState<AdminBaseManagerQuery & { page: number }>({ status: 'pending', page: 1, per: PER });
  const [openId, setOpenId] = useState<number | null>(null);
  const list = useAdminApplications(q);
  const open = list.data?.list.find((a) => a.id === openId) ?? null;

  const columns: ColumnsType<AdminBaseManagerApplication> = [
    { title: '提交时间', dataIndex: 'created_at', width: 150, render: (v: string) => chinaDateTime(v) },
    { title: '学习基地', dataIndex: 'base_name', width: 120 },
    { title: '单位名称', dataIndex: 'organisation' },
    { title: '联系人', dataIndex: 'contact', width: 100 },
    { title: '联系电话', dataIndex: 'phone', width: 120 },
    { title: '附件', key: 'file', width: 70, render: (_, a) => (a.attachment ? '有' : '—') },
    {
      title: '状态',
      dataIndex: 'status',
      width: 90,
      render: (_: unknown, a) => <Tag color={STATUS_COLORS[a.status]}>{a.status_label}</Tag>,
    },
    {
      title: '操作',
      key: 'ops',
      width: 90,
      render: (_, a) => (
        <Button size="small" type={a.status === 'pending' ? 'primary' : 'default'} onClick={() => setOpenId(a.id)}>
          {a.status === 'pending' ? '审核' : '查看'}
        </Button>
      ),
    },
  ];
  const table = usePhoneTable(columns, { x: 860 });

  return (
    <Card title="学习基地负责人申请">
      <div className="rg-admin__filters">
        <Segmented<StatusFilter>
          aria-label="审核状态"
          value={q.status ?? 'pending'}
          options={STATUS_FILTERS}
          onChange={(status) => setQ({ ...q, status, page: 1 })}
        />
        <Select
          aria-label="学习基地"
          style={{ minWidth: 160 }}
          value={q.region ?? ''}
          options={BASE_FILTERS}
          onChange={(region: string) => setQ({ ...q, region: region || undefined, page: 1 })}
        />
      </div>
      <ScrollCue label="申请列表" scroller={TABLE_SCROLLER}>
        <Table<AdminBaseManagerApplication>
          rowKey="id"
          size="middle"
          loading={list.isFetching}
          columns={table.columns}
          scroll={table.scroll}
          dataSource={list.data?.list ?? []}
          locale={{ emptyText: '暂无申请' }}
          pagination={{
            current: q.page,
            pageSize: PER,
            total: list.data?.total ?? 0,
            showSizeChanger: false,
            onChange: (page) => setQ({ ...q, page }),
          }}
        />
      </ScrollCue>
      {open && <ApplicationDrawer key={open.id} a={open} onClose={() => setOpenId(null)} />}
    </Card>
  );
}
