import { App, Button, Card, Form, Input, Modal, Popconfirm, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  CONSULT_DESCRIPTION_MAX,
  CONSULT_PREFERRED_MAX,
  CONSULT_TOPIC_MAX,
  consultMessages as cm,
  type ConsultState,
} from '@app/contracts/qa/qa.rules';
import type { Consultation, ConsultationBody } from '@app/contracts/qa/qa.schemas';
import { isApiError } from '@/shared/lib/api-client';
import { useSessionStore } from '@/shared/lib/session/session-store';
import { qaApi, qaKeys } from '../api/qa-api';
import { ConsultationFacts, ConsultStateTag } from '../components/consultation-list';
import { time } from '../lib/format';
import '../components/qa.css';
import { ScrollCue, TABLE_SCROLLER, usePhoneTable } from '@/shared/ui/scroll-cue';

const PER = 10;

/** /center/finance-consult: request a longer consultation with a think-tank expert, follow its state, cancel it. */
export default function FinanceConsultPage() {
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<ConsultationBody>();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const user = useSessionStore((s) => s.user);
  const list = useQuery({
    queryKey: qaKeys.consultations('mine', { page }),
    queryFn: () => qaApi.myConsultations({ page, per: PER }),
    placeholderData: keepPreviousData,
  });

  const act = async (call: () => Promise<{ message: string }>) => {
    try {
      const res = await call();
      message.success(res.message);
      await queryClient.invalidateQueries({ queryKey: ['qa', 'consultations'] });
      return true;
    } catch (err) {
      if (isApiError(err)) {
        const fields = (err.data as { fieldErrors?: Record<string, string> } | null)?.fieldErrors;
        if (fields)
          form.setFields(
            Object.entries(fields).map(([name, e]) => ({
              name: name as keyof ConsultationBody,
              errors: [e],
            })),
          );
        message.error(err.message);
      } else message.error('操作失败');
      return false;
    }
  };

  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setSaving(true);
    if (await act(() => qaApi.requestConsultation(v))) {
      setOpen(false);
      form.resetFields();
    }
    setSaving(false);
  };

  const columns: ColumnsType<Consultation> = [
    { title: '咨询主题', dataIndex: 'topic' },
    {
      title: '状态',
      dataIndex: 'state',
      width: 90,
      render: (s: ConsultState) => <ConsultStateTag state={s} />,
    },
    { title: '专家', dataIndex: 'expert', width: 100, render: (v: string | null) => v ?? '—' },
    {
      title: '咨询时间',
      dataIndex: 'scheduled_at',
      width: 150,
      render: (v: string | null) => time(v),
    },
    { title: '申请时间', dataIndex: 'created_at', width: 150, render: (v: string) => time(v) },
    {
      title: '操作',
      width: 90,
      render: (_: unknown, c) =>
        c.state === 'requested' || c.state === 'scheduled' ? (
          <Popconfirm
            title="确定取消该咨询吗？"
            okText="确定"
            cancelText="取消"
            onConfirm={() => act(() => qaApi.cancelMyConsultation(c.id))}
          >
            <Button type="link" size="small" danger>
              取消
            </Button>
          </Popconfirm>
        ) : null,
    },
  ];

  const table = usePhoneTable(columns);
  return (
    <Card
      variant="borderless"
      title="财税咨询"
      extra={
        <Button
          type="primary"
          onClick={() => {
            form.setFieldsValue({ contact_name: user?.nickname ?? '', contact_phone: user?.phone ?? '' });
            setOpen(true);
          }}
        >
          申请咨询
        </Button>
      }
    >
      <p className="qa-muted">
        需要较长时间沟通的财税问题（如税务筹划、账务梳理、预算方案），可以预约协会智库专家一对一咨询。工作人员安排专家和时间后，会通过消息中心通知您。
        {user?.role === 'company' && '本公司账号提交的全部咨询都在下方列出。'}
      </p>
      <ScrollCue label="咨询列表" scroller={TABLE_SCROLLER}>
        <Table<Consultation>
          rowKey="id"
          {...table}
          dataSource={list.data?.list ?? []}
          loading={list.isPending}
          locale={{ emptyText: '暂无咨询申请' }}
          expandable={{ expandedRowRender: (c) => <ConsultationFacts c={c} /> }}
          pagination={{
            current: page,
            pageSize: PER,
            total: list.data?.total ?? 0,
            hideOnSinglePage: true,
            showSizeChanger: false,
            onChange: setPage,
          }}
        />
      </ScrollCue>
      <Modal
        open={open}
        title="申请财税咨询"
        okText="提交申请"
        cancelText="取消"
        confirmLoading={saving}
        onOk={() => void submit()}
        onCancel={() => setOpen(false)}
      >
        <Form form={form} layout="vertical" name="finance_consult" validateTrigger={['onBlur', 'onChange']}>
          <Form.Item
            name="topic"
            label="咨询主题"
            rules={[
              { required: true, whitespace: true, message: cm.topicRequired },
              { max: CONSULT_TOPIC_MAX, message: cm.topicTooLong },
            ]}
          >
            <Input maxLength={CONSULT_TOPIC_MAX} placeholder="如：高新技术企业研发费用归集" />
          </Form.Item>
          <Form.Item
            name="description"
            label="问题描述"
            rules={[
              { required: true, whitespace: true, message: cm.descriptionRequired },
              { max: CONSULT_DESCRIPTION_MAX, message: cm.descriptionTooLong },
            ]}
          >
            <Input.TextArea
              rows={5}
              maxLength={CONSULT_DESCRIPTION_MAX}
              showCount
              placeholder="请说明企业或个人的基本情况和希望解决的问题"
            />
          </Form.Item>
          <Form.Item
            name="preferred_time"
            label="方便的时间"
            rules={[
              { required: true, whitespace: true, message: cm.preferredRequired },
              { max: CONSULT_PREFERRED_MAX, message: cm.preferredTooLong },
            ]}
          >
            <Input maxLength={CONSULT_PREFERRED_MAX} placeholder="如：工作日下午" />
          </Form.Item>
          <Form.Item
            name="contact_name"
            label="联系人"
            rules={[
              { required: true, whitespace: true, message: cm.contactNameRequired },
              { max: 20, message: cm.contactNameTooLong },
            ]}
          >
            <Input maxLength={20} autoComplete="name" />
          </Form.Item>
          <Form.Item
            name="contact_phone"
            label="联系电话"
            rules={[
              { required: true, whitespace: true, message: cm.contactPhoneRequired },
              { pattern: /^(1[3-9]\d{9}|0\d{2,3}-?\d{7,8})$/, message: cm.contactPhoneInvalid },
            ]}
          >
            <Input maxLength={13} inputMode="tel" autoComplete="tel" />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
