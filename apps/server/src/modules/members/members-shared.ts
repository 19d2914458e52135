// What the members services' use cases share: their dependencies and the ports they take, China-time order
// numbers and dates, an order as its buyer sees it, and the refusal of an order that is no longer pending.
import { randomInt } from 'node:crypto';
import { membersMessages as m, type Order, type OrderState } from '@app/contracts';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { MessagesService } from '../messages';
import { membersRepository as repo, type OrderRow, type OrderWithInvoice } from './members.repository';
import type { PaymentProvider } from './payment/payment-provider';

const CHINA_OFFSET_MS = 8 * 3_600_000;

/** yyyy-MM-dd in China time, for messages. */
export function chinaDate(d: Date): string {
  return new Date(d.getTime() + CHINA_OFFSET_MS).toISOString().slice(0, 10);
}

/** 14 digits of China time + 16 random digits = 30 characters: unique, sortable, valid for every channel. */
export function newOrderNo(now: Date): string {
  const stamp = new Date(now.getTime() + CHINA_OFFSET_MS).toISOString().replace(/\D/g, '').slice(0, 14);
  let rand = '';
  for (let i = 0; i < 16; i++) rand += String(randomInt(10));
  return stamp + rand;
}

/** The state a reader sees: a stored pending order past its expiry is expired. */
export function effectiveState(o: Pick<OrderRow, 'state' | 'expiresAt'>, now: Date): OrderState {
  return o.state === 'pending' && o.expiresAt.getTime() <= now.getTime() ? 'expired' : o.state;
}

export function toOrder(o: OrderWithInvoice, now: Date): Order {
  const state = effectiveState(o, now);
  return {
    id: o.id,
    order_no: o.orderNo,
    product_type: o.productType,
    product_id: o.productId,
    subject: o.subject,
    quantity: o.quantity,
    amount: o.amount,
    list_price: o.listPrice,
    state,
    channel: o.channel,
    created_at: o.createdAt.toISOString(),
    expires_at: o.expiresAt.toISOString(),
    paid_at: o.paidAt?.toISOString() ?? null,
    cancelled_at: o.cancelledAt?.toISOString() ?? null,
    member_end_at: o.memberEndAt?.toISOString() ?? null,
    invoice:
      o.invoiceId !== null && o.invoiceState !== null ? { id: o.invoiceId, state: o.invoiceState } : null,
    invoiceable: state === 'paid' && (o.invoiceState === null || o.invoiceState === 'rejected'),
  };
}

export function refusal(state: OrderState): AppError {
  if (state === 'paid') return AppError.conflict(m.orderPaid);
  if (state === 'cancelled') return AppError.conflict(m.orderCancelled);
  if (state === 'expired') return AppError.conflict(m.orderExpired);
  return AppError.conflict(m.orderNotPending);
}

/**
 * The payer's WeChat identity, for JSAPI payment inside WeChat. Declared here and implemented by the WeChat
 * authorisation area (openid under the official account whose app id WeChat Pay uses); the app wires it in.
 * Null when the member has not authorised WeChat yet.
 */
export interface WechatPayerSource {
  openidOf(userId: number): Promise<string | null>;
  /** WeChat authorisation is configured, so a payer without an openid can get one (otherwise: open in a browser). */
  canAuthorize(): boolean;
}

/** The browser asking to pay: its address (H5 needs it) and what kind it is (the mode depends on it). */
export interface PayingClient {
  ip?: string;
  userAgent?: string;
}

export interface MembersServiceDeps {
  db: Db;
  clock: Clock;
  messages: MessagesService;
  /** The configured payment channel. */
  provider: PaymentProvider;
  /** Where a channel's refusal to close a payment is logged (the payer only sees a Chinese message). */
  log?: { warn(obj: object, msg: string): void };
  /** The payer's openid for JSAPI; without it, WeChat's browser gets the open-in-browser guidance instead. */
  payerSource?: WechatPayerSource;
}

/** The buyer's own order, shared by the use cases. */
export function createMembersShared({ db }: Pick<MembersServiceDeps, 'db'>) {
  async function mine(userId: number, where: { id?: number; orderNo?: string }) {
    const order = await repo.findWithInvoice(db, { ...where, userId });
    if (!order) throw AppError.notFound(m.orderNotFound);
    return order;
  }

  return { mine };
}
export type MembersShared = ReturnType<typeof createMembersShared>;
