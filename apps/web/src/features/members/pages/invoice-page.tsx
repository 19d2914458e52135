import { App, Button, Card, Empty, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { DEFAULT_PER_PAGE, type Invoice } from '@app/contracts';
import { chinaDateTime } from '@/shared/lib/china-time';
import { useInvoices } from '../api/use-members';
import { downloadInvoicePdf } from '../lib/download-invoice';
import { invoiceOrderColumn, invoiceStateColumn, invoiceTitleColumn } from '../lib/invoice-columns';
import { demandInvoicePath, ORDERS_PATH } from '../lib/member-paths';
import { yuan } from '../lib/money';
import { tablePagination } from '../lib/table-pagination';
import './member-pages.css';
import { ScrollCue, TABLE_SCROLLER, usePhoneTable } from '@/shared/ui/scroll-cue';

function DownloadButton({ invoice }: { invoice: Invoice }) {
  const [busy, setBusy] = useState(false);
  const { message } = App.useApp();
  return (
    <Button
      type="link"
      size="small"
      loading={busy}
      onClick={() => {
        setBusy(true);
        downloadInvoicePdf(invoice)
          .catch(() => message.error('发票下载失败，请稍后再试'))
          .finally(() => setBusy(false));
      }}
    >
      下载PDF
    </Button>
  );
}

const COLUMNS: ColumnsType<Invoice> = [
  invoiceOrderColumn(),
  invoiceTitleColumn(180),
  { title: '金额', key: 'amount', width: 100, align: 'right', render: (_, i) => <span className="money">{yuan(i.amount)}</span> },
  { title: '申请时间', key: 'at', width: 140, render: (_, i) => chinaDateTime(i.requested_at) },
  invoiceStateColumn(130),
  {
    title: '操作',
    key: 'actions',
    width: 100,
    fixed: 'right',
    render: (_, i) =>
      i.state === 'issued' ? (
        <DownloadButton invoice={i} />
      ) : i.state === 'rejected' ? (
        <Link to={demandInvoicePath(i.order_id)}>重新申请</Link>
      ) : (
        <span className="invoice-wait">等待开具</span>
      ),
  },
];

/** /center/invoice: my invoice requests: waiting, issued (download the PDF) or rejected (with the reason). */
export default function InvoicePage() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const invoices = useInvoices({ page, per: DEFAULT_PER_PAGE });
  const table = usePhoneTable(COLUMNS, { x: 920 });
  return (
    <Card className="member-page" variant="borderless" title="我的发票" extra={<Link to={ORDERS_PATH}>我的订单</Link>}>
      <ScrollCue label="发票列表" scroller={TABLE_SCROLLER}>
        <Table<Invoice>
          rowKey="id"
          {...table}
          dataSource={invoices.data?.list ?? []}
          loading={invoices.isFetching}
          locale={{
            emptyText: (
              <Empty description={invoices.isError ? '发票加载失败' : '暂无发票申请'}>
                {!invoices.isError && <Link to={ORDERS_PATH}>去订单中申请发票</Link>}
              </Empty>
            ),
          }}
          pagination={tablePagination(invoices.data, (p) => setParams(p === 1 ? {} : { page: String(p) }, { replace: true }))}
        />
      </ScrollCue>
    </Card>
  );
}
