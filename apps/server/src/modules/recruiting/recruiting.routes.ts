import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { COMPANY_IMAGE_MAX_BYTES, ok, recruitingMessages as m, recruitingRoutes as r } from '@app/contracts';
import type { AppDeps, AppModule } from '../../lib/app-module';
import { AppError } from '../../lib/app-error';
import { readUpload } from '../../lib/multipart-upload';
import type { AuthUser } from '../../lib/auth';
import { userOf } from '../../lib/auth';
import { defineRoute } from '../../lib/define-route';
import { mimeOfStoredAvatar } from '../../lib/image-type';
import { auditActor, createAuditTrail } from '../audit';
import { createMessagesService } from '../messages';
import { createRecruitingService, type RecruitingService } from './recruiting.service';
import { sendStoredObject } from '../../lib/storage';

/** The recruiting service for the app's database (also the attachment-access hook wired into talent). */
export function recruitingService(deps: AppDeps): RecruitingService {
  return createRecruitingService({
    db: deps.db,
    clock: deps.clock,
    config: deps.config,
    storage: deps.storage,
    messages: createMessagesService({ db: deps.db, clock: deps.clock }),
    audit: createAuditTrail(deps),
  });
}

/** The one image of a multipart upload (field `file`): 415 for a non-multipart body, 413 over 5 MB. */
async function readImage(request: FastifyRequest): Promise<Buffer> {
  const { content } = await readUpload(request, {
    maxBytes: COMPANY_IMAGE_MAX_BYTES,
    required: m.licenceRequired,
    tooLarge: m.imageTooLarge,
    broken: m.licenceRequired,
  });
  return content;
}

/** Companies, job posts and their review, the job board, applications, talent query, recommendation, talent pool. */
export const recruitingModule: AppModule = async (app, deps) => {
  const service = recruitingService(deps);
  const { requireUser, requirePermission, optionalUser } = deps.guards;
  const tags = ['recruiting'];
  const user = { tags, auth: requireUser };
  const companyReview = { tags, auth: requirePermission('companies') };
  const postReview = { tags, auth: requirePermission('job_posts') };
  const me = (request: { user?: AuthUser }) => userOf(request);

  await app.register(multipart, {
    limits: { fileSize: COMPANY_IMAGE_MAX_BYTES, files: 1, fields: 5, parts: 6 },
  });
  const upload = { ...user, bodyLimit: COMPANY_IMAGE_MAX_BYTES + 64 * 1024 };

  // ---- company profile and verification ---------------------------------------------------------------------------

  defineRoute(app, r.myCompany, async (req) => ok(await service.myCompany(me(req))), user);
  defineRoute(app, r.companyOverview, async (req) => ok(await service.companyOverview(me(req))), user);
  defineRoute(
    app,
    r.saveCompany,
    async (req) => ok(await service.saveCompany(me(req), req.body), m.companySaved),
    user,
  );
  defineRoute(
    app,
    r.uploadLicence,
    async (req) => {
      const u = me(req);
      if (u.role !== 'company') throw AppError.forbidden(m.companyOnly);
      return ok(await service.submitLicence(u, await readImage(req as FastifyRequest)), m.licenceSubmitted);
    },
    upload,
  );
  defineRoute(
    app,
    r.uploadLogo,
    async (req) => {
      const u = me(req);
      if (u.role !== 'company') throw AppError.forbidden(m.companyOnly);
      return ok(await service.uploadLogo(u, await readImage(req as FastifyRequest)), m.companySaved);
    },
    upload,
  );
  // Logos are public (company cards on the job board).
  app.get<{ Params: { file: string } }>(
    '/api/company_logos/:file',
    { schema: { hide: true } },
    async (req, reply) => {
      const key = service.logoKey(req.params.file);
      const mime = mimeOfStoredAvatar(req.params.file);
      if (!key || !mime) throw AppError.notFound(m.companyNotFound);
      return sendStoredObject(req, reply, deps.storage, key, {
        contentType: mime,
        access: 'public',
        ttlS: deps.config.storage.signedUrlTtlS,
        notFound: AppError.notFound(m.companyNotFound),
      });
    },
  );

  defineRoute(app, r.adminCompanies, async (req) => ok(await service.adminCompanies(req.query)), companyReview);
  defineRoute(
    app,
    r.adminReviewCompany,
    async (req) => ok(await service.reviewCompany(auditActor(req), req.params.id, req.body), m.reviewed),
    companyReview,
  );
  defineRoute(
    app,
    r.adminLicence,
    async (req, reply) => {
      const key = await service.licenceKey(req.params.id);
      const mime = mimeOfStoredAvatar(key.slice(key.lastIndexOf('/') + 1));
      if (!mime) throw AppError.notFound(m.companyNotFound);
      return sendStoredObject(req, reply, deps.storage, key, {
        contentType: mime,
        access: 'private',
        ttlS: deps.config.storage.signedUrlTtlS,
        notFound: AppError.notFound(m.companyNotFound),
      });
    },
    companyReview,
  );

  // ---- posts ------------------------------------------------------------------------------------------------------

  defineRoute(app, r.myPosts, async (req) => ok(await service.myPosts(me(req), req.query)), user);
  defineRoute(app, r.myPost, async (req) => ok(await service.myPost(me(req), req.params.id)), user);
  defineRoute(
    app,
    r.createPost,
    async (req) =>
      ok(await service.createPost(me(req), req.body), req.body.submit ? m.postSubmitted : m.postSaved),
    user,
  );
  defineRoute(
    app,
    r.updatePost,
    async (req) => {
      const post = await service.updatePost(me(req), req.params.id, req.body);
      return ok(post, post.status === 'pending' ? m.postSubmitted : m.postSaved);
    },
    user,
  );
  defineRoute(
    app,
    r.offlinePost,
    async (req) => ok(await service.offlinePost(me(req), req.params.id), m.postOffline),
    user,
  );

  defineRoute(app, r.adminPosts, async (req) => ok(await service.adminPosts(req.query)), postReview);
  defineRoute(
    app,
    r.adminReviewPost,
    async (req) => ok(await service.reviewPost(auditActor(req), req.params.id, req.body), m.reviewed),
    postReview,
  );
  defineRoute(
    app,
    r.adminOfflinePost,
    async (req) => ok(await service.adminOffline(auditActor(req), req.params.id, req.body.reason), m.postOffline),
    postReview,
  );

  // ---- board --------------------------------------------------------------------------------------------------------

  defineRoute(app, r.board, async (req) => ok(await service.board(req.query)), { tags });
  defineRoute(app, r.boardPost, async (req) => ok(await service.boardPost(req.user, req.params.id)), {
    tags,
    auth: optionalUser,
  });

  // ---- applications ---------------------------------------------------------------------------------------------------

  defineRoute(app, r.apply, async (req) => ok(await service.apply(me(req), req.body), m.applied), user);
  defineRoute(app, r.sent, async (req) => ok(await service.sent(me(req), req.query)), user);
  defineRoute(
    app,
    r.withdraw,
    async (req) => ok(await service.withdraw(me(req), req.params.id), m.withdrawn),
    user,
  );
  defineRoute(
    app,
    r.acceptInterview,
    async (req) => ok(await service.acceptInterview(me(req), req.params.id), m.interviewAccepted),
    user,
  );
  defineRoute(app, r.received, async (req) => ok(await service.received(me(req), req.query)), user);
  defineRoute(app, r.resume, async (req) => ok(await service.resume(me(req), req.params.id)), user);
  defineRoute(app, r.mark, async (req) => ok(await service.mark(me(req), req.body), m.marked), user);

  // ---- talents, recommendation, pool ------------------------------------------------------------------------------------

  defineRoute(app, r.talents, async (req) => ok(await service.talents(me(req), req.query)), user);
  defineRoute(
    app,
    r.talentResume,
    async (req) => ok(await service.talentResume(me(req), req.params.id)),
    user,
  );
  defineRoute(app, r.recommend, async (req) => ok(await service.recommend(me(req))), user);
  defineRoute(app, r.myTalentPool, async (req) => ok(await service.myTalentPool(me(req))), user);
  defineRoute(app, r.pool, async (req) => ok(await service.pool(me(req), req.query)), user);
  defineRoute(app, r.poolAdd, async (req) => ok(await service.poolAdd(me(req), req.body), m.poolSaved), user);
  defineRoute(
    app,
    r.poolUpdate,
    async (req) => ok(await service.poolUpdate(me(req), req.params.id, req.body), m.poolUpdated),
    user,
  );
  defineRoute(
    app,
    r.poolRemove,
    async (req) => {
      await service.poolRemove(me(req), req.params.id);
      return ok(null, m.poolRemoved);
    },
    user,
  );
  defineRoute(
    app,
    r.poolInvite,
    async (req) => {
      await service.poolInvite(me(req), req.params.id, req.body.post_id);
      return ok(null, m.invited);
    },
    user,
  );
};
