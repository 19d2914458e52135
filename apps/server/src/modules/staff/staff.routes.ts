import { ok, staffMessages as m, staffRoutes } from '@app/contracts';
import type { AppModule } from '../../lib/app-module';
import { defineRoute } from '../../lib/define-route';
import { auditActor, createAuditTrail } from '../audit';
import { createStaffService } from './staff.service';

/** Staff accounts and their roles (permission `staff_roles`: 管理员). */
export const staffModule: AppModule = async (app, deps) => {
  const service = createStaffService({ db: deps.db, clock: deps.clock, audit: createAuditTrail(deps) });
  const roles = { tags: ['admin-staff'], auth: deps.guards.requirePermission('staff_roles') };
  defineRoute(app, staffRoutes.list, async () => ok(await service.list()), roles);
  defineRoute(
    app,
    staffRoutes.setRoles,
    async (request) => ok(await service.setRoles(auditActor(request), request.body), m.rolesSaved),
    roles,
  );
};
