import { randomUUID } from 'node:crypto';
import type { ServerOptions } from 'node:http';
import Fastify, {
  LogController,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { zhErrorMessage } from '@app/contracts';
import type { App, AppDeps, AppModule, CoreDeps } from './lib/app-module';
import { createStorage, storageOrigins } from './lib/storage';
import type { PublicPages } from './lib/public-pages';
import { frameworkErrorAnswer, registerErrorHandling } from './plugins/error-handler';
import { registerInputTextRule } from './plugins/input-text';
import { createLoadShedding, registerLoadShedding } from './plugins/load-shedding';
import { registerMetrics } from './plugins/metrics';
import { registerSecurity, securityHeaders } from './plugins/security';
import { registerSwagger } from './plugins/swagger';
import { registerWeb } from './plugins/web';
import { loadPageRenderer } from './plugins/web-ssr';
import { openGraphOf } from './plugins/web-pages';
import { auditModule, registerAuditCheck } from './modules/audit';
import { authModule, createAuthGuards } from './modules/auth';
import { commentsModerationSource, commentsModule } from './modules/comments';
import { contentModule, contentPublicPages, createArticlesModule } from './modules/content';
import { coursePublicPages, createCoursesModule } from './modules/courses';
import { createCourseProgressSource, learningBufferSize, learningModule } from './modules/learning';
import { certificateCheckPages, createBadgeIssuer, examsModule, examsPublicPages, statusEntry } from './modules/exams';
import { createLiveModule, liveModerationSource } from './modules/live';
import { trainingModule } from './modules/training';
import { magazineModule } from './modules/magazine';
import { createMembersModule } from './modules/members';
import { messagesModule } from './modules/messages';
import { createModerationModule } from './modules/moderation';
import { qaExpertAnswers, qaModerationSource, qaModule, qaPublicPages } from './modules/qa';
import { staffModule } from './modules/staff';
import { standardsModule } from './modules/standards';
import { registerIdempotency, systemModule } from './modules/system';
import { recruitingAttachmentAccess, recruitingModule, recruitingPublicPages } from './modules/recruiting';
import { regionsModule } from './modules/regions';
import { createCreditsModule, creditsDigestModule, creditsReportModule } from './modules/credits';
import { createTalentModule } from './modules/talent';
import { toolsModule, toolsPublicPages } from './modules/tools';
import { usersModule } from './modules/users';
import { createWechatModule, wechatPayers } from './modules/wechat';

/**
 * Members. JSAPI payment inside WeChat reads the payer's openid through members' `WechatPayerSource` port
 * (`payerSource`); until WeChat authorisation wires one, WeChat's browser is told to open the system browser.
 * Named so tests can swap in the module wired with a test port (`modules` of buildApp).
 */
export const membersEntry: AppModule = createMembersModule({ payerSource: (deps) => wechatPayers(deps) });

// The composition root: one line per area. Modules meet only through each other's index.ts; where an area needs
// another that depends on it (the course page shows learning progress), the port is declared by the consumer and
// wired here.
export const APP_MODULES: readonly AppModule[] = [
  systemModule,
  contentModule,
  createArticlesModule({ expertAnswers: (deps) => qaExpertAnswers(deps.db) }),
  regionsModule,
  // The 学时证明 are signed by the platform's issuer, whose key the exams area keeps.
  createCreditsModule({
    issuer: (deps) => ({
      ...createBadgeIssuer({ db: deps.db, clock: deps.clock, baseUrl: deps.config.publicBaseUrl, siteName: deps.config.siteName }),
      statusEntry,
    }),
  }),
  creditsReportModule,
  creditsDigestModule,
  authModule,
  usersModule,
  messagesModule,
  createCoursesModule({ progressSource: (deps) => createCourseProgressSource(deps.db) }),
  learningModule,
  commentsModule,
  membersEntry,
  createTalentModule({ attachmentAccess: (deps) => [recruitingAttachmentAccess(deps)] }),
  recruitingModule,
  trainingModule,
  toolsModule,
  qaModule,
  examsModule,
  standardsModule,
  magazineModule,
  createLiveModule(),
  // Moderation declares the source port; comments, Q&A and live implement it and call moderation's screening.
  createModerationModule({
    sources: () => ({ comment: commentsModerationSource(), question: qaModerationSource(), chat: liveModerationSource() }),
  }),
  auditModule,
  staffModule,
  // The JS-SDK share repeats the Open Graph tags of public pages.
  createWechatModule({
    openGraph: (deps) => (url) => openGraphOf(publicPages(deps), deps.config, url),
  }),
];

/** Public detail pages of each area: head tags for link previews and crawlers, 404 for unknown ids, sitemap.xml. */
const publicPages = ({ db, clock }: Pick<CoreDeps, 'db' | 'clock'>): PublicPages[] => [
  coursePublicPages(db),
  toolsPublicPages(db),
  qaPublicPages(db),
  examsPublicPages(db),
  certificateCheckPages(db),
  recruitingPublicPages(db, () => clock.now()),
  ...contentPublicPages(db, clock),
];

/** The knowledge and information list pages (issue 15). */
const CONTENT_LIST_PAGES = ['/newsInformation', '/caseDatabase', '/expertDatabase', '/learnBase', '/studentServe', '/aboutus', '/projectCooperate'].map((path) => ({ path }));
/** Public list pages listed in sitemap.xml next to the detail pages. */
const STATIC_PUBLIC_PAGES = [{ path: '/' }, { path: '/train' }, { path: '/help-center' }, { path: '/quiz' }, { path: '/jobDetail' }, ...CONTENT_LIST_PAGES];

export const BODY_LIMIT_BYTES = 1024 * 1024;
const REQUEST_ID = /^[\w.:-]{1,64}$/;

// Schemas without their own message answer in plain Chinese.
z.config({ customError: zhErrorMessage });

/** One log line per request, on completion, with what an operator searches for. */
class OneLineRequestLog extends LogController {
  override incomingRequest(): void {}
  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply): void {
    const line = {
      method: request.method,
      url: request.url,
      statusCode: reply.statusCode,
      ms: Math.round(reply.elapsedTime),
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}

export interface BuildAppOptions extends CoreDeps {
  /** Fastify logger options; defaults to pino at config.logLevel. Tests pass false. */
  logger?: FastifyServerOptions['logger'];
  /** Registered after the app's own modules (tests add routes that drive error paths). */
  extraModules?: AppModule[];
  /** Replaces the app's own modules (APP_MODULES); tests swap one for a variant wired with a test port. */
  modules?: readonly AppModule[];
}

/** Builds the whole app (plugins, modules, web) without listening. */
export async function buildApp({
  config,
  db,
  clock,
  logger,
  extraModules = [],
  modules = APP_MODULES,
}: BuildAppOptions): Promise<App> {
  const options: FastifyServerOptions & { http: ServerOptions } = {
    logger: logger ?? {
      level: config.logLevel,
      redact: ['req.headers.token', 'req.headers.authorization', 'req.headers.cookie'],
    },
    bodyLimit: BODY_LIMIT_BYTES,
    // A hop count is valid at runtime (proxy-addr) though Fastify's types omit it.
    trustProxy: (config.trustProxy ?? false) as FastifyServerOptions['trustProxy'],
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    logController: new OneLineRequestLog(),
    // Slow clients (headers or body dripping in) are cut off, so they cannot hold connections and memory forever;
    // Node checks open connections against these limits every `connectionsCheckingInterval`.
    requestTimeout: config.http.requestTimeoutMs,
    http: {
      headersTimeout: config.http.headersTimeoutMs,
      connectionsCheckingInterval: Math.max(50, Math.min(1_000, Math.floor(config.http.headersTimeoutMs / 4))),
    },
    // While draining on shutdown, requests on open keep-alive connections are still served (with
    // Connection: close) rather than answered with Fastify's own non-envelope 503.
    return503OnClosing: false,
    // A bad %-escape in the path still answers the envelope with the security headers.
    frameworkErrors: frameworkErrorAnswer(securityHeaders()),
  };
  const app: App = Fastify(options).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const instanceName = config.instanceName;
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
    if (instanceName) reply.header('x-served-by', instanceName);
  });

  const errors = registerErrorHandling(app);
  const loadShedding = createLoadShedding(config.loadShedding);
  registerMetrics(app, {
    loadShedding,
    db,
    allow: config.metrics.allow,
    token: config.metrics.token,
    learningBufferSize: () => learningBufferSize(db),
  });
  await registerSecurity(app, { wechat: config.wechat.mode !== 'off', storageOrigins: storageOrigins(config.storage) });
  await registerLoadShedding(app, loadShedding);
  registerInputTextRule(app);
  await registerSwagger(app, config.siteName);
  errors.setFallback(
    await registerWeb(app, {
      webDistDir: config.webDistDir,
      siteName: config.siteName,
      publicBaseUrl: config.publicBaseUrl,
      publicPages: publicPages({ db, clock }),
      staticPages: STATIC_PUBLIC_PAGES,
      render: await loadPageRenderer(app, config.webDistDir),
    }),
  );

  // Before the modules, so its hooks run for every route whose descriptor is `idempotent`.
  registerAuditCheck(app, { db, clock, strict: config.nodeEnv === 'test' });
  registerIdempotency(app, { db, clock });
  const deps: AppDeps = { config, db, clock, guards: createAuthGuards({ config, db, clock }), storage: createStorage(config) };
  for (const mod of [...modules, ...extraModules]) {
    await app.register(async (scope) => mod(scope, deps));
  }

  await app.ready();
  return app;
}
