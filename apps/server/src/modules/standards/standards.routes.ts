import { ok, standardsMessages as m, standardsRoutes as r } from '@app/contracts';
import type { AppModule } from '../../lib/app-module';
import { defineRoute } from '../../lib/define-route';
import { auditActor, createAuditTrail } from '../audit';
import { createMessagesService } from '../messages';
import { DELIVERY_INTERVAL_MS, createStandardsDelivery } from './standards-delivery';
import { createStandardsService } from './standards.service';

/**
 * Standards and policies (准则与政策): staff link them to courses and exam types and record their changes (permission
 * `standards`); each change is told once to every learner who finished a linked course and every holder of a valid
 * certificate of a linked exam type, by a job that sends in batches after the staff request has answered; the public
 * course and exam pages show the change until staff mark the content updated.
 */
export const standardsModule: AppModule = async (app, deps) => {
  const service = createStandardsService({ db: deps.db, clock: deps.clock, audit: createAuditTrail(deps) });
  const delivery = createStandardsDelivery({
    db: deps.db,
    clock: deps.clock,
    messages: createMessagesService({ db: deps.db, clock: deps.clock }),
  });
  // Every process runs the job; each message is claimed by its (change, user) key. Tests call run() themselves.
  const jobs = deps.config.nodeEnv !== 'test';
  let running: Promise<unknown> | null = null;
  const deliver = () => {
    if (!jobs || running) return;
    running = delivery
      .run()
      .catch((err: unknown) => app.log.error({ err }, 'standards change delivery failed'))
      .finally(() => {
        running = null;
      });
  };
  if (jobs) {
    const timer = setInterval(deliver, DELIVERY_INTERVAL_MS);
    timer.unref();
    // A first look soon after start: a change a stopped process left half told goes on at once.
    const first = setTimeout(deliver, 10_000);
    first.unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      clearTimeout(first);
      delivery.stop();
      await running;
    });
  }

  defineRoute(app, r.notices, async (request) => ok(await service.notices(request.query)), { tags: ['standards'] });

  const staff = { tags: ['standards-admin'], auth: deps.guards.requirePermission('standards') };
  defineRoute(app, r.adminList, async () => ok(await service.list()), staff);
  defineRoute(app, r.adminTargets, async () => ok(await service.targets()), staff);
  defineRoute(app, r.adminCreate, async (request) => ok(await service.create(auditActor(request), request.body), m.created), staff);
  defineRoute(
    app,
    r.adminUpdate,
    async (request) => ok(await service.update(auditActor(request), request.params.id, request.body), m.saved),
    staff,
  );
  defineRoute(
    app,
    r.adminLink,
    async (request) => ok(await service.link(auditActor(request), request.params.id, request.body), m.linked),
    staff,
  );
  defineRoute(
    app,
    r.adminUnlink,
    async (request) => ok(await service.unlink(auditActor(request), request.params.id, request.params.linkId), m.unlinked),
    staff,
  );
  defineRoute(app, r.adminAudience, async (request) => ok(await service.audience(request.params.id)), staff);
  defineRoute(
    app,
    r.adminRecordChange,
    async (request) => {
      const recorded = await service.recordChange(auditActor(request), request.params.id, request.body);
      // The messages go out after the answer, in batches (standards-delivery.ts).
      deliver();
      return ok(recorded, m.changeRecorded(recorded.audience.total));
    },
    staff,
  );
  defineRoute(
    app,
    r.adminMarkUpdated,
    async (request) => ok(await service.markUpdated(auditActor(request), request.params.id, request.params.linkId), m.markedUpdated),
    staff,
  );
};
