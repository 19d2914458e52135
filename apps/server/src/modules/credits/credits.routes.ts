import { creditsMessages as m, creditsRoutes as r, ok } from '@app/contracts';
import type { AppModule } from '../../lib/app-module';
import { userOf } from '../../lib/auth';
import { defineRoute } from '../../lib/define-route';
import { auditActor, createAuditTrail } from '../audit';
import { createMessagesService } from '../messages';
import { createCreditsService } from './credits.service';

/**
 * Continuing-education credits (继续教育学分): a member's year against the rule that applies to them, and the staff
 * screens that keep the rules and the courses' credit settings (permission `credits`).
 */
export const creditsModule: AppModule = async (app, deps) => {
  const { requireUser, requirePermission } = deps.guards;
  const service = createCreditsService({
    db: deps.db,
    clock: deps.clock,
    messages: createMessagesService({ db: deps.db, clock: deps.clock }),
    audit: createAuditTrail(deps),
  });
  const user = { tags: ['credits'], auth: requireUser };
  const staff = { tags: ['credits-admin'], auth: requirePermission('credits') };

  defineRoute(app, r.myYear, async (request) => ok(await service.myYear(userOf(request), request.query.year)), user);
  defineRoute(app, r.setRegion, async (request) => ok(await service.setRegion(userOf(request), request.body.region), m.regionSaved), user);

  defineRoute(app, r.adminRules, async () => ok(await service.rules()), staff);
  defineRoute(app, r.adminSaveRule, async (request) => ok(await service.saveRule(auditActor(request), request.body), m.ruleSaved), staff);
  defineRoute(app, r.adminCourses, async () => ok(await service.courses()), staff);
  defineRoute(
    app,
    r.adminSaveCourse,
    async (request) => ok(await service.saveCourse(auditActor(request), request.params.id, request.body), m.courseSaved),
    staff,
  );
};
