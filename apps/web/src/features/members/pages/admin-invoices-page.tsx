import { UploadOutlined } from '@ant-design/icons';
import { App, Button, Card, Empty, Form, Input, Modal, Segmented, Space, Table, Upload } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  DEFAULT_PER_PAGE,
  INVOICE_PDF_MAX_BYTES,
  INVOICE_REJECT_REASON_MAX_LENGTH,
  INVOICE_STATE_LABELS,
  INVOICE_STATES,
  membersMessages,
  type AdminInvoice,
  type InvoiceState,
} from '@app/contracts';
import { chinaDateTime } from '@/shared/lib/china-time';
import { useAdminInvoices, useIssueInvoice, useRejectInvoice } from '../api/use-members';
import { downloadInvoicePdf } from '../lib/download-invoice';
import { invoiceOrderColumn, invoiceStateColumn, invoiceTitleColumn } from '../lib/invoice-columns';
import { yuan } from '../lib/money';
import { tablePagination } from '../lib/table-pagination';
import './member-pages.css';

type Filter = 'all' | InvoiceState;
const FILTERS: { value: Filter; label: string }[] = [
  ...INVOICE_STATES.map((s) => ({ value: s as Filter, label: INVOICE_STATE_LABELS[s] })),
  { value: 'all', label: '全部' },
];

function filterOf(raw: string | null): Filter {
  if (raw === 'all') return 'all';
  return (INVOICE_STATES as readonly string[]).includes(raw ?? '') ? (raw as InvoiceState) : 'requested';
}

function IssueButton({ invoice }: { invoice: AdminInvoice }) {
  const issue = useIssueInvoice();
  const { message } = App.useApp();
  return (
    <Upload
      accept="application/pdf,.pdf"
      showUploadList={false}
      beforeUpload={(file) => {
        const isPdf = file.type === 'application/pdf' || file.name.toLowerCase().endsWith('.pdf');
        if (!isPdf) {
          message.error(membersMessages.invoicePdfRequired);
          return Upload.LIST_IGNORE;
        }
        if (file.size > INVOICE_PDF_MAX_BYTES) {
          message.error(membersMessages.invoicePdfTooLarge);
          return Upload.LIST_IGNORE;
        }
        return true;
      }}
      customRequest={({ file, onSuccess, onError }) => {
        issue.mutate(
          { id: invoice.id, file: file as File },
          {
            onSuccess: (r) => {
              message.success(membersMessages.invoiceIssued);
              onSuccess?.(r);
            },
            onError: (e) => onError?.(e),
          },
        );
      }}
    >
      <Button type="link" size="small" icon={<UploadOutlined />} loading={issue.isPending}>
        上传发票开具
      </Button>
    </Upload>
  );
}

function RejectButton({ invoice }: { invoice: AdminInvoice }) {
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ reason: string }>();
  const reject = useRejectInvoice();
  const { message } = App.useApp();
  return (
    <>
      <Button type="link" size="small" danger onClick={() => setOpen(true)}>
        驳回
      </Button>
      <Modal
        title={`驳回发票申请（${invoice.order_no}）`}
        open={open}
        okText="确认驳回"
        cancelText="取消"
        okButtonProps={{ danger: true, loading: reject.isPending }}
        destroyOnHidden
        onCancel={() => setOpen(false)}
        onOk={() =>
          form
            .validateFields()
            .then(({ reason }) =>
              reject.mutate(
                { id: invoice.id, body: { reason: reason.trim() } },
                {
                  onSuccess: () => {
                    message.success(membersMessages.invoiceRejected);
                    setOpen(false);
                  },
                },
              ),
            )
            // The form shows what is missing under the field.
            .catch(() => undefined)
        }
      >
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item
            name="reason"
            label="驳回原因"
            rules={[
              { required: true, whitespace: true, message: membersMessages.rejectReasonRequired },
              { max: INVOICE_REJECT_REASON_MAX_LENGTH, message: membersMessages.rejectReasonTooLong },
            ]}
          >
            <Input.TextArea rows={3} maxLength={INVOICE_REJECT_REASON_MAX_LENGTH} showCount placeholder="请说明驳回原因，申请人将看到此内容" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

const COLUMNS: ColumnsType<AdminInvoice> = [
  {
    title: '申请人',
    key: 'user',
    width: 130,
    render: (_, i) => (
      <>
        <div>{i.user.nickname || i.user.phone}</div>
        <div className="order-no">{i.user.phone}</div>
        <div className="order-no">{chinaDateTime(i.requested_at)}</div>
      </>
    ),
  },
  invoiceOrderColumn(),
  invoiceTitleColumn(170),
  {
    title: '开票金额',
    key: 'amount',
    width: 100,
    align: 'right',
    render: (_, i) => (
      <>
        <span className="money">{yuan(i.amount)}</span>
        <div className="order-no">实付 {yuan(i.order_amount)}</div>
      </>
    ),
  },
  invoiceStateColumn(90),
  {
    title: '操作',
    key: 'actions',
    width: 140,
    fixed: 'right',
    render: (_, i) =>
      i.state === 'requested' ? (
        <Space size={0} orientation="vertical" align="start">
          <IssueButton invoice={i} />
          <RejectButton invoice={i} />
        </Space>
      ) : i.state === 'issued' ? (
        <Button type="link" size="small" onClick={() => void downloadInvoicePdf(i)}>
          下载PDF
        </Button>
      ) : null,
  },
];

/** /admin/invoices (staff): invoice requests by state; issue one by uploading its PDF, or reject it with a reason. */
export default function AdminInvoicesPage() {
  const [params, setParams] = useSearchParams();
  const filter = filterOf(params.get('state'));
  const page = Math.max(1, Number(params.get('page')) || 1);
  const invoices = useAdminInvoices({ page, per: DEFAULT_PER_PAGE, ...(filter === 'all' ? {} : { state: filter }) });

  function update(next: { state?: Filter; page?: number }) {
    const p = new URLSearchParams();
    p.set('state', next.state ?? filter);
    if ((next.page ?? 1) > 1) p.set('page', String(next.page));
    setParams(p, { replace: true });
  }

  return (
    <Card className="member-page" variant="borderless" title="发票管理">
      <Segmented aria-label="开票状态" className="member-page__filter" value={filter} options={FILTERS} onChange={(v) => update({ state: v as Filter })} />
      <Table<AdminInvoice>
        rowKey="id"
        columns={COLUMNS}
        dataSource={invoices.data?.list ?? []}
        loading={invoices.isFetching}
        scroll={{ x: 880 }}
        locale={{ emptyText: <Empty description={invoices.isError ? '发票申请加载失败' : '暂无发票申请'} /> }}
        pagination={tablePagination(invoices.data, (p) => update({ page: p }))}
      />
    </Card>
  );
}
