import multipart from '@fastify/multipart';
import { IMPORT_MAX_BYTES, adminExamsRoutes, examsMessages as m, examsRoutes, ok } from '@app/contracts';
import type { App, AppDeps, AppModule } from '../../lib/app-module';
import { AppError } from '../../lib/app-error';
import { readUpload } from '../../lib/multipart-upload';
import { sendDownload } from '../../lib/download';
import { defineRoute } from '../../lib/define-route';
import { userOf } from '../../lib/auth';
import { auditActor, createAuditTrail } from '../audit';
import { createMessagesService } from '../messages';
import { createBankService, type BankService } from './bank.service';
import { createBadgeIssuer } from './exams.badges';
import { certificatePdf } from './exams.certificate-pdf';
import { createExamsService } from './exams.service';

/** How often each process closes overdue attempts (any process may; the close is one conditional update). */
export const SWEEP_INTERVAL_MS = 15_000;

/** Exam notices, registration, online attempts, grading, certificates (PDF, public check, Open Badges). */
export const examsModule: AppModule = async (app, deps) => {
  const { db, clock, config } = deps;
  const { requireUser, requirePermission, optionalUser } = deps.guards;
  const messages = createMessagesService({ db, clock });
  const exams = createExamsService({ db, clock, messages, audit: createAuditTrail(deps) });
  const bank = createBankService({ db, clock, audit: createAuditTrail(deps) });
  const issuer = createBadgeIssuer({ db, clock, baseUrl: config.publicBaseUrl, siteName: config.siteName });
  const tags = ['exams'];
  const user = { tags, auth: requireUser };
  const staff = { tags: ['admin-exams'], auth: requirePermission('exams') };
  const grading = { tags: ['admin-exams'], auth: requirePermission('grading') };

  // The server closes unsubmitted attempts at their deadline whether or not a browser is open.
  if (config.nodeEnv !== 'test') {
    let running = false;
    const timer = setInterval(() => {
      if (running) return;
      running = true;
      exams
        .sweep()
        .catch((err: unknown) => app.log.error({ err }, 'closing overdue exam attempts failed'))
        .finally(() => {
          running = false;
        });
    }, SWEEP_INTERVAL_MS);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }

  defineRoute(app, examsRoutes.types, async () => ok(await exams.types()), { tags });
  defineRoute(
    app,
    examsRoutes.notice,
    async (request) => ok(await exams.notice(request.params.typeName, request.user?.id)),
    { tags, auth: optionalUser },
  );
  defineRoute(app, examsRoutes.mine, async (request) => ok(await exams.mine(userOf(request).id)), user);
  defineRoute(
    app,
    examsRoutes.register,
    async (request) => ok(await exams.register(userOf(request).id, request.body.session_id), m.registered),
    user,
  );
  defineRoute(
    app,
    examsRoutes.start,
    async (request) => ok(await exams.start(userOf(request), request.params.id)),
    user,
  );
  defineRoute(
    app,
    examsRoutes.attempt,
    async (request) => ok(await exams.attempt(userOf(request), request.params.id)),
    user,
  );
  defineRoute(
    app,
    examsRoutes.takeover,
    async (request) => ok(await exams.takeover(userOf(request), request.params.id), m.takenOver),
    user,
  );
  defineRoute(
    app,
    examsRoutes.saveAnswers,
    async (request) =>
      ok(await exams.saveAnswers(userOf(request), request.params.id, request.body.answers), m.saved),
    user,
  );
  defineRoute(
    app,
    examsRoutes.leave,
    async (request) => ok(await exams.leave(userOf(request), request.params.id, request.body.away_ms)),
    user,
  );
  defineRoute(
    app,
    examsRoutes.submit,
    async (request) => ok(await exams.submit(userOf(request), request.params.id), m.submitted),
    user,
  );

  // Certificates
  defineRoute(app, examsRoutes.myCertificates, async (request) => ok(await exams.myCertificates(userOf(request).id)), user);
  defineRoute(
    app,
    examsRoutes.certificatePdf,
    async (request, reply) => {
      const c = await exams.myCertificate(userOf(request).id, request.params.number);
      const pdf = await certificatePdf({
        number: c.number,
        holderName: c.holderName,
        examName: c.examName,
        level: c.level,
        score: c.score,
        issuedAt: c.issuedAt,
        validUntil: c.validUntil,
        siteName: config.siteName,
        checkUrl: `${config.publicBaseUrl}/certificate/${encodeURIComponent(c.number)}`,
        revoked: c.revokedAt !== null,
      });
      return sendDownload(reply, { mime: 'application/pdf', fileName: `certificate-${c.number}.pdf`, body: Buffer.from(pdf) });
    },
    user,
  );
  defineRoute(
    app,
    examsRoutes.certificateBadge,
    async (request, reply) => {
      const c = await exams.myCertificate(userOf(request).id, request.params.number);
      const credential = await issuer.credential(c);
      return sendDownload(reply, {
        mime: 'application/json; charset=utf-8',
        fileName: `certificate-${c.number}.json`,
        body: JSON.stringify(credential, null, 2),
      });
    },
    user,
  );
  defineRoute(
    app,
    examsRoutes.checkCertificate,
    async (request) => ok(await exams.check(request.params.number, config.siteName)),
    { tags },
  );
  defineRoute(app, examsRoutes.issuerKey, async () => issuer.publicKeyDocument(), { tags });
  defineRoute(app, examsRoutes.issuerProfile, async () => issuer.profile(), { tags });
  defineRoute(
    app,
    examsRoutes.statusList,
    async (request, reply) => {
      const list = await issuer.statusListCredential(request.params.list);
      if (!list) throw AppError.notFound(m.statusListNotFound);
      // Verifiers may keep a copy for a minute; a revocation shows in the next copy they fetch.
      return reply.header('cache-control', 'public, max-age=60').send(list);
    },
    { tags },
  );

  // Staff
  defineRoute(app, adminExamsRoutes.questions, async (request) => ok(await bank.page(request.query)), staff);
  defineRoute(
    app,
    adminExamsRoutes.createQuestion,
    async (request) => ok(await bank.create(auditActor(request), request.body), m.saveQuestionOk),
    staff,
  );
  defineRoute(
    app,
    adminExamsRoutes.updateQuestion,
    async (request) => ok(await bank.update(auditActor(request), request.params.id, request.body), m.saveQuestionOk),
    staff,
  );
  defineRoute(
    app,
    adminExamsRoutes.deactivateQuestion,
    async (request) => ok(await bank.deactivate(auditActor(request), request.params.id)),
    staff,
  );
  defineRoute(
    app,
    adminExamsRoutes.importTemplate,
    async (_request, reply) =>
      reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', 'attachment; filename="exam-questions-template.xlsx"')
        .send(await bank.template()),
    staff,
  );
  await app.register(async (scope) => registerImportRoute(scope as App, bank, deps));
  defineRoute(app, adminExamsRoutes.papers, async () => ok(await bank.papers()), staff);
  defineRoute(
    app,
    adminExamsRoutes.createPaper,
    async (request) => ok(await bank.createPaper(auditActor(request), request.body), m.savePaperOk),
    staff,
  );
  defineRoute(app, adminExamsRoutes.types, async () => ok(await bank.types()), staff);
  defineRoute(
    app,
    adminExamsRoutes.createType,
    async (request) => ok(await bank.createType(auditActor(request), request.body), m.saveTypeOk),
    staff,
  );
  defineRoute(
    app,
    adminExamsRoutes.updateType,
    async (request) => ok(await bank.updateType(auditActor(request), request.params.id, request.body), m.saveTypeOk),
    staff,
  );
  defineRoute(app, adminExamsRoutes.sessions, async () => ok(await bank.sessions()), staff);
  defineRoute(
    app,
    adminExamsRoutes.createSession,
    async (request) => ok(await bank.createSession(auditActor(request), request.body), m.saveSessionOk),
    staff,
  );
  defineRoute(app, adminExamsRoutes.gradingQueue, async () => ok(await exams.gradingQueue()), grading);
  defineRoute(
    app,
    adminExamsRoutes.grade,
    async (request) => ok(await exams.grade(auditActor(request), request.body), m.graded),
    grading,
  );
  defineRoute(
    app,
    adminExamsRoutes.certificates,
    async (request) => ok(await exams.adminCertificates(request.query.keyword || undefined)),
    staff,
  );
  defineRoute(
    app,
    adminExamsRoutes.revokeCertificate,
    async (request) => ok(await exams.revoke(auditActor(request), request.params.id, request.body.reason), m.revoked),
    staff,
  );
};

async function registerImportRoute(scope: App, bank: BankService, deps: AppDeps) {
  await scope.register(multipart, { limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 5, parts: 6 } });
  defineRoute(
    scope,
    adminExamsRoutes.importQuestions,
    async (request) => {
      const { content } = await readUpload(request, {
        maxBytes: IMPORT_MAX_BYTES,
        required: m.importFileRequired,
        tooLarge: m.importFileTooLarge,
        broken: m.importFileUnreadable,
      });
      const n = await bank.importFile(auditActor(request), request.query.type_id, content);
      return ok({ imported: n }, m.imported(n));
    },
    { tags: ['admin-exams'], auth: deps.guards.requirePermission('exams'), bodyLimit: IMPORT_MAX_BYTES + 64 * 1024 },
  );
}
