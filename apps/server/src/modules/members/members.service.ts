import { randomInt } from 'node:crypto';
import QRCode from 'qrcode';
import {
  MEMBER_BENEFITS_PRIMARY,
  MEMBER_BENEFITS_SECONDARY,
  ORDER_EXPIRY_MS,
  RISK_REPORT_PRICE_FEN,
  SEAT_PRODUCT_ID,
  memberPriceOf,
  membersMessages as m,
  type CreateOrderBody,
  type MemberPlan,
  type Order,
  type OrderListFilter,
  type OrderPage,
  type OrderState,
  type PayOrderResult,
  wechatPayAuthorizePath,
} from '@app/contracts';
import { clientKindOf, type ClientKind } from '../../lib/client-kind';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { pageWindow, toPaged } from '../../lib/pagination';
import { courseCatalog } from '../courses';
import { riskReportSales } from '../tools';
import { createExamProducts } from '../exams';
import { seatProducts } from '../training';
import { accountChanges } from '../users';
import type { MessagesService } from '../messages';
import { membersRepository as repo, type OrderRow, type OrderWithInvoice } from './members.repository';
import {
  PaymentNotificationError,
  type IncomingNotification,
  type NotificationAck,
  type PaymentProvider,
  type VerifiedNotification,
} from './payment/payment-provider';

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

function toOrder(o: OrderWithInvoice, now: Date): Order {
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

function refusal(state: OrderState): AppError {
  if (state === 'paid') return AppError.conflict(m.orderPaid);
  if (state === 'cancelled') return AppError.conflict(m.orderCancelled);
  if (state === 'expired') return AppError.conflict(m.orderExpired);
  return AppError.conflict(m.orderNotPending);
}

/** What became of a notification; recorded with it. */
export type NotificationOutcome =
  | 'paid'
  | 'duplicate'
  | 'not_paid'
  | 'unknown_order'
  | 'expired'
  | 'cancelled'
  | 'amount_mismatch'
  | 'invalid_signature'
  | 'merchant_mismatch'
  | 'invalid_format'
  | 'channel_disabled'
  /** Verified, but applying it failed (database error): nothing changed, the channel retries. */
  | 'error';

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

/** The Chinese guidance for a browser the configured channel cannot collect in. */
function guidanceFor(channel: PaymentProvider['channel'], kind: ClientKind): string {
  if (channel === 'alipay') return m.alipayInWechat;
  if (kind === 'alipay') return m.wechatPayInAlipay;
  return m.wechatPayNeedsBrowser;
}

export function createMembersService({ db, clock, messages, provider, log, payerSource }: MembersServiceDeps) {
  async function mine(userId: number, where: { id?: number; orderNo?: string }) {
    const order = await repo.findWithInvoice(db, { ...where, userId });
    if (!order) throw AppError.notFound(m.orderNotFound);
    return order;
  }

  /**
   * Before a pending order is cancelled or replaced: makes it unpayable at the channel it was sent to with /pay.
   * An order never sent (channel null) has nothing to close; one sent to a channel that is no longer configured
   * cannot be called, and that channel's notifications are refused anyway (`channel_disabled`). When the channel
   * says the trade is paid, or cannot be reached, the order must stay pending so the notification can still land.
   */
  async function closeAtChannel(order: Pick<OrderRow, 'orderNo' | 'channel'>): Promise<void> {
    if (order.channel === null || order.channel !== provider.channel) return;
    try {
      await provider.closePayment(order.orderNo);
    } catch (err) {
      log?.warn(
        { err, orderNo: order.orderNo, channel: order.channel, detail: (err as { detail?: string }).detail },
        'payment channel did not confirm closing the order; order left pending',
      );
      throw AppError.conflict(m.paymentCloseUnconfirmed);
    }
  }

  /** Channel first, then the database; false when the order was no longer cancellable (e.g. paid meanwhile). */
  async function closeAndCancel(
    order: Pick<OrderRow, 'id' | 'userId' | 'orderNo' | 'channel'>,
  ): Promise<boolean> {
    await closeAtChannel(order);
    // Cancelled as of after the close: a payment the channel took before the close counts (markPaid).
    return repo.cancel(db, { id: order.id, userId: order.userId, now: clock.now() });
  }

  /** Applies a paid order's effect inside the paying transaction: exactly once, because markPaid matched once. */
  async function applyEffect(
    tx: Parameters<Parameters<Db['transaction']>[0]>[0],
    order: OrderRow,
    now: Date,
  ) {
    if (order.productType === 'member') {
      const end = await accountChanges.extendMembership(tx, {
        userId: order.userId,
        days: order.periodDays ?? 365,
        now,
      });
      await repo.setMemberEnd(tx, order.id, end);
      await messages.send(
        order.userId,
        '会员开通成功',
        `您已成功开通${order.subject}，支付金额${(order.amount / 100).toFixed(2)}元，会员有效期至${chinaDate(end)}。`,
        tx,
      );
    } else if (order.productType === 'risk_report') {
      await riskReportSales(tx).unlock({ userId: order.userId, reportId: order.productId, orderNo: order.orderNo, now });
      await messages.send(
        order.userId,
        '风险检测报告已生成',
        `您购买的${order.subject}已生成，可在个人中心“风险检测报告”中查看和下载。`,
        tx,
      );
    } else if (order.productType === 'seats') {
      const end = await seatProducts(tx).grant({
        companyId: order.userId,
        orderId: order.id,
        quantity: order.quantity,
        periodDays: order.periodDays ?? 365,
        now,
      });
      await messages.send(
        order.userId,
        '学员卡购买成功',
        `您已成功购买${order.subject}，支付金额${(order.amount / 100).toFixed(2)}元，有效期至${chinaDate(end)}。请在“学员卡”中分配给员工；发票可在“订单与发票”中申请。`,
        tx,
      );
    } else if (order.productType === 'exam') {
      const subject = await createExamProducts(tx).grant(tx, {
        userId: order.userId,
        sessionId: order.productId,
        orderNo: order.orderNo,
        now,
      });
      await messages.send(
        order.userId,
        '考试报名成功',
        `您已成功缴费报名${subject || order.subject}，请在考试时间内进入“在线考试”参加考试。`,
        tx,
      );
    } else {
      await courseCatalog(tx).grantCourse({
        userId: order.userId,
        courseId: order.productId,
        source: 'order',
        reference: order.orderNo,
        now,
      });
      await messages.send(
        order.userId,
        '课程购买成功',
        `您已成功购买课程《${order.subject}》，现在就可以开始学习了。`,
        tx,
      );
    }
  }

  /** In ONE transaction: marks the order paid and applies its effect when everything matches; records the notification. */
  function applyVerified(
    verified: VerifiedNotification,
    base: { channel: string; contentType: string | null; rawBody: string; receivedAt: Date },
    now: Date,
  ): Promise<NotificationOutcome> {
    return db.transaction(async (tx): Promise<NotificationOutcome> => {
      let result: NotificationOutcome;
      let detail: string | null = null;
      if (!verified.paid) {
        result = 'not_paid';
      } else {
        const paid = await repo.markPaid(tx, {
          orderNo: verified.orderNo,
          amount: verified.amountFen,
          channel: provider.channel,
          channelTradeNo: verified.channelTradeNo,
          paidAt: verified.paidAt,
          now,
        });
        if (paid) {
          await applyEffect(tx, paid, now);
          result = 'paid';
        } else {
          const order = await repo.findByOrderNo(tx, verified.orderNo);
          if (!order) result = 'unknown_order';
          else if (order.state === 'paid') result = 'duplicate';
          else if (order.amount !== verified.amountFen) {
            result = 'amount_mismatch';
            detail = `notified ${verified.amountFen}, order ${order.amount}`;
          } else if (order.state === 'cancelled') result = 'cancelled';
          else result = 'expired';
        }
      }
      await repo.recordNotification(tx, {
        ...base,
        orderNo: verified.orderNo,
        verified: true,
        outcome: result,
        detail,
      });
      return result;
    });
  }

  return {
    provider,

    async plans(): Promise<MemberPlan[]> {
      const rows = await repo.activePlans(db);
      return rows.map((p) => ({
        id: p.id,
        name: p.name,
        description: p.description,
        price: p.price,
        period_days: p.periodDays,
        benefits_primary: [...MEMBER_BENEFITS_PRIMARY],
        benefits_secondary: [...MEMBER_BENEFITS_SECONDARY],
      }));
    },

    /**
     * Creates an order from the server's own price list, or answers the user's pending order for the same product.
     * The client sends only what it buys.
     */
    async createOrder(
      userId: number,
      body: { product_type: CreateOrderBody['product_type']; product_id: number; quantity?: number },
    ): Promise<Order> {
      const now = clock.now();
      let subject: string;
      let listPrice: number;
      let amount: number;
      let periodDays: number | null = null;
      const quantity = body.product_type === 'seats' ? (body.quantity ?? 1) : 1;
      if (body.product_type === 'seats') {
        if (body.product_id !== SEAT_PRODUCT_ID) throw AppError.notFound(m.seatProductInvalid);
        const quote = await seatProducts(db).quote(userId, quantity);
        subject = quote.subject;
        amount = quote.amount;
        listPrice = quote.listPrice;
        periodDays = quote.periodDays;
      } else if (body.product_type === 'member') {
        const plan = await repo.activePlan(db, body.product_id);
        if (!plan) throw AppError.notFound(m.planNotFound);
        subject = plan.name;
        listPrice = amount = plan.price;
        periodDays = plan.periodDays;
      } else if (body.product_type === 'risk_report') {
        const report = await riskReportSales(db).forSale(userId, body.product_id);
        if (!report) throw AppError.notFound(m.riskReportNotFound);
        if (report === 'ready') throw AppError.conflict(m.riskReportAlreadyReady);
        subject = report.subject;
        listPrice = amount = RISK_REPORT_PRICE_FEN;
      } else if (body.product_type === 'exam') {
        // The exams area checks the registration window, eligibility and seats, and prices the session.
        const quote = await createExamProducts(db).quote(userId, body.product_id, now);
        subject = quote.subject;
        listPrice = amount = quote.amount;
      } else {
        const coursesRepo = courseCatalog(db);
        const found = await coursesRepo.publishedCourse(body.product_id);
        if (!found) throw AppError.notFound(m.courseNotFound);
        const { course } = found;
        if (course.priceType !== 'paid' || course.price <= 0) {
          throw AppError.badRequest(m.courseNotForSale, { product_id: m.courseNotForSale });
        }
        const facts = await coursesRepo.accessFacts(userId, course.id);
        if (facts.granted) throw AppError.conflict(m.courseAlreadyOwned);
        const isMember = facts.memberEndAt !== null && facts.memberEndAt > now;
        subject = course.title;
        listPrice = course.price;
        amount = isMember ? (course.memberPrice ?? memberPriceOf(course.price)) : course.price;
      }
      const product = { userId, productType: body.product_type, productId: body.product_id };
      // A pending order keeps the price it was made with; when this buyer's price has changed since (became a
      // member, the price list changed), it is closed and cancelled, and a new order is made at today's price.
      const existing = await repo.pendingOrder(db, product);
      if (existing && existing.expiresAt > now && existing.amount !== amount) {
        if (!(await closeAndCancel(existing))) {
          const after = await repo.findByOrderNo(db, existing.orderNo);
          if (after?.state === 'paid' && body.product_type === 'course')
            throw AppError.conflict(m.courseAlreadyOwned);
        }
      }
      const id = await db.transaction(async (tx) => {
        await repo.expireStale(tx, { ...product, now });
        await repo.insertPending(tx, {
          ...product,
          orderNo: newOrderNo(now),
          subject,
          amount,
          listPrice,
          periodDays,
          quantity,
          state: 'pending',
          createdAt: now,
          expiresAt: new Date(now.getTime() + ORDER_EXPIRY_MS),
        });
        return repo.pendingFor(tx, product);
      });
      if (id === undefined) throw AppError.conflict();
      return toOrder(await mine(userId, { id }), now);
    },

    async list(userId: number, q: OrderListFilter): Promise<OrderPage> {
      const now = clock.now();
      const { limit, offset } = pageWindow(q);
      const { list, total } = await repo.page(db, userId, {
        state: q.state,
        productType: q.product_type,
        invoiceable: q.invoiceable,
        now,
        limit,
        offset,
      });
      return toPaged(
        list.map((o) => toOrder(o, now)),
        total,
        q,
      );
    },

    async show(userId: number, id: number): Promise<Order> {
      return toOrder(await mine(userId, { id }), clock.now());
    },

    async check(userId: number, orderNo: string): Promise<Order> {
      return toOrder(await mine(userId, { orderNo }), clock.now());
    },

    /**
     * Closes the payment at the channel FIRST, then cancels: a payer scanning an old QR code afterwards cannot pay.
     * If the channel says it is paid, or cannot confirm, the order stays pending (409) so the notification lands.
     */
    async cancel(userId: number, id: number): Promise<Order> {
      const now = clock.now();
      const order = await mine(userId, { id });
      const state = effectiveState(order, now);
      if (state !== 'pending') throw refusal(state);
      if (!(await closeAndCancel(order))) {
        const after = clock.now();
        throw refusal(effectiveState(await mine(userId, { id }), after));
      }
      return toOrder(await mine(userId, { id }), clock.now());
    },

    /**
     * Asks the channel to collect a pending order (again, if asked twice: the sandbox answers the same link), in
     * the mode the browser calls for: a desk gets a QR code (or the page-pay link), a phone browser WeChat Pay H5
     * or Alipay wap pay, WeChat's browser JSAPI. Where the channel cannot collect (Alipay inside WeChat, or JSAPI
     * without WeChat authorisation wired), the answer is guidance in Chinese and the channel is not called; a
     * member without an openid yet is sent to WeChat authorisation first, which comes back to the order page.
     * `origin` is this site's configured public address (PUBLIC_BASE_URL), never a Host header a client could forge.
     */
    async pay(userId: number, id: number, origin: string, client: PayingClient = {}): Promise<PayOrderResult> {
      const now = clock.now();
      const order = await mine(userId, { id });
      const state = effectiveState(order, now);
      if (state !== 'pending') throw refusal(state);
      const orderPath = `/payment?order_no=${encodeURIComponent(order.orderNo)}`;
      const kind = clientKindOf(client.userAgent);
      const mode = provider.modes[kind];
      const none = { qr_content: null, qr_image: null, pay_url: null };
      if (mode === null || (mode === 'jsapi' && !payerSource?.canAuthorize())) {
        return {
          mode: 'open_in_browser',
          order: toOrder(order, now),
          channel: provider.channel,
          ...none,
          guidance: guidanceFor(provider.channel, kind),
        };
      }
      let payerOpenid: string | undefined;
      if (mode === 'jsapi') {
        payerOpenid = (await payerSource!.openidOf(userId)) ?? undefined;
        if (!payerOpenid) {
          return {
            mode: 'jsapi',
            order: toOrder(order, now),
            channel: provider.channel,
            ...none,
            bridge: null,
            authorize_url: wechatPayAuthorizePath(orderPath),
          };
        }
      }
      // Recorded BEFORE the channel hears of the order, so a cancel running meanwhile knows to close it there.
      if (!(await repo.setChannel(db, id, provider.channel)))
        throw refusal(effectiveState(await mine(userId, { id }), now));
      let result;
      try {
        result = await provider.createPayment({
          orderNo: order.orderNo,
          amountFen: order.amount,
          subject: order.subject,
          notifyUrl: `${origin}/api/payments/notify/${provider.channel}`,
          returnUrl: `${origin}${orderPath}`,
          expiresAt: order.expiresAt,
          clientIp: client.ip,
          mode,
          payerOpenid,
        });
      } catch (err) {
        // Channel adapters throw a PaymentChannelError (a 503 AppError with a Chinese message); anything else is ours.
        if (err instanceof AppError) throw err;
        throw new AppError(503, m.paymentStartFailed);
      }
      // Cancelled (or replaced) while the channel was being asked: close what was just opened, hand out nothing.
      const current = await mine(userId, { id });
      if (current.state !== 'pending') {
        await provider.closePayment(order.orderNo).catch((err: unknown) => {
          log?.warn(
            { err, orderNo: order.orderNo },
            'closing a payment opened for an order cancelled meanwhile failed',
          );
        });
        throw refusal(effectiveState(current, clock.now()));
      }
      const base = { order: toOrder(current, now), channel: provider.channel, ...none };
      if (mode === 'jsapi') {
        if (!result.jsapi) throw new AppError(503, m.paymentStartFailed);
        return { ...base, mode: 'jsapi', bridge: result.jsapi, authorize_url: null };
      }
      const qrContent = result.qrContent ?? null;
      if (qrContent) {
        const svg = await QRCode.toString(qrContent, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
        return {
          ...base,
          mode: 'qr',
          qr_content: qrContent,
          qr_image: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
          pay_url: result.payUrl ?? null,
        };
      }
      if (!result.payUrl) throw new AppError(503, m.paymentStartFailed);
      return { ...base, mode: 'redirect', pay_url: result.payUrl };
    },

    /**
     * Handles one notification from a channel: verifies it, then in ONE transaction records it and, for a
     * genuine payment of a pending, unexpired order of the right amount, marks the order paid and applies the
     * effect. Anything else is recorded and changes nothing. Answers what the channel expects.
     */
    async handleNotification(
      channel: string,
      n: IncomingNotification,
    ): Promise<{ ack: NotificationAck; outcome: NotificationOutcome }> {
      const now = clock.now();
      const base = { channel, contentType: n.contentType ?? null, rawBody: n.rawBody, receivedAt: now };
      if (channel !== provider.channel) {
        await repo.recordNotification(db, { ...base, verified: false, outcome: 'channel_disabled' });
        return { ack: provider.acknowledge(false), outcome: 'channel_disabled' };
      }
      let verified;
      try {
        verified = await provider.verifyNotification(n);
      } catch (err) {
        const reason = err instanceof PaymentNotificationError ? err.reason : 'format';
        const outcome: NotificationOutcome =
          reason === 'signature'
            ? 'invalid_signature'
            : reason === 'merchant'
              ? 'merchant_mismatch'
              : 'invalid_format';
        await repo.recordNotification(db, {
          ...base,
          verified: false,
          outcome,
          detail: (err as Error).message?.slice(0, 200) ?? null,
        });
        return { ack: provider.acknowledge(false), outcome };
      }
      let outcome: NotificationOutcome;
      try {
        outcome = await applyVerified(verified, base, now);
      } catch (err) {
        // Nothing was applied (the transaction rolled back); keep the notification and let the channel retry.
        await repo.recordNotification(db, {
          ...base,
          orderNo: verified.orderNo,
          verified: true,
          outcome: 'error',
          detail: String((err as Error)?.message ?? err).slice(0, 200),
        });
        return { ack: provider.acknowledge(false), outcome: 'error' };
      }
      // Processed (or already processed): the channel may stop retrying. Refusals keep it retrying, so staff see them.
      return {
        ack: provider.acknowledge(outcome === 'paid' || outcome === 'duplicate' || outcome === 'not_paid'),
        outcome,
      };
    },

    /** The order behind a cashier ticket, for the sandbox cashier page (no login: the ticket is the proof). */
    async orderForCashier(orderNo: string) {
      const order = await repo.findByOrderNo(db, orderNo);
      if (!order) throw AppError.notFound(m.cashierTokenInvalid);
      return { order, state: effectiveState(order, clock.now()) };
    },
  };
}

export type MembersService = ReturnType<typeof createMembersService>;
