// Members by use case: the plans, and a buyer's orders (made from the server's price list, listed,
// cancelled).
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
} from '@app/contracts';
import { AppError } from '../../lib/app-error';
import { pageWindow, toPaged } from '../../lib/pagination';
import { courseCatalog } from '../courses';
import { createExamProducts } from '../exams';
import { riskReportSales } from '../tools';
import { seatProducts } from '../training';
import {
  effectiveState,
  newOrderNo,
  refusal,
  toOrder,
  type MembersServiceDeps,
  type MembersShared,
} from './members-shared';
import { membersRepository as repo, type OrderRow } from './members.repository';

export function createMembersOrdersService(
  { db, clock, provider, log }: Pick<MembersServiceDeps, 'db' | 'clock' | 'provider' | 'log'>,
  { mine }: MembersShared,
) {
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

  return {
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
  };
}
