import { DownloadOutlined } from '@ant-design/icons';
import { App, Button, Card, Descriptions, Drawer, Form, Input, Radio, Segmented, Table, Tag } from 'antd';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  CONVERSION_REASON_MAX,
  CONVERSION_ROLE_LABELS,
  CONVERSION_STATUSES,
  CONVERSION_STATUS_LABELS,
  conversionMessages as m,
  type AdminConversion,
  type ConversionStatus,
} from '@app/contracts/credits/credits-conversions';
import { maskPhone } from '@app/contracts/common/format';
import { creditText } from '@app/contracts/credits/credits.rules';
import { isApiError } from '@/shared/lib/api-client';
import { chinaDateTime } from '@/shared/lib/china-time';
import { creditsApi, creditsKeys } from '../api/credits-api';
import '../components/credits.css';

const PER = 20;
const STATUS_COLORS: Record<ConversionStatus, string> = { pending: 'gold', approved: 'green', rejected: 'red', withdrawn: 'default' };

interface AnswerValues {
  approve: boolean;
  reason?: string;
}

function ConversionDrawer({ c, onClose }: { c: AdminConversion; onClose: () => void }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<AnswerValues>();
  const approve = Form.useWatch('approve', form) ?? true;
  const [saving, setSaving] = useState(false);
  const [withdrawReason, setWithdrawReason] = useState('');

  const done = async (res: { message: string }) => {
    message.success(res.message);
    await queryClient.invalidateQueries({ queryKey: creditsKeys.all });
    onClose();
  };
  const fail = (err: unknown) => {
    if (isApiError(err) && err.fieldErrors.reason) form.setFields([{ name: 'reason', errors: [err.fieldErrors.reason] }]);
    message.error(isApiError(err) ? err.message : '操作失败，请稍后重试');
  };
  const answer = async (v: AnswerValues) => {
    setSaving(true);
    try {
      await done(await creditsApi.reviewConversion(c.id, { approve: v.approve, reason: v.reason?.trim() || undefined }));
    } catch (err) {
      fail(err);
    } finally {
      setSaving(false);
    }
  };
  const withdraw = async () => {
    if (!withdrawReason.trim()) {
      message.error(m.reasonRequired);
      return;
    }
    setSaving(true);
    try {
      await done(await creditsApi.withdrawConversion(c.id, withdrawReason.trim()));
    } catch (err) {
      fail(err);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Drawer open width={600} title={`学分折算：${c.title}`} onClose={onClose}>
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label="申请人">
          {c.applicant.name ?? '未填写姓名'}（{maskPhone(c.applicant.phone)}）
        </Descriptions.Item>
        <Descriptions.Item label="折算项目">{c.kind_label}</Descriptions.Item>
        <Descriptions.Item label="本人角色">{CONVERSION_ROLE_LABELS[c.role]}</Descriptions.Item>
        <Descriptions.Item label="活动日期">{c.activity_date}（计入{c.year}年度）</Descriptions.Item>
        <Descriptions.Item label="折算学分">专业科目 {creditText(c.credits)} 学分</Descriptions.Item>
        <Descriptions.Item label="证明材料">
          <Button
            icon={<DownloadOutlined />}
            onClick={() => void creditsApi.downloadEvidence(c).catch((err: unknown) => message.error(isApiError(err) ? err.message : '下载失败'))}
          >
            下载 {c.evidence.file_name}
          </Button>
        </Descriptions.Item>
        <Descriptions.Item label="状态">
          <Tag color={STATUS_COLORS[c.status]}>{c.status_label}</Tag>
          {c.reason && `原因：${c.reason}`}
        </Descriptions.Item>
        <Descriptions.Item label="申请时间">{chinaDateTime(c.created_at)}</Descriptions.Item>
        {c.reviewed_at && (
          <Descriptions.Item label="审核">
            {chinaDateTime(c.reviewed_at)} {c.reviewed_by ?? ''}
          </Descriptions.Item>
        )}
      </Descriptions>
      {c.status === 'pending' && (
        <Form<AnswerValues> form={form} layout="vertical" initialValues={{ approve: true }} onFinish={(v) => void answer(v)} style={{ marginTop: 20 }}>
          <Form.Item name="approve" label="审核结果">
            <Radio.Group>
              <Radio value={true}>通过</Radio>
              <Radio value={false}>驳回</Radio>
            </Radio.Group>
          </Form.Item>
          <Form.Item
            name="reason"
            label={approve ? '备注（选填）' : '驳回原因'}
            rules={approve ? [] : [{ required: true, whitespace: true, message: m.reasonRequired }]}
          >
            <Input.TextArea rows={3} maxLength={CONVERSION_REASON_MAX} showCount />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={saving}>
            提交审核
          </Button>
        </Form>
      )}
      {c.status === 'approved' && (
        <div style={{ marginTop: 20 }}>
          <label htmlFor="withdraw-reason">撤销原因（撤销后学分不再计入，该年度的学时证明随之撤销）</label>
          <Input.TextArea
            id="withdraw-reason"
            rows={2}
            maxLength={CONVERSION_REASON_MAX}
            value={withdrawReason}
            onChange={(e) => setWithdrawReason(e.target.value)}
            style={{ margin: '8px 0' }}
          />
          <Button danger loading={saving} onClick={() => void withdraw()}>
            撤销该折算
          </Button>
        </div>
      )}
    </Drawer>
  );
}

/** /admin/credits/conversions: members' 学分折算 filings, pending first; approve, reject with a reason, or withdraw. */
export default function AdminConversionsPage() {
  const [status, setStatus] = useState<ConversionStatus | 'all'>('pending');
  const [page, setPage] = useState(1);
  const query = { page, per: PER, ...(status === 'all' ? {} : { status }) };
  const list = useQuery({
    queryKey: creditsKeys.adminConversions(query),
    queryFn: () => creditsApi.adminConversions(query),
    placeholderData: keepPreviousData,
  });
  const [open, setOpen] = useState<AdminConversion | null>(null);
  return (
    <Card title="学分折算审核">
      <Segmented<ConversionStatus | 'all'>
        aria-label="审核状态"
        value={status}
        onChange={(v) => {
          setStatus(v);
          setPage(1);
        }}
        options={[...CONVERSION_STATUSES.map((s) => ({ value: s, label: CONVERSION_STATUS_LABELS[s] })), { value: 'all' as const, label: '全部' }]}
        style={{ marginBottom: 16 }}
      />
      <Table<AdminConversion>
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        scroll={{ x: 900 }}
        pagination={{ current: page, pageSize: PER, total: list.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
        columns={[
          { title: '申请人', width: 140, render: (_, c) => c.applicant.name ?? maskPhone(c.applicant.phone) },
          { title: '活动名称', render: (_, c) => c.title },
          { title: '折算项目', width: 200, render: (_, c) => c.kind_label },
          { title: '年度', width: 70, dataIndex: 'year' },
          { title: '学分', width: 70, render: (_, c) => creditText(c.credits) },
          { title: '状态', width: 90, render: (_, c) => <Tag color={STATUS_COLORS[c.status]}>{c.status_label}</Tag> },
          { title: '申请时间', width: 150, render: (_, c) => chinaDateTime(c.created_at) },
          {
            title: '操作',
            width: 90,
            render: (_, c) => (
              <Button type="link" onClick={() => setOpen(c)}>
                {c.status === 'pending' ? '审核' : '查看'}
              </Button>
            ),
          },
        ]}
      />
      {open && <ConversionDrawer c={open} onClose={() => setOpen(null)} />}
    </Card>
  );
}
