import { Tag } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { INVOICE_KIND_LABELS, INVOICE_TITLE_TYPE_LABELS, type Invoice } from '@app/contracts';
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

/**
 * Title with its type, the invoice kind, the tax number when there is one, a special invoice's registered address and
 * phone, bank and account (staff issue it from these), and the e-mail the invoice goes to.
 */
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
        <Tag className="invoice-kind" color={i.invoice_kind === 'special' ? 'gold' : undefined}>
          {INVOICE_KIND_LABELS[i.invoice_kind]}
        </Tag>
        {i.tax_no && <div className="order-no">税号：{i.tax_no}</div>}
        {i.invoice_kind === 'special' && (
          <>
            {i.reg_address && <div className="order-no">注册地址：{i.reg_address}</div>}
            {i.reg_phone && <div className="order-no">注册电话：{i.reg_phone}</div>}
            {i.bank_name && <div className="order-no">开户银行：{i.bank_name}</div>}
            {i.bank_account && <div className="order-no">银行账号：{i.bank_account}</div>}
          </>
        )}
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
