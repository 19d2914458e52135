import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import {
  CONTENT_IMAGE_MAX_BYTES,
  CONTENT_IMAGE_URL_PREFIX,
  articlesRoutes as r,
  contentMessages as m,
  ok,
} from '@app/contracts';
import { readUpload } from '../../lib/multipart-upload';
import type { AppModule } from '../../lib/app-module';
import { userOf } from '../../lib/auth';
import { defineRoute } from '../../lib/define-route';
import type { AppDeps } from '../../lib/app-module';
import { auditActor, createAuditTrail } from '../audit';
import { createArticlesService, type ArticlesService, type ExpertAnswersSource } from './articles.service';
import { CONTENT_IMAGE_KEY_PREFIX } from './articles-shared';
import { registerStoredImageRoute } from '../../lib/stored-file';

/**
 * News, cases, experts, learning bases, service guides, topic pages, cooperation leads and the staff editor.
 * `expertAnswers`: the Q&A answers shown on an expert's page (the Q&A area implements it; app.ts wires it).
 */
export const createArticlesModule =
  (options: { expertAnswers?: (deps: AppDeps) => ExpertAnswersSource } = {}): AppModule =>
  async (app, deps) => {
    const { requirePermission, optionalUser } = deps.guards;
    const serviceDeps = { db: deps.db, clock: deps.clock, storage: deps.storage, expertAnswers: options.expertAnswers?.(deps) };
    const svc = createArticlesService(serviceDeps);
    const audit = createAuditTrail(deps);
    /**
     * A staff write and its audit row in one transaction: the service works on the transaction, and the row records
     * the record as it was before (`before`, for writes to an existing one) and as the write left it.
     */
    const audited = <T>(
      request: FastifyRequest,
      change: { action: string; entity: string; entityId?: string | number },
      work: (s: ArticlesService) => Promise<T>,
      before?: (s: ArticlesService) => Promise<unknown>,
    ): Promise<T> =>
      deps.db.transaction(async (tx) => {
        const scoped = createArticlesService({ ...serviceDeps, db: tx });
        const was = before ? await before(scoped) : null;
        const out = await work(scoped);
        const id = change.entityId ?? (out as { id?: number } | null)?.id ?? null;
        await audit.record(tx, auditActor(request), { ...change, entityId: id, before: was, after: out });
        return out;
      });
    const tags = ['content'];
    const staff = { tags: ['content-admin'], auth: requirePermission('content') };

    await app.register(multipart, {
      limits: { fileSize: CONTENT_IMAGE_MAX_BYTES, files: 1, fields: 2, parts: 3 },
    });

    // ---- public ----------------------------------------------------------------------------------------------------
    defineRoute(app, r.list, async (request) => ok(await svc.list(request.query, request.hostname)), {
      tags,
    });
    defineRoute(
      app,
      r.detail,
      async (request) =>
        ok(
          await svc.detail(
            request.params.id,
            request.user?.id ?? null,
            request.hostname.split(':')[0] ?? null,
          ),
        ),
      { tags, auth: optionalUser },
    );
    defineRoute(app, r.experts, async (request) => ok(await svc.experts(request.query)), { tags });
    defineRoute(app, r.expert, async (request) => ok(await svc.expert(request.params.id)), { tags });
    defineRoute(app, r.learningBases, async () => ok(await svc.learningBases()), { tags });
    defineRoute(app, r.serviceGuides, async () => ok(await svc.serviceGuides()), { tags });
    defineRoute(app, r.serviceGuide, async (request) => ok(await svc.serviceGuide(request.params.id)), {
      tags,
    });
    defineRoute(app, r.topic, async (request) => ok(await svc.topic(request.params.type)), { tags });
    defineRoute(app, r.banners, async () => ok(await svc.banners(true)), { tags });
    defineRoute(
      app,
      r.sendLead,
      async (request) => ok(await svc.sendLead(request.body, request.ip), m.leadSent),
      { tags },
    );

    // ---- staff: articles ------------------------------------------------------------------------------------------
    defineRoute(app, r.adminList, async (request) => ok(await svc.adminList(request.query)), staff);
    defineRoute(app, r.adminGet, async (request) => ok(await svc.adminGet(request.params.id)), staff);
    defineRoute(
      app,
      r.adminCreate,
      async (request) => ok(await audited(request, { action: 'article.create', entity: 'article' }, (s) => s.create(userOf(request), request.body)), m.saved),
      staff,
    );
    defineRoute(
      app,
      r.adminUpdate,
      async (request) => ok(
          await audited(
            request,
            { action: 'article.update', entity: 'article', entityId: request.params.id },
            (s) => s.update(userOf(request), request.params.id, request.body),
            (s) => s.adminGet(request.params.id),
          ),
          m.saved,
        ),
      staff,
    );
    defineRoute(
      app,
      r.adminPublish,
      async (request) => {
        const out = await audited(
          request,
          { action: request.body.publish_at ? 'article.schedule' : 'article.publish', entity: 'article', entityId: request.params.id },
          (s) => s.publish(userOf(request), request.params.id, request.body.publish_at),
          (s) => s.adminGet(request.params.id),
        );
        return ok(out, out.state === 'scheduled' ? m.scheduled : m.published);
      },
      staff,
    );
    defineRoute(
      app,
      r.adminWithdraw,
      async (request) => ok(
          await audited(
            request,
            { action: 'article.withdraw', entity: 'article', entityId: request.params.id },
            (s) => s.withdraw(userOf(request), request.params.id),
            (s) => s.adminGet(request.params.id),
          ),
          m.withdrawn,
        ),
      staff,
    );
    defineRoute(app, r.adminVersions, async (request) => ok(await svc.versions(request.params.id)), staff);
    defineRoute(
      app,
      r.adminRestore,
      async (request) =>
        ok(
          await audited(
            request,
            { action: 'article.restore', entity: 'article', entityId: request.params.id },
            (s) => s.restore(userOf(request), request.params.id, request.params.versionId),
            (s) => s.adminGet(request.params.id),
          ),
          m.restored,
        ),
      staff,
    );
    defineRoute(
      app,
      r.adminUploadImage,
      async (request) => {
        const { content } = await readUpload(request, {
          maxBytes: CONTENT_IMAGE_MAX_BYTES,
          required: m.imageRequired,
          tooLarge: m.imageTooLarge,
        });
        return ok(
          await audited(request, { action: 'content_image.upload', entity: 'content_image' }, (s) =>
            s.uploadImage(userOf(request).id, content),
          ),
          m.imageUploaded,
        );
      },
      { ...staff, bodyLimit: CONTENT_IMAGE_MAX_BYTES + 64 * 1024 },
    );

    // ---- staff: leads, experts, bases, guides, topics -------------------------------------------------------------
    defineRoute(app, r.adminLeads, async (request) => ok(await svc.leads(request.query)), staff);
    defineRoute(
      app,
      r.adminHandleLead,
      async (request) => ok(
          await audited(request, { action: 'content_lead.handle', entity: 'content_lead', entityId: request.params.id }, (s) =>
            s.handleLead(userOf(request), request.params.id),
          ),
          m.leadHandled,
        ),
      staff,
    );
    defineRoute(
      app,
      r.adminSaveExpert,
      async (request) => ok(await audited(request, { action: 'expert.save', entity: 'expert' }, (s) => s.saveExpert(request.body)), m.saved),
      staff,
    );
    defineRoute(
      app,
      r.adminSaveBase,
      async (request) => ok(
          await audited(request, { action: 'learning_base.save', entity: 'learning_base', entityId: request.params.code }, (s) =>
            s.saveLearningBase(request.params.code, request.body),
          ),
          m.saved,
        ),
      staff,
    );
    defineRoute(
      app,
      r.adminSaveGuide,
      async (request) => ok(
          await audited(request, { action: 'service_guide.save', entity: 'service_guide', entityId: request.params.id }, (s) =>
            s.saveServiceGuide(request.params.id, request.body),
          ),
          m.saved,
        ),
      staff,
    );
    defineRoute(app, r.adminBanners, async () => ok(await svc.banners(false)), staff);
    defineRoute(app, r.adminCreateBanner, async (request) => ok(await audited(request, { action: 'banner.create', entity: 'banner' }, (s) => s.saveBanner(null, request.body)), m.saved), staff);
    defineRoute(
      app,
      r.adminUpdateBanner,
      async (request) => ok(
          await audited(request, { action: 'banner.update', entity: 'banner', entityId: request.params.id }, (s) =>
            s.saveBanner(request.params.id, request.body),
          ),
          m.saved,
        ),
      staff,
    );
    defineRoute(app, r.adminTopics, async () => ok(await svc.adminTopics()), staff);
    defineRoute(
      app,
      r.adminSaveTopic,
      async (request) => ok(
          await audited(request, { action: 'topic_page.save', entity: 'topic_page', entityId: request.params.type }, (s) =>
            s.saveTopic(request.params.type, request.body),
          ),
          m.saved,
        ),
      staff,
    );

    // Uploaded article images: only names this module generates, typed by the stored extension, never sniffed.
    registerStoredImageRoute(app, {
      prefix: CONTENT_IMAGE_URL_PREFIX,
      storage: deps.storage,
      keyPrefix: CONTENT_IMAGE_KEY_PREFIX,
      ttlS: deps.config.storage.signedUrlTtlS,
      summary: '文章图片',
      tags,
    });
  };
