import { ok, trainingMessages as m, trainingRoutes as r } from '@app/contracts';
import type { AppModule } from '../../lib/app-module';
import { userOf } from '../../lib/auth';
import { defineRoute } from '../../lib/define-route';
import { sendDownload } from '../../lib/download';
import { auditActor, createAuditTrail } from '../audit';
import { smsNotices } from '../auth';
import { createMessagesService } from '../messages';
import { createAssignments } from './training-assignments';
import { createTrainingAdmin } from './training-admin';
import { createDashboard } from './training-dashboard';
import { createPeople } from './training-people';
import { createSeats } from './training-seats';
import { companyOf, personOf } from './training-shared';

/** How often each process looks for due deadline reminders. */
const REMINDER_INTERVAL_MS = 10 * 60_000;

/**
 * Company training (企业内训): a verified company's employees (invited by phone, accepted in their centre), the 学员卡
 * it buys and hands out, the courses it assigns with deadlines, its dashboard; the staff overview, price tiers,
 * learning plans and seat fixes (permission `training`). Seat orders go through the members area's orders.
 */
export const trainingModule: AppModule = async (app, deps) => {
  const { requireUser, requirePermission } = deps.guards;
  const { db, clock } = deps;
  const messages = createMessagesService({ db, clock });
  const sms = smsNotices(deps, app.log);
  const people = createPeople({ db, clock, messages, sms, log: app.log });
  const seats = createSeats({ db, clock, messages });
  const assignments = createAssignments({ db, clock, messages, sms, log: app.log });
  const dashboard = createDashboard({ db, clock, siteName: deps.config.siteName });
  const admin = createTrainingAdmin({ db, clock, messages, audit: createAuditTrail(deps) });
  const user = { tags: ['training'], auth: requireUser };
  const staff = { tags: ['training-admin'], auth: requirePermission('training') };


  // ---- the employee ---------------------------------------------------------------------------------------------
  defineRoute(app, r.myCompany, async (request) => ok(await people.myCompany(personOf(userOf(request)))), user);
  defineRoute(
    app,
    r.accept,
    async (request) => {
      const id = personOf(userOf(request));
      await people.accept(id, request.params.id);
      return ok(await people.myCompany(id), m.accepted);
    },
    user,
  );
  defineRoute(
    app,
    r.decline,
    async (request) => {
      const id = personOf(userOf(request));
      await people.decline(id, request.params.id);
      return ok(await people.myCompany(id), m.declined);
    },
    user,
  );
  defineRoute(
    app,
    r.leave,
    async (request) => {
      const id = personOf(userOf(request));
      await people.leave(id);
      return ok(await people.myCompany(id), m.left);
    },
    user,
  );

  // ---- the company ----------------------------------------------------------------------------------------------
  const company = (request: Parameters<typeof userOf>[0]) => companyOf(userOf(request));
  defineRoute(app, r.overview, async (request) => ok(await dashboard.overview(company(request))), user);
  defineRoute(app, r.employees, async (request) => ok(await dashboard.employees(company(request), request.query)), user);
  defineRoute(app, r.employee, async (request) => ok(await dashboard.employee(company(request), request.params.id)), user);
  defineRoute(
    app,
    r.removeEmployee,
    async (request) => {
      await people.remove(company(request), request.params.id);
      return ok(null, m.removed);
    },
    user,
  );
  defineRoute(
    app,
    r.exportEmployees,
    async (request, reply) => {
      const body = await dashboard.workbook(company(request), request.query);
      return sendDownload(reply, {
        mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        fileName: 'employees-training.xlsx',
        body,
      });
    },
    user,
  );
  defineRoute(
    app,
    r.summaryPdf,
    async (request, reply) => {
      const pdf = await dashboard.summaryPdf(company(request), request.query.year);
      return sendDownload(reply, { mime: 'application/pdf', fileName: `training-summary-${request.query.year ?? 'year'}.pdf`, body: Buffer.from(pdf) });
    },
    user,
  );
  defineRoute(app, r.invitations, async (request) => ok(await people.invitations(company(request))), user);
  defineRoute(app, r.invite, async (request) => ok(await people.invite(company(request), request.body.phone), m.invited), user);
  defineRoute(app, r.cancelInvitation, async (request) => ok(await people.cancelInvitation(company(request), request.params.id), m.cancelled), user);
  defineRoute(app, r.seats, async (request) => ok(await seats.view(company(request))), user);
  defineRoute(
    app,
    r.assignSeats,
    async (request) => ok(await seats.assign(company(request), request.body.employment_ids), m.seatsAssigned(new Set(request.body.employment_ids).size)),
    user,
  );
  defineRoute(app, r.returnSeat, async (request) => ok(await seats.giveBack(company(request), request.params.id), m.seatReturned), user);
  defineRoute(
    app,
    r.assignable,
    async (request) => {
      company(request);
      return ok(await assignments.assignable());
    },
    user,
  );
  defineRoute(app, r.assignments, async (request) => ok(await assignments.list(company(request))), user);
  defineRoute(
    app,
    r.assign,
    async (request) => {
      const created = await assignments.create(company(request), request.body);
      const reached = Math.max(0, ...created.map((a) => a.counts.total));
      return ok(created, m.assigned(reached));
    },
    user,
  );
  defineRoute(
    app,
    r.cancelAssignment,
    async (request) => {
      await assignments.cancel(company(request), request.params.id);
      return ok(null, m.assignmentCancelled);
    },
    user,
  );

  // ---- staff ----------------------------------------------------------------------------------------------------
  defineRoute(app, r.adminOverview, async (request) => ok(await admin.overview(request.query)), staff);
  defineRoute(app, r.adminTiers, async () => ok(await admin.tiers()), staff);
  defineRoute(app, r.adminCreateTier, async (request) => ok(await admin.createTier(auditActor(request), request.body), m.tierSaved), staff);
  defineRoute(app, r.adminUpdateTier, async (request) => ok(await admin.updateTier(auditActor(request), request.params.id, request.body), m.tierSaved), staff);
  defineRoute(app, r.adminDeleteTier, async (request) => ok(await admin.deleteTier(auditActor(request), request.params.id), m.tierDeleted), staff);
  defineRoute(app, r.adminPlans, async () => ok(await admin.plans()), staff);
  defineRoute(app, r.adminPlanCourses, async () => ok(await admin.planCourses()), staff);
  defineRoute(app, r.adminCreatePlan, async (request) => ok(await admin.savePlan(auditActor(request), null, request.body), m.planSaved), staff);
  defineRoute(app, r.adminUpdatePlan, async (request) => ok(await admin.savePlan(auditActor(request), request.params.id, request.body), m.planSaved), staff);
  defineRoute(app, r.adminCompanySeats, async (request) => ok(await admin.companySeats(request.params.id)), staff);
  defineRoute(app, r.adminFixSeat, async (request) => ok(await admin.fixSeat(auditActor(request), request.params.id, request.body)), staff);

  // ---- the deadline reminders -----------------------------------------------------------------------------------
  if (deps.config.trainingReminders) {
    let running: Promise<unknown> | null = null;
    const tick = () => {
      if (running) return;
      running = assignments
        .remind()
        .catch((err: unknown) => app.log.error({ err }, 'training reminders failed'))
        .finally(() => {
          running = null;
        });
    };
    const timer = setInterval(tick, REMINDER_INTERVAL_MS);
    timer.unref();
    const first = setTimeout(tick, 90_000);
    first.unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      clearTimeout(first);
      await running;
    });
  }
};

/** For tests: the reminder run a process's job makes. */
export { createAssignments };
