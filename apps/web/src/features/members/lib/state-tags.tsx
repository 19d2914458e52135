import { Tag } from 'antd';
import { INVOICE_STATE_LABELS, ORDER_STATE_LABELS, type InvoiceState, type OrderState } from '@app/contracts';

const ORDER_COLORS: Record<OrderState, string> = { pending: 'gold', paid: 'green', cancelled: 'default', expired: 'default' };
const INVOICE_COLORS: Record<InvoiceState, string> = { requested: 'processing', issued: 'green', rejected: 'red' };

export function OrderStateTag({ state }: { state: OrderState }) {
  return <Tag color={ORDER_COLORS[state]}>{ORDER_STATE_LABELS[state]}</Tag>;
}

export function InvoiceStateTag({ state }: { state: InvoiceState }) {
  return <Tag color={INVOICE_COLORS[state]}>{INVOICE_STATE_LABELS[state]}</Tag>;
}
