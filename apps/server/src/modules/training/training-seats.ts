import { sql } from 'drizzle-orm';
import {
  SEAT_EVENT_LABELS,
  SEAT_TERM_DAYS,
  trainingMessages as m,
  type SeatEvent,
  type SeatEventAction,
  type Seat,
  type SeatTier,
  type Seats,
} from '@app/contracts';
import type { Db } from '../../db/client';
import { pgArray } from '../../db/pg-array';
import { lockKey, rowsOf, type Executor } from '../../db/sql';
import { AppError } from '../../lib/app-error';
import { chinaDay } from '../../lib/china-time';
import type { Clock } from '../../lib/clock';
import type { MessagesService } from '../messages';
import { activeEmployment } from './training-people';
import { companyFacts, iso, isoOrNull, personName } from './training-shared';
import { trainingSeatEvents, trainingSeatTiers, trainingSeats } from './training.table';

const DAY_MS = 86_400_000;

/** Keeps users.seat_end_at equal to the term of the seat each person holds (membership reads the later of it and their own). */
export async function syncSeatEnds(ex: Executor, userIds: readonly number[]): Promise<void> {
  if (userIds.length === 0) return;
  await ex.execute(
    sql`UPDATE users u SET seat_end_at = (SELECT max(s.ends_at) FROM ${trainingSeats} s WHERE s.holder_user_id = u.id)
         WHERE u.id = ANY(${pgArray([...userIds])}::int[])`,
  );
}

async function recordEvents(
  ex: Executor,
  rows: { seatId: number; companyId: number; action: SeatEventAction; employmentId: number | null; actorId: number | null; reason?: string | null }[],
  now: Date,
): Promise<void> {
  if (rows.length === 0) return;
  await ex.insert(trainingSeatEvents).values(rows.map((r) => ({ ...r, reason: r.reason ?? null, at: now })));
}

/** Frees every seat an employment holds (leaving, removal): recorded as returned by `actorId`. */
export async function releaseSeatsOf(
  ex: Executor,
  v: { employmentId: number; companyId: number; actorId: number | null; now: Date; action?: SeatEventAction; reason?: string },
): Promise<void> {
  const freed = await rowsOf<{ id: number; user_id: number }>(
    ex,
    sql`UPDATE ${trainingSeats} s SET holder_employment_id = NULL, holder_user_id = NULL, assigned_at = NULL
          FROM (SELECT id, holder_user_id FROM ${trainingSeats} WHERE holder_employment_id = ${v.employmentId} FOR UPDATE) old
         WHERE s.id = old.id RETURNING s.id, old.holder_user_id AS user_id`,
  );
  await recordEvents(
    ex,
    freed.map((f) => ({ seatId: f.id, companyId: v.companyId, action: v.action ?? 'returned', employmentId: v.employmentId, actorId: v.actorId, reason: v.reason })),
    v.now,
  );
  await syncSeatEnds(ex, freed.map((f) => f.user_id));
}

/** The tier an order of `quantity` seats is priced at: the one with the largest minimum it reaches. */
export function tierFor(tiers: readonly { minQuantity: number; price: number }[], quantity: number) {
  let best: { minQuantity: number; price: number } | undefined;
  for (const t of tiers) if (t.minQuantity <= quantity && (!best || t.minQuantity > best.minQuantity)) best = t;
  return best;
}

export async function seatTiers(ex: Executor): Promise<SeatTier[]> {
  const rows = await ex.select().from(trainingSeatTiers).orderBy(trainingSeatTiers.minQuantity);
  return rows.map((t) => ({ id: t.id, min_quantity: t.minQuantity, price: t.price }));
}

/**
 * What the members area needs to sell seats (POST /api/orders product_type seats): the price of an order, and its
 * effect once paid (inside the paying transaction).
 */
export function seatProducts(ex: Executor) {
  return {
    async quote(companyId: number, quantity: number): Promise<{ subject: string; amount: number; listPrice: number; periodDays: number }> {
      const [account] = await rowsOf<{ role: string }>(ex, sql`SELECT role FROM users WHERE id = ${companyId}`);
      if (account?.role !== 'company') throw AppError.forbidden(m.companyOnly);
      if (!(await companyFacts(ex, companyId)).verified) throw AppError.forbidden(m.companyNotVerified);
      const tiers = await ex.select().from(trainingSeatTiers);
      const tier = tierFor(tiers, quantity);
      const base = tierFor(tiers, 1);
      if (!tier || !base) throw AppError.conflict(m.noTier);
      return {
        subject: `学员卡 ${quantity}张（每张${SEAT_TERM_DAYS}天会员）`,
        amount: tier.price * quantity,
        listPrice: Math.max(base.price, tier.price) * quantity,
        periodDays: SEAT_TERM_DAYS,
      };
    },

    /** The paid order's seats, each running SEAT_TERM_DAYS from payment. */
    async grant(v: { companyId: number; orderId: number; quantity: number; periodDays: number; now: Date }): Promise<Date> {
      const endsAt = new Date(v.now.getTime() + v.periodDays * DAY_MS);
      const seats = await rowsOf<{ id: number }>(
        ex,
        sql`INSERT INTO ${trainingSeats} (company_id, order_id, starts_at, ends_at)
            SELECT ${v.companyId}, ${v.orderId}, ${v.now}, ${endsAt} FROM generate_series(1, ${v.quantity}) RETURNING id`,
      );
      await recordEvents(ex, seats.map((s) => ({ seatId: s.id, companyId: v.companyId, action: 'purchased' as const, employmentId: null, actorId: v.companyId })), v.now);
      return endsAt;
    },
  };
}

interface SeatRow {
  id: number;
  order_no: string;
  starts_at: Date | string;
  ends_at: Date | string;
  holder_employment_id: number | null;
  holder_name: string | null;
  assigned_at: Date | string | null;
}

interface EventRow {
  id: number;
  seat_id: number;
  action: SeatEventAction;
  employee: string | null;
  actor_company: boolean;
  actor_name: string | null;
  reason: string | null;
  at: Date | string;
}

/** A company's seats and their history (the company's screen and staff's fixing drawer read the same). */
export async function companySeats(ex: Executor, companyId: number, now: Date): Promise<{ seats: Seat[]; events: SeatEvent[] }> {
  const [seats, events] = await Promise.all([
    rowsOf<SeatRow>(
      ex,
      sql`SELECT s.id, o.order_no, s.starts_at, s.ends_at, s.holder_employment_id, ${personName('u')} AS holder_name, s.assigned_at
            FROM ${trainingSeats} s JOIN members_orders o ON o.id = s.order_id
            LEFT JOIN users u ON u.id = s.holder_user_id
           WHERE s.company_id = ${companyId}
           ORDER BY (s.ends_at > ${now}) DESC, s.id`,
    ),
    rowsOf<EventRow>(
      ex,
      sql`SELECT ev.id, ev.seat_id, ev.action, ${personName('eu')} AS employee, ev.actor_id = ev.company_id AS actor_company,
                 ${personName('au')} AS actor_name, ev.reason, ev.at
            FROM ${trainingSeatEvents} ev
            LEFT JOIN training_employments e ON e.id = ev.employment_id
            LEFT JOIN users eu ON eu.id = e.user_id
            LEFT JOIN users au ON au.id = ev.actor_id
           WHERE ev.company_id = ${companyId}
           ORDER BY ev.at DESC, ev.id DESC LIMIT 200`,
    ),
  ]);
  return {
    seats: seats.map((s) => ({
      id: s.id,
      order_no: s.order_no,
      starts_at: iso(s.starts_at),
      ends_at: iso(s.ends_at),
      expired: new Date(s.ends_at) <= now,
      holder: s.holder_employment_id !== null ? { employment_id: s.holder_employment_id, name: s.holder_name ?? '' } : null,
      assigned_at: isoOrNull(s.assigned_at),
    })),
    events: events.map((e) => ({
      id: e.id,
      seat_id: e.seat_id,
      action: e.action,
      action_label: SEAT_EVENT_LABELS[e.action],
      employee: e.action === 'purchased' ? null : e.employee,
      actor: e.action.startsWith('staff_') ? '平台工作人员' : e.actor_company ? '单位' : (e.actor_name ?? '员工本人'),
      reason: e.reason,
      at: iso(e.at),
    })),
  };
}

/** Puts `employmentId` on seat `seatId` (free and running), recording who did it; messages the employee. */
export async function putOnSeat(
  tx: Executor,
  messages: MessagesService,
  v: { companyId: number; seatId: number; employmentId: number; userId: number; actorId: number; action: SeatEventAction; reason?: string; now: Date },
): Promise<void> {
  // A seat the person still holds but that has run out is let go first (one seat per person).
  const [held] = await rowsOf<{ id: number; company_id: number; holder_employment_id: number; ends_at: Date | string }>(
    tx,
    sql`SELECT id, company_id, holder_employment_id, ends_at FROM ${trainingSeats} WHERE holder_user_id = ${v.userId} FOR UPDATE`,
  );
  if (held) {
    if (new Date(held.ends_at) > v.now) throw AppError.conflict(m.employeeHasSeat);
    await tx.execute(sql`UPDATE ${trainingSeats} SET holder_employment_id = NULL, holder_user_id = NULL, assigned_at = NULL WHERE id = ${held.id}`);
    const action = v.action === 'staff_assigned' ? 'staff_returned' : 'returned';
    await recordEvents(tx, [{ seatId: held.id, companyId: held.company_id, action, employmentId: held.holder_employment_id, actorId: v.actorId, reason: '学员卡已到期' }], v.now);
  }
  const [seat] = await rowsOf<{ ends_at: Date | string }>(
    tx,
    sql`UPDATE ${trainingSeats} SET holder_employment_id = ${v.employmentId}, holder_user_id = ${v.userId}, assigned_at = ${v.now}
         WHERE id = ${v.seatId} AND holder_user_id IS NULL AND ends_at > ${v.now} RETURNING ends_at`,
  );
  if (!seat) throw AppError.conflict(m.seatTaken);
  await recordEvents(tx, [{ seatId: v.seatId, companyId: v.companyId, action: v.action, employmentId: v.employmentId, actorId: v.actorId, reason: v.reason }], v.now);
  await syncSeatEnds(tx, [v.userId]);
  const { name } = await companyFacts(tx, v.companyId);
  await messages.send(v.userId, '单位为您开通了学员卡', `${name}为您分配了学员卡，您已享有会员权益，有效期至${chinaDay(new Date(seat.ends_at))}。`, tx);
}

export function createSeats(deps: { db: Db; clock: Clock; messages: MessagesService }) {
  const { db, clock, messages } = deps;

  async function view(companyId: number): Promise<Seats> {
    const now = clock.now();
    const [tiers, seats] = await Promise.all([seatTiers(db), companySeats(db, companyId, now)]);
    return { tiers, ...seats };
  }

  return {
    view,

    /** One free, running seat to each employee named; all or nothing (409 when there are fewer free seats than people). */
    async assign(companyId: number, employmentIds: readonly number[]): Promise<Seats> {
      const now = clock.now();
      const wanted = [...new Set(employmentIds)];
      await db.transaction(async (tx) => {
        await lockKey(tx, `training-seats:${companyId}`);
        const people = [];
        for (const id of wanted) people.push(await activeEmployment(tx, companyId, id, true));
        const free = await rowsOf<{ id: number }>(
          tx,
          sql`SELECT id FROM ${trainingSeats} WHERE company_id = ${companyId} AND holder_user_id IS NULL AND ends_at > ${now}
               ORDER BY ends_at, id LIMIT ${wanted.length} FOR UPDATE`,
        );
        if (free.length === 0) throw AppError.conflict(m.noSeatLeft);
        if (free.length < wanted.length) throw AppError.conflict(m.tooManyForSeats(wanted.length, free.length));
        for (const [i, p] of people.entries()) {
          await putOnSeat(tx, messages, { companyId, seatId: free[i]!.id, employmentId: p.id, userId: p.user_id, actorId: companyId, action: 'assigned', now });
        }
      });
      return view(companyId);
    },

    /** Takes a seat back from its holder: free again for another employee, the holder's membership follows. */
    async giveBack(companyId: number, seatId: number): Promise<Seats> {
      const now = clock.now();
      await db.transaction(async (tx) => {
        const [seat] = await rowsOf<{ holder_employment_id: number | null; holder_user_id: number | null }>(
          tx,
          sql`SELECT holder_employment_id, holder_user_id FROM ${trainingSeats} WHERE id = ${seatId} AND company_id = ${companyId} FOR UPDATE`,
        );
        if (!seat) throw AppError.notFound(m.seatNotFound);
        if (seat.holder_employment_id === null) throw AppError.conflict(m.seatNotAssigned);
        await releaseSeatsOf(tx, { employmentId: seat.holder_employment_id, companyId, actorId: companyId, now });
        const { name } = await companyFacts(tx, companyId);
        await messages.send(seat.holder_user_id!, '学员卡已收回', `${name}收回了为您分配的学员卡，单位为您开通的会员权益随之结束。`, tx);
      });
      return view(companyId);
    },
  };
}
