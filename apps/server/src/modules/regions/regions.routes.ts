import multipart from '@fastify/multipart';
import {
  BASE_MANAGER_ATTACHMENT_MAX_BYTES,
  applyBaseManagerFieldsSchema,
  ok,
  regionsMessages as m,
  regionsRoutes as r,
} from '@app/contracts';
import { AppError } from '../../lib/app-error';
import type { AppModule } from '../../lib/app-module';
import { userOf } from '../../lib/auth';
import { defineRoute } from '../../lib/define-route';
import { parseUploadFields, readUploadForm } from '../../lib/multipart-upload';
import { sendStoredObject } from '../../lib/storage';
import { auditActor, createAuditTrail } from '../audit';
import { createMessagesService } from '../messages';
import { createRegionsService } from './regions.service';

const FIELDS = Object.keys(applyBaseManagerFieldsSchema.shape) as (keyof typeof applyBaseManagerFieldsSchema.shape)[];

/**
 * Regional learning bases: the application to run one (学习基地负责人申请, SPEC §7 `POST /api/apply_xx_manager`) and
 * its review by content staff. Applying needs a signed-in account: staff answer through the message centre.
 */
export const regionsModule: AppModule = async (app, deps) => {
  const { requireUser, requirePermission } = deps.guards;
  const service = createRegionsService({
    db: deps.db,
    clock: deps.clock,
    messages: createMessagesService({ db: deps.db, clock: deps.clock }),
    audit: createAuditTrail(deps),
    storage: deps.storage,
  });
  const tags = ['regions'];
  const user = { tags, auth: requireUser };
  const staff = { tags: ['regions-admin'], auth: requirePermission('content') };

  await app.register(multipart, {
    limits: { fileSize: BASE_MANAGER_ATTACHMENT_MAX_BYTES, files: 1, fields: FIELDS.length, parts: FIELDS.length + 2 },
  });

  defineRoute(
    app,
    r.apply,
    async (request) => {
      const { file, fields } = await readUploadForm(request, {
        maxBytes: BASE_MANAGER_ATTACHMENT_MAX_BYTES,
        fields: FIELDS,
        notForm: m.formRequired,
        tooLarge: m.attachmentTooLarge,
        broken: m.attachmentBroken,
      });
      const input = parseUploadFields(applyBaseManagerFieldsSchema, fields);
      return ok(await service.apply(userOf(request).id, input, file, request.ip), m.submitted);
    },
    { ...user, bodyLimit: BASE_MANAGER_ATTACHMENT_MAX_BYTES + 64 * 1024 },
  );
  defineRoute(app, r.mine, async (request) => ok(await service.mine(userOf(request).id)), user);

  defineRoute(app, r.adminList, async (request) => ok(await service.adminList(request.query)), staff);
  defineRoute(
    app,
    r.adminAttachment,
    async (request, reply) => {
      const { key, mime, downloadName } = await service.attachment(request.params.id);
      return sendStoredObject(request, reply, deps.storage, key, {
        contentType: mime,
        access: 'private',
        ttlS: deps.config.storage.signedUrlTtlS,
        notFound: AppError.notFound(m.attachmentNotFound),
        disposition: `attachment; filename="${downloadName}"`,
      });
    },
    staff,
  );
  defineRoute(
    app,
    r.adminReview,
    async (request) =>
      ok(
        await service.review(auditActor(request), request.params.id, request.body),
        request.body.approve ? m.approved : m.rejected,
      ),
    staff,
  );
};
