import multipart from '@fastify/multipart';
import { consultMessages as cm, ok, QA_IMAGE_MAX_BYTES, qaMessages as m, qaRoutes } from '@app/contracts';
import type { AppModule } from '../../lib/app-module';
import { AppError } from '../../lib/app-error';
import { readUpload } from '../../lib/multipart-upload';
import { defineGuard, userOf } from '../../lib/auth';
import { defineRoute } from '../../lib/define-route';
import { auditActor, createAuditTrail } from '../audit';
import { createMessagesService } from '../messages';
import { createModerationScreen } from '../moderation';
import { createConsultationsService } from './consultations.service';
import { QA_JOB_INTERVAL_MS, runQaChecks } from './qa.jobs';
import { createQaService, QA_IMAGE_URL_PREFIX } from './qa.service';
import { registerStoredImageRoute } from '../../lib/stored-file';
import { QA_IMAGE_KEY_PREFIX } from './qa-shared';

/** Finance and tax Q&A: public questions, asking, the expert workspace, staff's queue and the work calendar. */
export const qaModule: AppModule = async (app, deps) => {
  const { requireUser, requirePermission, optionalUser } = deps.guards;
  const messages = createMessagesService({ db: deps.db, clock: deps.clock });
  const audit = createAuditTrail(deps);
  const qa = createQaService({
    db: deps.db,
    clock: deps.clock,
    messages,
    storage: deps.storage,
    audit,
    screen: createModerationScreen(deps),
  });
  const consults = createConsultationsService({ db: deps.db, clock: deps.clock, messages, audit });
  const tags = ['qa'];
  const user = { tags, auth: requireUser };
  // Q&A operations (queue, assignment, experts, calendar, consultations) and hiding a question (moderation).
  const staff = { tags, auth: requirePermission('qa') };
  const moderation = { tags, auth: requirePermission('moderation') };
  // Expert endpoints: a logged-in account linked to an expert profile; checked before the body is read.
  const requireExpert = defineGuard('user', async (request) => {
    await requireUser(request);
    if (!(await qa.isExpert(userOf(request).id))) throw AppError.forbidden(m.notExpert);
  });
  const expert = { tags, auth: requireExpert };

  await app.register(multipart, { limits: { fileSize: QA_IMAGE_MAX_BYTES, files: 1, fields: 2, parts: 3 } });

  // ---- public --------------------------------------------------------------------------------------------------
  defineRoute(app, qaRoutes.list, async (request) => ok(await qa.list(request.query)), { tags });
  defineRoute(app, qaRoutes.tags, async () => ok(await qa.tags()), { tags });
  defineRoute(app, qaRoutes.askableExpert, async (request) => ok(await qa.askableExpert(request.params.id)), { tags });
  defineRoute(app, qaRoutes.similar, async (request) => ok(await qa.similar(request.query.text)), { tags });
  defineRoute(
    app,
    qaRoutes.detail,
    async (request) => ok(await qa.detail(request.params.id, request.user?.id ?? null)),
    { tags, auth: optionalUser },
  );
  defineRoute(
    app,
    qaRoutes.vote,
    async (request) => ok(await qa.vote(request.params.id, userOf(request).id), m.voted),
    user,
  );

  // ---- asking --------------------------------------------------------------------------------------------------
  defineRoute(app, qaRoutes.quota, async (request) => ok(await qa.quota(userOf(request).id)), user);
  defineRoute(
    app,
    qaRoutes.uploadImage,
    async (request) => {
      const me = userOf(request);
      const { content } = await readUpload(request, {
        maxBytes: QA_IMAGE_MAX_BYTES,
        required: m.imageRequired,
        tooLarge: m.imageTooLarge,
      });
      return ok(await qa.uploadImage(me.id, content), m.imageUploaded);
    },
    { ...user, bodyLimit: QA_IMAGE_MAX_BYTES + 64 * 1024 },
  );
  defineRoute(
    app,
    qaRoutes.ask,
    async (request) => ok(await qa.ask(userOf(request).id, request.body), m.asked),
    user,
  );
  defineRoute(
    app,
    qaRoutes.mine,
    async (request) => ok(await qa.mine(userOf(request).id, request.query)),
    user,
  );
  defineRoute(
    app,
    qaRoutes.myThread,
    async (request) => ok(await qa.thread(userOf(request).id, request.params.id)),
    user,
  );
  defineRoute(
    app,
    qaRoutes.followUp,
    async (request) =>
      ok(await qa.followUp(userOf(request).id, request.params.id, request.body.content), m.followUpSent),
    user,
  );
  defineRoute(
    app,
    qaRoutes.close,
    async (request) => ok(await qa.close(userOf(request).id, request.params.id), m.closed),
    user,
  );
  defineRoute(
    app,
    qaRoutes.rate,
    async (request) => ok(await qa.rate(userOf(request).id, request.params.id, request.body.rating), m.rated),
    user,
  );

  // ---- expert workspace ----------------------------------------------------------------------------------------
  defineRoute(app, qaRoutes.expertMe, async (request) => ok(await qa.expertMe(userOf(request).id)), user);
  defineRoute(
    app,
    qaRoutes.expertQueue,
    async (request) => ok(await qa.expertQueue(userOf(request).id, request.query)),
    expert,
  );
  defineRoute(
    app,
    qaRoutes.expertQuestion,
    async (request) => ok(await qa.expertQuestion(userOf(request).id, request.params.id)),
    expert,
  );
  defineRoute(
    app,
    qaRoutes.claim,
    async (request) => ok(await qa.claim(userOf(request).id, request.params.id), m.claimed),
    expert,
  );
  defineRoute(
    app,
    qaRoutes.release,
    async (request) => ok(await qa.release(userOf(request).id, request.params.id), m.released),
    expert,
  );
  defineRoute(
    app,
    qaRoutes.answer,
    async (request) =>
      ok(
        await qa.answer(userOf(request).id, request.params.id, {
          html: request.body.html,
          references: request.body.references,
          tags: request.body.tags,
        }),
        m.answered,
      ),
    expert,
  );
  defineRoute(
    app,
    qaRoutes.answerFollowUp,
    async (request) =>
      ok(
        await qa.answerFollowUp(userOf(request).id, request.params.id, request.body.content),
        m.followUpAnswered,
      ),
    expert,
  );

  // ---- staff ---------------------------------------------------------------------------------------------------
  defineRoute(app, qaRoutes.adminQueue, async (request) => ok(await qa.adminQueue(request.query)), staff);
  defineRoute(
    app,
    qaRoutes.adminQuestion,
    async (request) => ok(await qa.adminQuestion(request.params.id)),
    staff,
  );
  defineRoute(
    app,
    qaRoutes.assign,
    async (request) => ok(await qa.assign(auditActor(request), request.params.id, request.body.expert_id), m.assigned),
    staff,
  );
  defineRoute(
    app,
    qaRoutes.hide,
    async (request) => ok(await qa.hide(auditActor(request), request.params.id, request.body.hidden), m.hiddenChanged),
    moderation,
  );
  defineRoute(app, qaRoutes.adminExperts, async () => ok(await qa.adminExperts()), staff);
  defineRoute(
    app,
    qaRoutes.linkExpert,
    async (request) => {
      const linked = await qa.linkExpert(auditActor(request), request.params.id, {
        phone: request.body.phone,
        categories: request.body.categories,
      });
      return ok(linked, request.body.phone ? m.expertLinked : m.expertUnlinked);
    },
    staff,
  );
  defineRoute(app, qaRoutes.stats, async () => ok(await qa.stats()), staff);
  defineRoute(
    app,
    qaRoutes.calendar,
    async (request) => ok(await qa.calendarYear(request.query.year)),
    staff,
  );
  defineRoute(
    app,
    qaRoutes.saveHoliday,
    async (request) =>
      ok(
        await qa.saveHoliday(auditActor(request), {
          date: request.body.date,
          kind: request.body.kind,
          name: request.body.name,
        }),
        m.holidaySaved,
      ),
    staff,
  );
  defineRoute(
    app,
    qaRoutes.deleteHoliday,
    async (request) => ok(await qa.deleteHoliday(auditActor(request), request.params.date), m.holidayDeleted),
    staff,
  );

  // ---- finance consulting --------------------------------------------------------------------------------------
  defineRoute(
    app,
    qaRoutes.myConsultations,
    async (request) => ok(await consults.mine(userOf(request).id, request.query)),
    user,
  );
  defineRoute(
    app,
    qaRoutes.requestConsultation,
    async (request) => ok(await consults.request(userOf(request).id, request.body), cm.requested),
    user,
  );
  defineRoute(
    app,
    qaRoutes.cancelMyConsultation,
    async (request) =>
      ok(await consults.cancelMine(userOf(request).id, request.params.id, request.body.reason), cm.cancelled),
    user,
  );
  defineRoute(
    app,
    qaRoutes.expertConsultations,
    async (request) => ok(await consults.forExpert(userOf(request).id, request.query)),
    expert,
  );
  defineRoute(
    app,
    qaRoutes.adminConsultations,
    async (request) => ok(await consults.all(request.query)),
    staff,
  );
  defineRoute(
    app,
    qaRoutes.scheduleConsultation,
    async (request) =>
      ok(
        await consults.schedule(auditActor(request), request.params.id, {
          expert_id: request.body.expert_id,
          scheduled_at: request.body.scheduled_at,
          channel: request.body.channel,
          channel_note: request.body.channel_note,
        }),
        cm.scheduled,
      ),
    staff,
  );
  defineRoute(
    app,
    qaRoutes.finishConsultation,
    async (request) => ok(await consults.finish(auditActor(request), request.params.id), cm.done),
    staff,
  );
  defineRoute(
    app,
    qaRoutes.cancelConsultation,
    async (request) => ok(await consults.cancel(auditActor(request), request.params.id, request.body.reason), cm.cancelled),
    staff,
  );

  // Stored question images: only names this module generates, with the type of the detected image, never sniffed.
  registerStoredImageRoute(app, {
    prefix: QA_IMAGE_URL_PREFIX,
    storage: deps.storage,
    keyPrefix: QA_IMAGE_KEY_PREFIX,
    ttlS: deps.config.storage.signedUrlTtlS,
    summary: '问题图片',
    tags,
  });

  // Scheduled checks (due soon, overdue, daily summary): every process runs them; each notice is claimed by a
  // conditional UPDATE, so running twice or in several processes sends it once. Tests call runQaChecks directly.
  if (deps.config.nodeEnv !== 'test') {
    let running = false;
    const timer = setInterval(() => {
      if (running) return;
      running = true;
      runQaChecks({ db: deps.db, clock: deps.clock, messages })
        .catch((err: unknown) => app.log.error({ err }, 'qa checks failed'))
        .finally(() => {
          running = false;
        });
    }, QA_JOB_INTERVAL_MS);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }
};
