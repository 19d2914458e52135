import type { ColumnType } from 'antd/es/table';
import { INVOICE_TITLE_TYPE_LABELS, type Invoice } from '@app/contracts';
import { InvoiceStateTag } from './state-tags';

// Table columns the member's invoice list and the staff invoice page show alike (class names: pages/member-pages.css).

/** The order's subject with its number below. */
export function invoiceOrderColumn<T extends Invoice>(): ColumnType<T> {
  return {
    title: '订单',
    key: 'order',
    width: 250,
    render: (_, i) => (
      <>
        <div>{i.order_subject}</div>
        <div className="order-no">{i.order_no}</div>
      </>
    ),
  };
}

/** Title with its kind, the tax number when there is one, and the e-mail the invoice goes to. */
export function invoiceTitleColumn<T extends Invoice>(minWidth: number): ColumnType<T> {
  return {
    title: '抬头',
    key: 'title',
    minWidth,
    render: (_, i) => (
      <>
        <div>
          {i.title}（{INVOICE_TITLE_TYPE_LABELS[i.title_type]}）
        </div>
        {i.tax_no && <div className="order-no">税号：{i.tax_no}</div>}
        <div className="order-no">{i.email}</div>
      </>
    ),
  };
}

/** The state tag, and the reason of a rejection. */
export function invoiceStateColumn<T extends Invoice>(width: number): ColumnType<T> {
  return {
    title: '状态',
    key: 'state',
    width,
    render: (_, i) => (
      <>
        <InvoiceStateTag state={i.state} />
        {i.state === 'rejected' && i.reject_reason && <span className="invoice-reason">驳回原因：{i.reject_reason}</span>}
      </>
    ),
  };
}
