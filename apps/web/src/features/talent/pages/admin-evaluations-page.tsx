import { App, Button, Descriptions, Form, Input, Modal, Radio, Segmented, Select, Table, Tag } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { AdminRcpj } from '@app/contracts';
import { STAR_LEVELS, dictLabel } from '@app/contracts/common/dictionaries';
import { formatLearnDuration } from '@/shared/lib/learn-duration';
import {
  RCPJ_STATUS_LABELS,
  REJECT_REASON_MAX,
  talentMessages as m,
  type RcpjStatus,
} from '@app/contracts/talent/talent.rules';
import { isApiError } from '@/shared/lib/api-client';
import { chinaDateTime } from '@/shared/lib/china-time';
import { talentApi } from '../api/talent-api';
import { useAdminRcpjs } from '../api/use-talent';
import { openAttachment } from '../components/attachment-field';
import './evaluation.css';

const PER = 10;
const time = (iso: string | null) => chinaDateTime(iso, '—');
const FILTERS: { value: RcpjStatus | 'all'; label: string }[] = [
  { value: 'submitted', label: RCPJ_STATUS_LABELS.submitted },
  { value: 'approved', label: RCPJ_STATUS_LABELS.approved },
  { value: 'rejected', label: RCPJ_STATUS_LABELS.rejected },
  { value: 'draft', label: RCPJ_STATUS_LABELS.draft },
  { value: 'cancelled', label: RCPJ_STATUS_LABELS.cancelled },
  { value: 'all', label: '全部' },
];

interface ReviewValues {
  approve: boolean;
  level?: number;
  reason?: string;
}

/** Materials of one application and, while it waits for review, the approve (with level) / reject (with reason) form. */
function ReviewModal({ app, onClose }: { app: AdminRcpj; onClose: () => void }) {
  const [form] = Form.useForm<ReviewValues>();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);
  const reviewable = app.status === 'submitted';

  const submit = async () => {
    let v: ReviewValues;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      const res = await talentApi.adminReview(
        app.id,
        v.approve ? { approve: true, level: v.level } : { approve: false, reason: v.reason?.trim() },
      );
      message.success(res.message || (v.approve ? m.reviewApproved : m.reviewRejected));
      onClose();
      await queryClient.invalidateQueries({ queryKey: ['talent', 'admin'] });
    } catch (err) {
      message.error(isApiError(err) && err.message ? err.message : '审核失败');
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      width={720}
      title={`测评申请：${app.applicant.name ?? app.applicant.phone}`}
      onCancel={onClose}
      footer={
        reviewable
          ? [
              <Button key="c" onClick={onClose}>
                取消
              </Button>,
              <Button key="s" type="primary" loading={saving} onClick={() => void submit()}>
                提交审核
              </Button>,
            ]
          : [
              <Button key="c" onClick={onClose}>
                关闭
              </Button>,
            ]
      }
    >
      <Descriptions column={2} size="small" bordered className="admin-eval__detail">
        <Descriptions.Item label="申请人">{app.applicant.name ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="手机号">{app.applicant.phone}</Descriptions.Item>
        <Descriptions.Item label="当前星级">
          {dictLabel(STAR_LEVELS, app.applicant.star_id) ?? '暂无星级'}
        </Descriptions.Item>
        <Descriptions.Item label="申请星级">{app.star_name}</Descriptions.Item>
        <Descriptions.Item label="学习时长">{formatLearnDuration(app.figures.learn_seconds)}</Descriptions.Item>
        <Descriptions.Item label="完成课程">{app.figures.finished_courses} 门</Descriptions.Item>
        <Descriptions.Item label="状态">{app.status_label}</Descriptions.Item>
        <Descriptions.Item label="提交时间">{time(app.submitted_at)}</Descriptions.Item>
        <Descriptions.Item label="申请说明" span={2}>
          <div style={{ whiteSpace: 'pre-wrap' }}>{app.statement ?? '—'}</div>
        </Descriptions.Item>
        <Descriptions.Item label="资格证书" span={2}>
          {app.credentials.length === 0
            ? '—'
            : app.credentials.map((c) => (
                <div key={c.id}>
                  {c.name}（{c.issuer}，{c.issued_on}）
                  {c.attachment && (
                    <Button type="link" size="small" onClick={() => void openAttachment(c.attachment!)}>
                      查看扫描件
                    </Button>
                  )}
                </div>
              ))}
        </Descriptions.Item>
        <Descriptions.Item label="测评材料" span={2}>
          {app.materials.length === 0
            ? '—'
            : app.materials.map((mat) => (
                <div key={mat.attachment.id}>
                  {mat.attachment_dic_name}：
                  <Button type="link" size="small" onClick={() => void openAttachment(mat.attachment)}>
                    {mat.attachment.file_name}
                  </Button>
                </div>
              ))}
        </Descriptions.Item>
        {app.status === 'rejected' && (
          <Descriptions.Item label="驳回原因" span={2}>
            {app.reject_reason}
          </Descriptions.Item>
        )}
        {app.status === 'approved' && (
          <Descriptions.Item label="评定星级" span={2}>
            {dictLabel(STAR_LEVELS, app.result_level ?? app.star_id)}
          </Descriptions.Item>
        )}
      </Descriptions>
      {reviewable && (
        <Form
          form={form}
          name="rcpj_review"
          layout="horizontal"
          labelCol={{ flex: '96px' }}
          style={{ marginTop: 20 }}
          initialValues={{ approve: true, level: app.star_id }}
          validateTrigger={['onBlur', 'onChange']}
        >
          <Form.Item name="approve" label="审核结果">
            <Radio.Group
              options={[
                { value: true, label: '通过' },
                { value: false, label: '驳回' },
              ]}
            />
          </Form.Item>
          <Form.Item noStyle shouldUpdate={(a: ReviewValues, b: ReviewValues) => a.approve !== b.approve}>
            {({ getFieldValue }) =>
              getFieldValue('approve') !== false ? (
                <Form.Item name="level" label="评定星级" rules={[{ required: true, message: m.starInvalid }]}>
                  <Select
                    style={{ width: 200 }}
                    options={STAR_LEVELS.filter((s) => s.value > app.applicant.star_id)}
                    aria-label="评定星级"
                  />
                </Form.Item>
              ) : (
                <Form.Item
                  name="reason"
                  label="驳回原因"
                  rules={[{ required: true, whitespace: true, message: m.rejectReasonRequired }]}
                >
                  <Input.TextArea
                    rows={3}
                    maxLength={REJECT_REASON_MAX}
                    showCount
                    placeholder="请填写驳回原因"
                  />
                </Form.Item>
              )
            }
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}

/** /admin/evaluations (staff): applications by status, materials, approve with level or reject with a reason. */
export default function AdminEvaluationsPage() {
  const [status, setStatus] = useState<RcpjStatus | 'all'>('submitted');
  const [page, setPage] = useState(1);
  const [viewing, setViewing] = useState<AdminRcpj | null>(null);
  const list = useAdminRcpjs({ status: status === 'all' ? undefined : status, page, per: PER });

  return (
    <div className="admin-eval">
      <h2 className="admin-eval__title">星级评价审核</h2>
      <Segmented
        aria-label="审核状态"
        options={FILTERS}
        value={status}
        onChange={(v) => {
          setStatus(v);
          setPage(1);
        }}
        style={{ marginBottom: 16 }}
      />
      <Table<AdminRcpj>
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        pagination={{
          current: page,
          pageSize: PER,
          total: list.data?.total ?? 0,
          onChange: setPage,
          showSizeChanger: false,
        }}
        columns={[
          { title: '申请人', key: 'who', render: (_: unknown, r) => r.applicant.name ?? r.applicant.phone },
          { title: '手机号', key: 'phone', render: (_: unknown, r) => r.applicant.phone },
          {
            title: '当前星级',
            key: 'now',
            render: (_: unknown, r) => dictLabel(STAR_LEVELS, r.applicant.star_id) ?? '暂无',
          },
          { title: '申请星级', dataIndex: 'star_name' },
          { title: '状态', key: 'status', render: (_: unknown, r) => <Tag>{r.status_label}</Tag> },
          { title: '提交时间', dataIndex: 'submitted_at', render: (v: string | null) => time(v) },
          {
            title: '操作',
            key: 'op',
            render: (_: unknown, r) => (
              <Button type="link" onClick={() => setViewing(r)}>
                {r.status === 'submitted' ? '审核' : '查看'}
              </Button>
            ),
          },
        ]}
      />
      {viewing && <ReviewModal app={viewing} onClose={() => setViewing(null)} />}
    </div>
  );
}
