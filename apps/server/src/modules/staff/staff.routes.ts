import { ok, staffMessages as m, staffRoutes } from '@app/contracts';
import type { AppModule } from '../../lib/app-module';
import { defineRoute } from '../../lib/define-route';
import { auditActor, createAuditTrail } from '../audit';
import { passwordResetCodes } from '../auth';
import { createMessagesService } from '../messages';
import { learningHoursWorkbook } from './learning-hours-export';
import { createStaffService } from './staff.service';

/** Staff accounts and their roles (permission `staff_roles`: 管理员). */
export const staffModule: AppModule = async (app, deps) => {
  const service = createStaffService({
    db: deps.db,
    clock: deps.clock,
    audit: createAuditTrail(deps),
    messages: createMessagesService({ db: deps.db, clock: deps.clock }),
    resetCodes: passwordResetCodes(deps, app.log),
  });
  const usersScreen = { tags: ['admin-staff'], auth: deps.guards.requirePermission('users') };
  defineRoute(app, staffRoutes.users, async (request) => ok(await service.users(request.query)), usersScreen);
  defineRoute(
    app,
    staffRoutes.user,
    async (request) => ok(await service.user(request.params.id)),
    usersScreen,
  );
  defineRoute(
    app,
    staffRoutes.setDisabled,
    async (request) => {
      const user = await service.setDisabled(auditActor(request), request.params.id, request.body);
      return ok(user, request.body.disabled ? m.userDisabled : m.userEnabled);
    },
    usersScreen,
  );
  defineRoute(
    app,
    staffRoutes.learningHoursExport,
    async (request, reply) =>
      reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('cache-control', 'private, no-store')
        .header(
          'content-disposition',
          `attachment; filename="learning-hours-${request.query.year}.xlsx"; filename*=UTF-8''${encodeURIComponent(`${request.query.year}年学习时长.xlsx`)}`,
        )
        .send(learningHoursWorkbook(deps.db, request.query.year)),
    { tags: ['admin-staff'], auth: deps.guards.requirePermission('reports') },
  );
  defineRoute(
    app,
    staffRoutes.resetPassword,
    async (request) =>
      ok(await service.resetPassword(auditActor(request), request.params.id), m.passwordResetSent),
    usersScreen,
  );
  defineRoute(
    app,
    staffRoutes.grantMembership,
    async (request) =>
      ok(
        await service.grantMembership(auditActor(request), request.params.id, request.body),
        m.membershipGranted,
      ),
    usersScreen,
  );
  const roles = { tags: ['admin-staff'], auth: deps.guards.requirePermission('staff_roles') };
  defineRoute(app, staffRoutes.list, async () => ok(await service.list()), roles);
  defineRoute(
    app,
    staffRoutes.setRoles,
    async (request) => ok(await service.setRoles(auditActor(request), request.body), m.rolesSaved),
    roles,
  );
};
