import { moderationMessages as m, moderationRoutes, ok } from '@app/contracts';
import type { AppDeps, AppModule } from '../../lib/app-module';
import { userOf } from '../../lib/auth';
import { defineRoute } from '../../lib/define-route';
import { auditActor, createAuditTrail } from '../audit';
import { createMessagesService } from '../messages';
import type { ModerationSources } from './moderation.ports';
import { createModerationService } from './moderation.service';

export interface ModerationModuleOptions {
  /** Each posting area's implementation of the source port (wired in app.ts). */
  sources: (deps: AppDeps) => ModerationSources;
}

/** Reporting, the staff moderation queue and the sensitive-word settings. */
export function createModerationModule(options: ModerationModuleOptions): AppModule {
  return (app, deps) => {
    const service = createModerationService({
      db: deps.db,
      clock: deps.clock,
      sources: options.sources(deps),
      messages: createMessagesService({ db: deps.db, clock: deps.clock }),
      audit: createAuditTrail(deps),
    });
    const tags = ['moderation'];
    const staff = { tags, auth: deps.guards.requirePermission('moderation') };

    defineRoute(
      app,
      moderationRoutes.report,
      async (r) => {
        await service.report(userOf(r).id, r.body);
        return ok(null, m.reported);
      },
      { tags, auth: deps.guards.requireUser },
    );
    defineRoute(app, moderationRoutes.adminList, async (r) => ok(await service.list(r.query)), staff);
    defineRoute(
      app,
      moderationRoutes.adminHide,
      async (r) => {
        await service.hide(auditActor(r), r.params.id, r.body.reason);
        return ok(null, m.hidden);
      },
      staff,
    );
    defineRoute(
      app,
      moderationRoutes.adminRestore,
      async (r) => {
        await service.restore(auditActor(r), r.params.id);
        return ok(null, m.restored);
      },
      staff,
    );
    defineRoute(app, moderationRoutes.adminWords, async () => ok(await service.words()), staff);
    defineRoute(
      app,
      moderationRoutes.adminSaveWords,
      async (r) => ok(await service.saveWords(auditActor(r), r.body), m.wordsSaved),
      staff,
    );
  };
}
