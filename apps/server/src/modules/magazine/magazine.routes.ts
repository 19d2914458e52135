import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  MAGAZINE_PDF_MAX_BYTES,
  MAGAZINE_URL_TTL_S,
  magazineMessages as m,
  magazineRoutes,
  magazineUploadFieldsSchema,
  ok,
} from '@app/contracts';
import type { App, AppDeps, AppModule } from '../../lib/app-module';
import { AppError } from '../../lib/app-error';
import { parseUploadFields, readUpload } from '../../lib/multipart-upload';
import { userOf } from '../../lib/auth';
import { defineRoute } from '../../lib/define-route';
import { auditActor, createAuditTrail } from '../audit';
import { mediaSigner } from '../courses';
import { sendStoredObject } from '../../lib/storage';
import { createMessagesService } from '../messages';
import { magazineCoverSvg } from './magazine-cover';
import { createMagazineService, MAGAZINE_MEDIA_PREFIX, type MagazineService } from './magazine.service';

const TAGS = ['magazine'];
const ADMIN_TAGS = ['admin-magazine'];

export const magazineModule: AppModule = async (app, deps) => {
  const signer = mediaSigner(deps, { prefix: MAGAZINE_MEDIA_PREFIX, ttlS: MAGAZINE_URL_TTL_S });
  const service = createMagazineService({
    db: deps.db,
    clock: deps.clock,
    signer,
    messages: createMessagesService({ db: deps.db, clock: deps.clock }),
    audit: createAuditTrail(deps),
    storage: deps.storage,
  });
  // PDFs written before they moved to storage (and the demo seed's) are moved there once the database is ready:
  // on listen, since server.ts migrates and seeds before it listens. A request for one moves it first if needed.
  app.addHook('onListen', async () => {
    service.moveFilesToStorage().then(
      (n) => n > 0 && app.log.info({ files: n }, 'magazine PDFs moved into storage'),
      (err: unknown) => app.log.error({ err }, 'moving magazine PDFs into storage failed'),
    );
  });
  const user = { tags: TAGS, auth: deps.guards.requireUser };
  const staff = { tags: ADMIN_TAGS, auth: deps.guards.requirePermission('magazine') };

  defineRoute(app, magazineRoutes.list, async (request) => ok(await service.list(userOf(request).id, request.query.year)), user);
  defineRoute(app, magazineRoutes.read, async (request) => ok(await service.read(userOf(request).id, request.params.id)), user);
  defineRoute(
    app,
    magazineRoutes.progress,
    async (request) => ok(await service.saveProgress(userOf(request).id, request.params.id, request.body.page)),
    user,
  );

  defineRoute(app, magazineRoutes.adminList, async () => ok(await service.adminList()), staff);
  defineRoute(app, magazineRoutes.adminUpdate, async (request) => ok(await service.update(auditActor(request), request.params.id, request.body), '已保存'), staff);
  defineRoute(app, magazineRoutes.adminPublish, async (request) => ok(await service.publish(auditActor(request), request.params.id), '已发布'), staff);
  defineRoute(
    app,
    magazineRoutes.adminDelete,
    async (request) => {
      await service.remove(auditActor(request), request.params.id);
      return ok(null, '已删除');
    },
    staff,
  );

  // Signed PDFs: the app's signature (and so the entitlement it was issued for) is checked first; then the local
  // disk answers with HTTP Range (pdf.js fetches the first pages' bytes before the rest), object storage with a
  // redirect to a short-lived signed link of the bucket.
  app.get(`${MAGAZINE_MEDIA_PREFIX}:file`, { schema: { hide: true } }, async (request: FastifyRequest, reply: FastifyReply) => {
    const { file } = request.params as { file: string };
    const { exp, sig } = request.query as Record<string, unknown>;
    const { key } = await service.media(file, exp, sig);
    return sendStoredObject(request, reply, deps.storage, key, {
      contentType: 'application/pdf',
      access: 'private',
      ttlS: deps.config.storage.signedUrlTtlS,
      notFound: AppError.notFound(m.fileNotFound),
    });
  });

  app.get('/media/magazine-covers/:name', { schema: { hide: true } }, async (request: FastifyRequest, reply: FastifyReply) => {
    const { name } = request.params as { name: string };
    const hit = /^([1-9]\d{0,9})\.svg$/.exec(name);
    const row = hit ? await service.cover(Number(hit[1])) : null;
    if (!row || !row.publishedAt) throw AppError.notFound('图片不存在');
    return reply
      .header('content-type', 'image/svg+xml; charset=utf-8')
      .header('cache-control', 'public, max-age=86400')
      .send(
        magazineCoverSvg({
          title: row.title,
          year: row.year,
          month: row.month,
          issueNo: row.issueNo,
          hue: row.coverHue,
          toc: row.toc.map((t) => t.title),
        }),
      );
  });

  await app.register(async (scope) => registerUpload(scope, service, deps));
};

async function registerUpload(scope: App, service: MagazineService, deps: AppDeps) {
  await scope.register(multipart, { limits: { fileSize: MAGAZINE_PDF_MAX_BYTES, files: 1, fields: 8, parts: 9 } });
  defineRoute(
    scope,
    magazineRoutes.adminUpload,
    async (request) => {
      const { content: bytes, fields } = await readUpload(request, {
        maxBytes: MAGAZINE_PDF_MAX_BYTES,
        fields: Object.keys(magazineUploadFieldsSchema.shape),
        required: m.pdfMissing,
        tooLarge: m.pdfTooLarge,
        broken: m.pdfBroken,
      });
      const parsed = parseUploadFields(magazineUploadFieldsSchema, fields);
      if (bytes.length === 0) throw AppError.badRequest(m.pdfMissing);
      return ok(await service.upload(auditActor(request), parsed, bytes), '已上传');
    },
    { tags: ADMIN_TAGS, auth: deps.guards.requirePermission('magazine'), bodyLimit: MAGAZINE_PDF_MAX_BYTES + 64 * 1024 },
  );
}
