// Members by use case: a payment channel's notifications, verified and recorded, and a paid order's effect
// (membership, risk report, seats, exam registration or course) applied exactly once in the paying transaction.
import type { Db } from '../../db/client';
import { courseCatalog } from '../courses';
import { createExamProducts } from '../exams';
import { riskReportSales } from '../tools';
import { seatProducts } from '../training';
import { accountChanges } from '../users';
import { chinaDate, type MembersServiceDeps } from './members-shared';
import { membersRepository as repo, type OrderRow } from './members.repository';
import {
  PaymentNotificationError,
  type IncomingNotification,
  type NotificationAck,
  type VerifiedNotification,
} from './payment/payment-provider';

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

export function createMembersNotificationsService({
  db,
  clock,
  messages,
  provider,
}: Pick<MembersServiceDeps, 'db' | 'clock' | 'messages' | 'provider'>) {
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
  };
}
