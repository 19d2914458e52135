import { sql } from 'drizzle-orm';
import {
  maskPhone,
  trainingMessages as m,
  type AdminCompanySeats,
  type AdminTrainingOverview,
  type SeatTier,
  type TrainingPlan,
  type adminCompanyQuerySchema,
  type adminSeatFixBodySchema,
  type saveSeatTierBodySchema,
  type saveTrainingPlanBodySchema,
} from '@app/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { pgArray } from '../../db/pg-array';
import { containsPattern, isUniqueViolation, lockKey, rowsOf, type Executor } from '../../db/sql';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { AuditTrail, StaffActor } from '../audit';
import type { MessagesService } from '../messages';
import { companySeats, putOnSeat, releaseSeatsOf, seatTiers } from './training-seats';
import { companyFacts } from './training-shared';
import { trainingPlans, trainingSeatTiers } from './training.table';

type CompanyQuery = z.output<typeof adminCompanyQuerySchema>;

export function createTrainingAdmin(deps: { db: Db; clock: Clock; messages: MessagesService; audit: AuditTrail }) {
  const { db, clock, messages, audit } = deps;

  async function plans(ex: Executor = db, id?: number): Promise<TrainingPlan[]> {
    const rows = await rowsOf<{ id: number; name: string; description: string; active: boolean; courses: { id: number; title: string }[] | null }>(
      ex,
      sql`SELECT pl.id, pl.name, pl.description, pl.active,
                 (SELECT json_agg(json_build_object('id', c.id, 'title', c.title) ORDER BY x.ord)
                    FROM unnest(pl.course_ids) WITH ORDINALITY x(id, ord) JOIN courses c ON c.id = x.id) AS courses
            FROM ${trainingPlans} pl ${id !== undefined ? sql`WHERE pl.id = ${id}` : sql``} ORDER BY pl.id`,
    );
    return rows.map((r) => ({ ...r, courses: r.courses ?? [] }));
  }

  async function checkedCourses(ex: Executor, ids: readonly number[]): Promise<number[]> {
    const unique = [...new Set(ids)];
    const found = await rowsOf<{ id: number }>(
      ex,
      sql`SELECT id FROM courses WHERE id = ANY(${pgArray(unique)}::int[]) AND published AND price_type IN ('free', 'member')`,
    );
    if (found.length !== unique.length) throw AppError.badRequest(m.courseNotFound, { course_ids: m.courseNotFound });
    return unique;
  }

  async function tierWrite(staff: StaffActor, action: string, entityId: number | null, write: (tx: Executor) => Promise<unknown>, before: unknown) {
    try {
      await db.transaction(async (tx) => {
        await lockKey(tx, 'training-tiers');
        const after = await write(tx);
        if ((await rowsOf(tx, sql`SELECT 1 FROM ${trainingSeatTiers} WHERE min_quantity = 1`)).length === 0) throw AppError.conflict(m.firstTierRequired);
        await audit.record(tx, staff, { action, entity: 'seat_tier', entityId, before, after });
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw AppError.conflict(m.tierDuplicate);
      throw err;
    }
    return seatTiers(db);
  }

  return {
    async overview(q: CompanyQuery): Promise<AdminTrainingOverview> {
      const now = clock.now();
      const offset = (q.page - 1) * q.per;
      const where = q.keyword
        ? sql`AND (COALESCE(c.name, u.company_name, '') ILIKE ${containsPattern(q.keyword)})`
        : sql``;
      const active = sql`(c.status = 'verified' OR EXISTS (SELECT 1 FROM training_employments e WHERE e.company_id = u.id) OR EXISTS (SELECT 1 FROM training_seats s WHERE s.company_id = u.id))`;
      const rows = await rowsOf<{ id: number; name: string; verified: boolean; employees: number; seats_sold: number; seats_assigned: number; assignments: number; done: number; full_count: number }>(
        db,
        sql`SELECT u.id, COALESCE(NULLIF(c.name, ''), u.company_name, '企业') AS name, COALESCE(c.status = 'verified', false) AS verified,
                   (SELECT count(*) FROM training_employments e WHERE e.company_id = u.id AND e.state = 'active')::int AS employees,
                   (SELECT count(*) FROM training_seats s WHERE s.company_id = u.id)::int AS seats_sold,
                   (SELECT count(*) FROM training_seats s WHERE s.company_id = u.id AND s.holder_user_id IS NOT NULL AND s.ends_at > ${now})::int AS seats_assigned,
                   x.total AS assignments, x.done, count(*) OVER ()::int AS full_count
              FROM users u LEFT JOIN recruiting_companies c ON c.user_id = u.id
              CROSS JOIN LATERAL (
                SELECT count(*)::int AS total,
                       count(*) FILTER (WHERE EXISTS (SELECT 1 FROM learning_course_progress cp
                                                       WHERE cp.user_id = a.user_id AND cp.course_id = t.course_id AND cp.finished_at IS NOT NULL))::int AS done
                  FROM training_assignments t JOIN training_assignees a ON a.assignment_id = t.id
                  JOIN training_employments e ON e.id = a.employment_id AND e.state = 'active'
                 WHERE t.company_id = u.id AND t.cancelled_at IS NULL) x
             WHERE u.role = 'company' AND ${active} ${where}
             ORDER BY seats_sold DESC, employees DESC, u.id
             LIMIT ${q.per} OFFSET ${offset}`,
      );
      const [totals] = await rowsOf<{ companies: number; employees: number; seats_sold: number; revenue: number }>(
        db,
        sql`SELECT (SELECT count(DISTINCT company_id) FROM training_employments WHERE state = 'active')::int AS companies,
                   (SELECT count(*) FROM training_employments WHERE state = 'active')::int AS employees,
                   (SELECT count(*) FROM training_seats)::int AS seats_sold,
                   (SELECT COALESCE(sum(amount), 0) FROM members_orders WHERE product_type = 'seats' AND state = 'paid')::int AS revenue`,
      );
      return {
        list: rows.map(({ full_count: _, ...r }) => ({ ...r, completion: r.assignments > 0 ? Math.floor((r.done / r.assignments) * 100) : 0 })),
        total: rows[0]?.full_count ?? 0,
        page: q.page,
        per: q.per,
        totals: totals!,
      } as AdminTrainingOverview;
    },

    tiers: (): Promise<SeatTier[]> => seatTiers(db),

    async createTier(staff: StaffActor, body: z.output<typeof saveSeatTierBodySchema>): Promise<SeatTier[]> {
      const now = clock.now();
      return tierWrite(
        staff,
        'seat_tier.create',
        null,
        async (tx) => {
          await tx.insert(trainingSeatTiers).values({ minQuantity: body.min_quantity, price: body.price, updatedAt: now });
          return body;
        },
        null,
      );
    },

    async updateTier(staff: StaffActor, id: number, body: z.output<typeof saveSeatTierBodySchema>): Promise<SeatTier[]> {
      const now = clock.now();
      const [before] = await rowsOf<{ min_quantity: number; price: number }>(db, sql`SELECT min_quantity, price FROM ${trainingSeatTiers} WHERE id = ${id}`);
      if (!before) throw AppError.notFound(m.tierNotFound);
      return tierWrite(
        staff,
        'seat_tier.update',
        id,
        async (tx) => {
          await tx.execute(sql`UPDATE ${trainingSeatTiers} SET min_quantity = ${body.min_quantity}, price = ${body.price}, updated_at = ${now} WHERE id = ${id}`);
          return body;
        },
        before,
      );
    },

    async deleteTier(staff: StaffActor, id: number): Promise<SeatTier[]> {
      const [before] = await rowsOf<{ min_quantity: number; price: number }>(db, sql`SELECT min_quantity, price FROM ${trainingSeatTiers} WHERE id = ${id}`);
      if (!before) throw AppError.notFound(m.tierNotFound);
      return tierWrite(staff, 'seat_tier.delete', id, async (tx) => tx.execute(sql`DELETE FROM ${trainingSeatTiers} WHERE id = ${id}`).then(() => null), before);
    },

    plans: () => plans(),

    async planCourses() {
      return rowsOf<{ id: number; title: string; price_type: string; credits: number | null }>(
        db,
        sql`SELECT c.id, c.title, c.price_type, cs.credits FROM courses c LEFT JOIN credits_course_settings cs ON cs.course_id = c.id
             WHERE c.published AND c.price_type IN ('free', 'member') ORDER BY c.id DESC LIMIT 500`,
      );
    },

    async savePlan(staff: StaffActor, id: number | null, body: z.output<typeof saveTrainingPlanBodySchema>): Promise<TrainingPlan> {
      const now = clock.now();
      const savedId = await db.transaction(async (tx) => {
        const courseIds = await checkedCourses(tx, body.course_ids);
        const values = { name: body.name, description: body.description, courseIds, active: body.active, updatedAt: now };
        if (id === null) {
          const [row] = await tx.insert(trainingPlans).values(values).returning({ id: trainingPlans.id });
          await audit.record(tx, staff, { action: 'training_plan.create', entity: 'training_plan', entityId: row!.id, before: null, after: values });
          return row!.id;
        }
        const [before] = await plans(tx, id);
        if (!before) throw AppError.notFound(m.planNotFound);
        await tx.execute(
          sql`UPDATE ${trainingPlans} SET name = ${values.name}, description = ${values.description}, course_ids = ${pgArray(courseIds)}::int[],
                     active = ${values.active}, updated_at = ${now} WHERE id = ${id}`,
        );
        await audit.record(tx, staff, { action: 'training_plan.update', entity: 'training_plan', entityId: id, before, after: values });
        return id;
      });
      return (await plans(db, savedId))[0]!;
    },

    async companySeats(companyId: number): Promise<AdminCompanySeats> {
      const now = clock.now();
      const [account] = await rowsOf<{ id: number }>(db, sql`SELECT id FROM users WHERE id = ${companyId} AND role = 'company'`);
      if (!account) throw AppError.notFound(m.companyNotFound);
      const { name } = await companyFacts(db, companyId);
      const [seats, employees] = await Promise.all([
        companySeats(db, companyId, now),
        rowsOf<{ id: number; name: string; phone: string; has_seat: boolean }>(
          db,
          sql`SELECT e.id, COALESCE(NULLIF(btrim(u.real_name), ''), NULLIF(btrim(u.nickname), ''), '') AS name, u.phone,
                     EXISTS (SELECT 1 FROM training_seats s WHERE s.holder_employment_id = e.id AND s.ends_at > ${now}) AS has_seat
                FROM training_employments e JOIN users u ON u.id = e.user_id
               WHERE e.company_id = ${companyId} AND e.state = 'active' ORDER BY e.id`,
        ),
      ]);
      return {
        company: { id: companyId, name },
        ...seats,
        employees: employees.map((e) => ({ ...e, name: e.name || maskPhone(e.phone), phone: maskPhone(e.phone) })),
      };
    },

    /** Staff move a seat on the company's request (to an employee of that company, or back to it), with a reason; audited. */
    async fixSeat(staff: StaffActor, seatId: number, body: z.output<typeof adminSeatFixBodySchema>): Promise<AdminCompanySeats> {
      const now = clock.now();
      const companyId = await db.transaction(async (tx) => {
        const [seat] = await rowsOf<{ company_id: number; holder_employment_id: number | null; holder_user_id: number | null; ends_at: Date | string }>(
          tx,
          sql`SELECT company_id, holder_employment_id, holder_user_id, ends_at FROM training_seats WHERE id = ${seatId} FOR UPDATE`,
        );
        if (!seat) throw AppError.notFound(m.seatNotFound);
        await lockKey(tx, `training-seats:${seat.company_id}`);
        const before = { holder_employment_id: seat.holder_employment_id };
        if (seat.holder_employment_id !== null) {
          if (seat.holder_employment_id === body.employment_id) throw AppError.conflict(m.employeeHasSeat);
          await releaseSeatsOf(tx, { employmentId: seat.holder_employment_id, companyId: seat.company_id, actorId: staff.id, now, action: 'staff_returned', reason: body.reason });
          await messages.send(seat.holder_user_id!, '学员卡已收回', `应单位申请，平台收回了单位为您分配的学员卡。说明：${body.reason}`, tx);
        } else if (body.employment_id === null) throw AppError.conflict(m.seatNotAssigned);
        if (body.employment_id !== null) {
          if (new Date(seat.ends_at) <= now) throw AppError.conflict(m.seatExpired);
          const [emp] = await rowsOf<{ id: number; user_id: number }>(
            tx,
            sql`SELECT id, user_id FROM training_employments WHERE id = ${body.employment_id} AND company_id = ${seat.company_id} AND state = 'active' FOR UPDATE`,
          );
          if (!emp) throw AppError.notFound(m.employeeNotFound);
          await putOnSeat(tx, messages, { companyId: seat.company_id, seatId, employmentId: emp.id, userId: emp.user_id, actorId: staff.id, action: 'staff_assigned', reason: body.reason, now });
        }
        await audit.record(tx, staff, {
          action: 'seat.fix',
          entity: 'training_seat',
          entityId: seatId,
          before,
          after: { holder_employment_id: body.employment_id, reason: body.reason },
        });
        return seat.company_id;
      });
      return this.companySeats(companyId);
    },
  };
}
