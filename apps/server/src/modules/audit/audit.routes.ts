import { ok, staffRoutes } from '@app/contracts';
import type { AppModule } from '../../lib/app-module';
import { defineRoute } from '../../lib/define-route';
import { auditRepository as repo } from './audit.repository';

/** The audit log, searchable by 管理员 (permission `audit`). Nothing here writes: the log is append-only. */
export const auditModule: AppModule = async (app, deps) => {
  defineRoute(app, staffRoutes.audit, async (request) => ok(await repo.page(deps.db, request.query)), {
    tags: ['admin-staff'],
    auth: deps.guards.requirePermission('audit'),
  });
};
