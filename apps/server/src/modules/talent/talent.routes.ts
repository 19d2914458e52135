import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import {
  credentialsRoutes,
  customerEdusRoutes,
  customerJobsRoutes,
  jobProfitsRoutes,
  ok,
  papersRoutes,
  starsRoutes,
  talentMessages as m,
  TALENT_ATTACHMENT_MAX_BYTES,
  talentRoutes,
} from '@app/contracts';
import type { App, AppDeps, AppModule } from '../../lib/app-module';
import { AppError } from '../../lib/app-error';
import { readUpload } from '../../lib/multipart-upload';
import { defineRoute } from '../../lib/define-route';
import { userOf } from '../../lib/auth';
import { auditActor, createAuditTrail } from '../audit';
import { createMessagesService } from '../messages';
import { ATTACHMENT_DICS, STARS } from './data/options.data';
import { createStarsService } from './stars.service';
import type { RecordKind } from './talent.repository';
import { createTalentService, type AttachmentAccessCheck, type RecordBody } from './talent.service';
import { sendStoredObject } from '../../lib/storage';

const FORM_FIELD = /^user_apply_job\[([a-z_]+)\]$/;
const FORM_BODY_LIMIT = 64 * 1024;

/**
 * The job-intention form arrives as `user_apply_job[name]=...` (urlencoded or multipart) or as JSON, plain or nested
 * under `user_apply_job`; the body schema sees plain keys.
 */
export function unwrapUserApplyJob(body: unknown): Record<string, unknown> {
  if (!body || typeof body !== 'object') return {};
  const obj = body as Record<string, unknown>;
  const nested = obj.user_apply_job;
  if (nested && typeof nested === 'object' && !Array.isArray(nested))
    return { ...(nested as Record<string, unknown>) };
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(obj)) {
    const hit = FORM_FIELD.exec(key);
    const name = hit ? hit[1]! : key;
    // `user_apply_job[__proto__]` would set the object's prototype instead of a field.
    if (name === '__proto__') continue;
    out[name] = value;
  }
  return out;
}

/**
 * A multipart body the parser cannot read (cut short, wrong boundary) is the client's fault: 400, not 500. The
 * plugin's own errors (limits: 413) keep their status.
 */
function brokenMultipart(err: unknown): unknown {
  if (err instanceof AppError || (err as { statusCode?: number }).statusCode) return err;
  return AppError.badRequest(m.attachmentBroken);
}

/** preValidation of the form endpoints: reads multipart fields (files are discarded) and unwraps the names. */
async function formToBody(request: FastifyRequest): Promise<void> {
  if (request.isMultipart()) {
    const fields: Record<string, unknown> = {};
    try {
      for await (const part of request.parts()) {
        if (part.type === 'file') part.file.resume();
        else fields[part.fieldname] = part.value;
      }
    } catch (err) {
      throw brokenMultipart(err);
    }
    request.body = unwrapUserApplyJob(fields);
  } else {
    request.body = unwrapUserApplyJob(request.body);
  }
}

export interface TalentModuleOptions {
  /** Extra readers of credential attachments, wired by the app (recruiting: companies the person applied to). */
  attachmentAccess?: (deps: AppDeps) => AttachmentAccessCheck[];
}

/** Job intention, talent records and portraits, attachments, stars and evaluation, credit archive. */
export function createTalentModule(options: TalentModuleOptions = {}): AppModule {
  return (app, deps) => registerTalent(app, deps, options);
}

/** The talent module without extra attachment readers. */
export const talentModule = createTalentModule();

async function registerTalent(app: App, deps: AppDeps, options: TalentModuleOptions): Promise<void> {
  const guards = deps.guards;
  const messages = createMessagesService({ db: deps.db, clock: deps.clock });
  const talent = createTalentService({
    db: deps.db,
    clock: deps.clock,
    storage: deps.storage,
    attachmentAccess: options.attachmentAccess?.(deps) ?? [],
  });
  const stars = createStarsService({ db: deps.db, clock: deps.clock, messages, audit: createAuditTrail(deps) });
  const tags = ['talent'];
  const user = { tags, auth: guards.requireUser };
  const staff = { tags, auth: guards.requirePermission('stars') };
  // The login check runs before the form is read, so an anonymous post never reaches the parser's work.
  const form = { tags, auth: guards.requireUser, preValidation: formToBody };

  // Form posts (SPEC §7: "form data"); only this module's scope parses them.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );
  await app.register(multipart, {
    limits: { fileSize: TALENT_ATTACHMENT_MAX_BYTES, files: 1, fields: 20, fieldSize: 4096, parts: 21 },
  });

  // ---- option data and dictionaries (public) -------------------------------------------------------------------

  defineRoute(
    app,
    talentRoutes.selectOptions,
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=3600');
      return ok(talent.selectOptions());
    },
    { tags },
  );
  defineRoute(app, talentRoutes.attachmentDics, async () => ok(ATTACHMENT_DICS), { tags });
  defineRoute(app, starsRoutes.stars, async () => ok(STARS), { tags });

  // ---- job intention -------------------------------------------------------------------------------------------

  defineRoute(
    app,
    talentRoutes.userApplyJobs,
    async (request) => ok(await talent.listJobIntentions(userOf(request).id, request.query.user_id)),
    user,
  );
  defineRoute(
    app,
    talentRoutes.createUserApplyJob,
    async (request) =>
      ok(await talent.saveJobIntention(userOf(request).id, request.body), m.jobIntentionPublished),
    form,
  );
  defineRoute(
    app,
    talentRoutes.updateUserApplyJob,
    async (request) =>
      ok(
        await talent.updateJobIntention(userOf(request).id, request.params.id, request.body),
        m.jobIntentionPublished,
      ),
    form,
  );
  defineRoute(
    app,
    talentRoutes.userInfos,
    async (request) =>
      ok(await talent.saveJobIntention(userOf(request).id, request.body), m.jobIntentionPublished),
    form,
  );

  // ---- talent info and portraits -------------------------------------------------------------------------------

  defineRoute(
    app,
    talentRoutes.personalInfo,
    async (request) => ok({ personal_info: await talent.personalInfo(userOf(request).id) }),
    user,
  );
  defineRoute(
    app,
    talentRoutes.updatePersonalInfo,
    async (request) =>
      ok(
        { personal_info: await talent.updatePersonalInfo(userOf(request).id, request.body) },
        m.personalInfoSaved,
      ),
    user,
  );
  defineRoute(
    app,
    talentRoutes.showPersonalInfo,
    async (request) => ok({ show_personal_info: await talent.showPersonalInfo(request.query.user_id) }),
    { tags },
  );
  defineRoute(
    app,
    talentRoutes.publicPortrait,
    async (request) => ok({ personal_info: await talent.publicPortrait(request.query.user_id) }),
    { tags },
  );

  // ---- talent records ------------------------------------------------------------------------------------------

  const recordRoutes = {
    customer_edus: customerEdusRoutes,
    customer_jobs: customerJobsRoutes,
    credentials: credentialsRoutes,
    job_profits: jobProfitsRoutes,
    papers: papersRoutes,
  } as const;
  for (const kind of Object.keys(recordRoutes) as RecordKind[]) {
    const routes = recordRoutes[kind];
    defineRoute(
      app,
      routes.create,
      async (request) =>
        ok(
          (await talent.createRecord(
            userOf(request).id,
            kind,
            request.body as RecordBody<typeof kind>,
          )) as never,
          m.recordSaved,
        ),
      user,
    );
    defineRoute(
      app,
      routes.update,
      async (request) =>
        ok(
          (await talent.updateRecord(
            userOf(request).id,
            kind,
            request.params.id,
            request.body as RecordBody<typeof kind>,
          )) as never,
          m.recordSaved,
        ),
      user,
    );
    defineRoute(
      app,
      routes.remove,
      async (request) => {
        await talent.deleteRecord(userOf(request).id, kind, request.params.id);
        return ok(null, m.recordDeleted);
      },
      user,
    );
  }

  // ---- attachments ---------------------------------------------------------------------------------------------

  defineRoute(
    app,
    talentRoutes.uploadAttachment,
    async (request) => {
      const me = userOf(request);
      const { content, filename: fileName } = await readUpload(request, {
        maxBytes: TALENT_ATTACHMENT_MAX_BYTES,
        required: m.attachmentRequired,
        tooLarge: m.attachmentTooLarge,
        broken: m.attachmentBroken,
      });
      return ok(await talent.uploadAttachment(me.id, content, fileName), m.attachmentUploaded);
    },
    { ...user, bodyLimit: TALENT_ATTACHMENT_MAX_BYTES + 64 * 1024 },
  );

  defineRoute(
    app,
    talentRoutes.downloadAttachment,
    async (request, reply) => {
      const { key, mime } = await talent.attachmentForViewer(userOf(request), request.params.id);
      return sendStoredObject(request, reply, deps.storage, key, {
        contentType: mime,
        access: 'private',
        ttlS: deps.config.storage.signedUrlTtlS,
        notFound: new AppError(404, m.attachmentNotFound),
        disposition: `inline; filename="attachment-${request.params.id}.${mime === 'application/pdf' ? 'pdf' : mime === 'image/png' ? 'png' : 'jpg'}"`,
      });
    },
    user,
  );

  // ---- stars and evaluation ------------------------------------------------------------------------------------

  defineRoute(
    app,
    starsRoutes.applyStarLevel,
    async (request) => ok(await stars.apply(userOf(request), request.body.star_id), m.applied),
    user,
  );
  defineRoute(
    app,
    starsRoutes.submitApply,
    async (request) => ok(await stars.submit(userOf(request).id, request.body), m.submitted),
    user,
  );
  defineRoute(
    app,
    starsRoutes.applyCancel,
    async (request) => ok(await stars.cancel(userOf(request).id, request.body.id), m.cancelled),
    user,
  );
  defineRoute(
    app,
    starsRoutes.centerRcpj,
    async (request) => ok(await stars.center(userOf(request).id)),
    user,
  );
  defineRoute(
    app,
    starsRoutes.gotIt,
    async (request) => ok(await stars.gotIt(userOf(request).id, request.body.id), m.acknowledged),
    user,
  );
  defineRoute(app, starsRoutes.adminList, async (request) => ok(await stars.adminList(request.query)), staff);
  defineRoute(
    app,
    starsRoutes.adminReview,
    async (request) =>
      ok(
        await stars.review(auditActor(request), request.params.id, request.body),
        request.body.approve ? m.reviewApproved : m.reviewRejected,
      ),
    staff,
  );
  defineRoute(
    app,
    starsRoutes.creditArchive,
    async (request) => ok(await stars.creditArchive(userOf(request))),
    user,
  );
}
