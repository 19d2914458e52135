import { App, Button, Card, Form, Input, Modal, Table, Tag } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { CERTIFICATE_STATE_LABELS, REVOKE_REASON_MAX, examsMessages as m, type AdminCertificate } from '@app/contracts';
import { examKeys, examsApi } from '../api/exams-api';
import { dateOnly } from '../lib/exam-format';
import './exams.css';

function RevokeModal({ cert, onClose }: { cert: AdminCertificate; onClose: () => void }) {
  const [form] = Form.useForm<{ reason: string }>();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);
  const save = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setSaving(true);
    try {
      await examsApi.revoke(cert.id, v.reason);
      message.success('证书已撤销');
      await queryClient.invalidateQueries({ queryKey: ['exams', 'admin', 'certificates'] });
      onClose();
    } catch {
      // The client shows the server's message.
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal open title={`撤销证书 ${cert.number}`} onCancel={onClose} onOk={save} confirmLoading={saving} okText="撤销" okButtonProps={{ danger: true }} cancelText="取消">
      <p>
        持证人：{cert.holder_name}（{cert.exam_name}）
      </p>
      <Form form={form} layout="vertical">
        <Form.Item
          name="reason"
          label="撤销原因"
          rules={[
            { required: true, whitespace: true, message: m.revokeReasonRequired },
            { max: REVOKE_REASON_MAX, message: m.revokeReasonTooLong },
          ]}
        >
          <Input.TextArea rows={3} maxLength={REVOKE_REASON_MAX} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** /admin/exam-certificates: issued certificates, searchable, revocable with a reason. */
export default function AdminCertificatesPage() {
  const [keyword, setKeyword] = useState('');
  const [revoking, setRevoking] = useState<AdminCertificate | null>(null);
  const list = useQuery({ queryKey: examKeys.adminCertificates(keyword), queryFn: () => examsApi.adminCertificates(keyword) });
  return (
    <Card
      title="证书管理"
      className="exam-card"
      extra={<Input.Search allowClear placeholder="证书编号、姓名或手机号" onSearch={(v) => setKeyword(v.trim())} style={{ width: 260 }} />}
    >
      <Table<AdminCertificate>
        rowKey="id"
        loading={list.isPending}
        dataSource={list.data ?? []}
        scroll={{ x: 900 }}
        columns={[
          { title: '证书编号', dataIndex: 'number' },
          { title: '持证人', dataIndex: 'holder_name' },
          { title: '手机号', dataIndex: 'user_phone' },
          { title: '证书名称', render: (_, c) => `${c.exam_name}证书` },
          { title: '成绩', dataIndex: 'score' },
          { title: '发证日期', render: (_, c) => dateOnly(c.issued_at) },
          {
            title: '状态',
            render: (_, c) => (
              <span>
                <Tag color={c.state === 'valid' ? 'success' : c.state === 'revoked' ? 'error' : 'default'}>{CERTIFICATE_STATE_LABELS[c.state]}</Tag>
                {c.revoke_reason && <div className="exam-muted">{c.revoke_reason}</div>}
              </span>
            ),
          },
          {
            title: '操作',
            render: (_, c) =>
              c.state !== 'revoked' && (
                <Button size="small" danger onClick={() => setRevoking(c)}>
                  撤销
                </Button>
              ),
          },
        ]}
      />
      {revoking && <RevokeModal cert={revoking} onClose={() => setRevoking(null)} />}
    </Card>
  );
}
