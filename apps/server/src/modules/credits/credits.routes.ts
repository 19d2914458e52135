import multipart from '@fastify/multipart';
import {
  CONVERSION_EVIDENCE_MAX_BYTES,
  creditCertificateMessages as ccm,
  creditCertificateRoutes as ccr,
  conversionFieldsSchema,
  conversionMessages as cm,
  conversionRoutes as cr,
  creditsMessages as m,
  creditsRoutes as r,
  ok,
} from '@app/contracts';
import { AppError } from '../../lib/app-error';
import type { AppModule, CoreDeps } from '../../lib/app-module';
import { userOf } from '../../lib/auth';
import { defineRoute } from '../../lib/define-route';
import { sendDownload } from '../../lib/download';
import { parseUploadFields, readUploadForm } from '../../lib/multipart-upload';
import { sendStoredObject } from '../../lib/storage';
import { auditActor, createAuditTrail } from '../audit';
import { createMessagesService } from '../messages';
import { createCertificatesService, type CredentialIssuer } from './credits-certificates.service';
import { createConversionsService } from './credits-conversions.service';
import { createCreditLedger, createCreditsService } from './credits.service';

const CONVERSION_FIELDS = Object.keys(conversionFieldsSchema.shape) as (keyof typeof conversionFieldsSchema.shape)[];

/**
 * Continuing-education credits (继续教育学分): a member's year against the rule that applies to them, and the staff
 * screens that keep the rules and the courses' credit settings (permission `credits`).
 */
export const createCreditsModule =
  (options: { issuer: (deps: CoreDeps) => CredentialIssuer }): AppModule =>
  async (app, deps) => {
  const { requireUser, requirePermission } = deps.guards;
  const messages = createMessagesService({ db: deps.db, clock: deps.clock });
  const audit = createAuditTrail(deps);
  const service = createCreditsService({ db: deps.db, clock: deps.clock, messages, audit });
  const conversions = createConversionsService({
    db: deps.db,
    clock: deps.clock,
    messages,
    audit,
    ledger: createCreditLedger({ db: deps.db, clock: deps.clock, messages }),
    storage: deps.storage,
  });
  const user = { tags: ['credits'], auth: requireUser };
  const staff = { tags: ['credits-admin'], auth: requirePermission('credits') };

  defineRoute(app, r.myYear, async (request) => ok(await service.myYear(userOf(request), request.query.year)), user);
  defineRoute(app, r.setRegion, async (request) => ok(await service.setRegion(userOf(request), request.body.region), m.regionSaved), user);

  await app.register(multipart, {
    limits: { fileSize: CONVERSION_EVIDENCE_MAX_BYTES, files: 1, fields: CONVERSION_FIELDS.length, parts: CONVERSION_FIELDS.length + 2 },
  });
  defineRoute(
    app,
    cr.file,
    async (request) => {
      const { file, fields } = await readUploadForm(request, {
        maxBytes: CONVERSION_EVIDENCE_MAX_BYTES,
        fields: CONVERSION_FIELDS,
        notForm: cm.formRequired,
        tooLarge: cm.evidenceTooLarge,
        broken: cm.evidenceBroken,
      });
      const input = parseUploadFields(conversionFieldsSchema, fields);
      if (!file) throw AppError.badRequest(cm.evidenceRequired, { file: cm.evidenceRequired });
      return ok(await conversions.file(userOf(request), input, file), cm.submitted);
    },
    { ...user, bodyLimit: CONVERSION_EVIDENCE_MAX_BYTES + 64 * 1024 },
  );
  defineRoute(app, cr.mine, async (request) => ok(await conversions.mine(userOf(request))), user);

  // 学时证明: issued when the year is 达标, downloadable as PDF and as a signed credential, publicly checkable.
  const certificates = createCertificatesService({
    db: deps.db,
    clock: deps.clock,
    messages,
    issuer: options.issuer(deps),
    baseUrl: deps.config.publicBaseUrl,
    siteName: deps.config.siteName,
  });
  defineRoute(app, ccr.issue, async (request) => ok(await certificates.issue(userOf(request), request.body.year), ccm.issued), user);
  defineRoute(app, ccr.mine, async (request) => ok(await certificates.mine(userOf(request))), user);
  defineRoute(
    app,
    ccr.pdf,
    async (request, reply) => {
      const pdf = await certificates.pdf(userOf(request), request.params.number);
      return sendDownload(reply, { mime: 'application/pdf', fileName: `cpe-certificate-${request.params.number}.pdf`, body: Buffer.from(pdf) });
    },
    user,
  );
  defineRoute(
    app,
    ccr.credential,
    async (request, reply) => {
      const credential = await certificates.credential(userOf(request), request.params.number);
      return sendDownload(reply, {
        mime: 'application/json; charset=utf-8',
        fileName: `cpe-certificate-${request.params.number}.json`,
        body: JSON.stringify(credential, null, 2),
      });
    },
    user,
  );
  defineRoute(app, ccr.check, async (request) => ok(await certificates.check(request.params.number)), { tags: ['credits'] });
  defineRoute(
    app,
    ccr.statusList,
    async (request, reply) => {
      const list = await certificates.statusList(request.params.list);
      if (!list) throw AppError.notFound(ccm.statusListNotFound);
      return reply.header('cache-control', 'public, max-age=60').send(list);
    },
    { tags: ['credits'] },
  );

  defineRoute(app, r.adminRules, async () => ok(await service.rules()), staff);
  defineRoute(app, cr.adminList, async (request) => ok(await conversions.adminList(request.query)), staff);
  defineRoute(
    app,
    cr.adminEvidence,
    async (request, reply) => {
      const { key, mime, downloadName } = await conversions.evidence(request.params.id);
      return sendStoredObject(request, reply, deps.storage, key, {
        contentType: mime,
        access: 'private',
        ttlS: deps.config.storage.signedUrlTtlS,
        notFound: AppError.notFound(cm.evidenceNotFound),
        disposition: `attachment; filename="${downloadName}"`,
      });
    },
    staff,
  );
  defineRoute(
    app,
    cr.adminReview,
    async (request) =>
      ok(await conversions.review(auditActor(request), request.params.id, request.body), request.body.approve ? cm.approved : cm.rejected),
    staff,
  );
  defineRoute(
    app,
    cr.adminWithdraw,
    async (request) => ok(await conversions.withdraw(auditActor(request), request.params.id, request.body.reason), cm.withdrawn),
    staff,
  );
  defineRoute(app, r.adminSaveRule, async (request) => ok(await service.saveRule(auditActor(request), request.body), m.ruleSaved), staff);
  defineRoute(app, r.adminCourses, async () => ok(await service.courses()), staff);
  defineRoute(
    app,
    r.adminSaveCourse,
    async (request) => ok(await service.saveCourse(auditActor(request), request.params.id, request.body), m.courseSaved),
    staff,
  );
};
