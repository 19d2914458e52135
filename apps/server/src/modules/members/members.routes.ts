import multipart from '@fastify/multipart';
import { z } from 'zod';
import {
  adminInvoicesRoutes,
  hasPermission,
  invoiceIdParamsSchema,
  invoicesRoutes,
  INVOICE_PDF_MAX_BYTES,
  membersMessages as m,
  membersRoutes,
  ok,
  PAYMENT_NOTIFY_PATH,
  sandboxPaymentRoutes,
} from '@app/contracts';
import { paymentNotifications } from '../../lib/metrics';
import type { App, AppDeps, AppModule } from '../../lib/app-module';
import { AppError } from '../../lib/app-error';
import { readUpload } from '../../lib/multipart-upload';
import { sendStoredObject } from '../../lib/storage';
import type { Clock } from '../../lib/clock';
import { defineRoute, guardOptions } from '../../lib/define-route';
import { userOf, type Guard } from '../../lib/auth';
import { auditActor, createAuditTrail } from '../audit';
import { createMessagesService } from '../messages';
import { createInvoicesService, type InvoicesService } from './invoices.service';
import { membersRepository } from './members.repository';
import { createMembersService, type MembersService, type WechatPayerSource } from './members.service';
import { createPaymentProvider } from './payment/create-payment-provider';
import { SandboxProvider } from './payment/sandbox.provider';

/** Payment channels, the only values the metrics' channel label takes. */
const KNOWN_CHANNELS = new Set(['sandbox', 'wechat', 'alipay']);

/** Largest notification body accepted (real ones are a few KB). */
const NOTIFY_BODY_LIMIT = 64 * 1024;

export interface MembersModuleOptions {
  /**
   * The payer's openid for WeChat Pay JSAPI inside WeChat (implemented by the WeChat authorisation area, wired in
   * app.ts). Without it, WeChat's browser is told to open the page in the system browser.
   */
  payerSource?: (deps: AppDeps) => WechatPayerSource;
}

/** Membership plans, orders, payment (sandbox cashier, notify endpoints) and invoices. */
export const createMembersModule = (options: MembersModuleOptions = {}): AppModule => async (app, deps) => {
  const { db, clock, config } = deps;
  const { requireUser, requirePermission } = deps.guards;
  const invoiceStaff = requirePermission('invoices');
  const messages = createMessagesService({ db, clock });
  let sandboxSecret: Promise<string> | undefined;
  const sandbox = new SandboxProvider({
    // Created once in the database; a failed read is retried next time.
    secret: () =>
      (sandboxSecret ??= membersRepository.secret(db, 'sandbox-notify').catch((err: unknown) => {
        sandboxSecret = undefined;
        throw err;
      })),
    clock,
  });
  const provider = createPaymentProvider(config, { sandbox, clock });
  const members = createMembersService({
    db,
    clock,
    messages,
    provider,
    log: app.log,
    payerSource: options.payerSource?.(deps),
  });
  const invoices = createInvoicesService({
    db,
    clock,
    messages,
    storage: deps.storage,
    audit: createAuditTrail(deps),
  });

  registerOrderRoutes(app, members, requireUser, config.publicBaseUrl);
  if (provider === sandbox)
    registerSandboxRoutes(app, members, sandbox, { siteName: config.siteName, clock });
  await app.register(async (scope) => registerNotifyRoute(scope as App, members));
  registerInvoiceRoutes(app, invoices, requireUser, invoiceStaff, deps);
  await app.register(async (scope) => registerIssueRoute(scope as App, invoices, invoiceStaff));
};

function registerOrderRoutes(app: App, members: MembersService, requireUser: Guard, publicBaseUrl: string) {
  const tags = ['members'];
  const opts = { tags, auth: requireUser };
  defineRoute(app, membersRoutes.plans, async () => ok(await members.plans()), { tags });
  defineRoute(
    app,
    membersRoutes.createOrder,
    async (request) => ok(await members.createOrder(userOf(request).id, request.body), m.orderCreated),
    opts,
  );
  defineRoute(
    app,
    membersRoutes.listOrders,
    async (request) => ok(await members.list(userOf(request).id, request.query)),
    opts,
  );
  defineRoute(
    app,
    membersRoutes.checkOrder,
    async (request) => ok(await members.check(userOf(request).id, request.body.order_no)),
    opts,
  );
  defineRoute(
    app,
    membersRoutes.showOrder,
    async (request) => ok(await members.show(userOf(request).id, request.params.id)),
    opts,
  );
  defineRoute(
    app,
    membersRoutes.payOrder,
    async (request) =>
      ok(
        await members.pay(userOf(request).id, request.params.id, publicBaseUrl, {
          ip: request.ip,
          userAgent: request.headers['user-agent'],
        }),
      ),
    opts,
  );
  defineRoute(
    app,
    membersRoutes.cancelOrder,
    async (request) => ok(await members.cancel(userOf(request).id, request.params.id), m.orderCancelledOk),
    opts,
  );
}

/** The sandbox wallet: shows the order behind a cashier ticket and, on confirm, sends a signed notification. */
function registerSandboxRoutes(
  app: App,
  members: MembersService,
  sandbox: SandboxProvider,
  opts: { siteName: string; clock: Clock },
) {
  const { siteName, clock } = opts;
  const tags = ['payments'];
  // A ticket names one order, its amount and its expiry; anything else (or an expired ticket) reads as a bad link.
  const ticketed = async (orderNo: string, token: string) => {
    const found = await members.orderForCashier(orderNo);
    const { order } = found;
    if (
      !(await sandbox.checkCashierToken(
        { orderNo: order.orderNo, amountFen: order.amount, expiresAt: order.expiresAt },
        token,
      ))
    ) {
      throw AppError.notFound(m.cashierTokenInvalid);
    }
    return found;
  };
  defineRoute(
    app,
    sandboxPaymentRoutes.cashier,
    async (request) => {
      const { order, state } = await ticketed(request.query.order_no, request.query.token);
      return ok({
        order_no: order.orderNo,
        subject: order.subject,
        amount: order.amount,
        state,
        expires_at: order.expiresAt.toISOString(),
        merchant_name: siteName,
      });
    },
    { tags },
  );
  /** The sandbox wallet pays: a signed notification through the same notify route as a real channel's. */
  const settle = async (order: { orderNo: string; amount: number }, state: string) => {
    if (state === 'paid') throw AppError.conflict(m.orderPaid);
    if (state === 'cancelled') throw AppError.conflict(m.orderCancelled);
    if (state === 'expired') throw AppError.conflict(m.orderExpired);
    const n = await sandbox.buildNotification({
      orderNo: order.orderNo,
      amountFen: order.amount,
      paidAt: clock.now(),
    });
    // Through the same notify route (raw body, signature check, transaction) as a real channel's notification.
    const res = await app.inject({
      method: 'POST',
      url: PAYMENT_NOTIFY_PATH.replace(':channel', sandbox.channel),
      headers: n.headers as Record<string, string>,
      payload: n.rawBody,
    });
    const after = await members.orderForCashier(order.orderNo);
    if (res.statusCode !== 200 || after.state !== 'paid') throw AppError.conflict(m.paymentNotConfirmed);
    return ok(
      {
        order_no: order.orderNo,
        state: after.state,
        return_url: `/payment?order_no=${encodeURIComponent(order.orderNo)}`,
      },
      m.paymentConfirmed,
    );
  };
  defineRoute(
    app,
    sandboxPaymentRoutes.confirm,
    async (request) => {
      const { order, state } = await ticketed(request.body.order_no, request.body.token);
      return settle(order, state);
    },
    { tags },
  );
  // JSAPI: the development stand-in of WeixinJSBridge hands back the signed bridge parameters, as WeChat would.
  defineRoute(
    app,
    sandboxPaymentRoutes.jsapi,
    async (request) => {
      const ticket = await sandbox.ticketOfBridge(request.body);
      if (!ticket) throw AppError.badRequest(m.sandboxBridgeInvalid);
      const { order, state } = await ticketed(ticket.orderNo, ticket.token);
      return settle(order, state);
    },
    { tags },
  );
}

/**
 * POST /api/payments/notify/{channel}: in its own scope, every body is kept as the exact string received, because
 * the signature covers those bytes (JSON for WeChat Pay and the sandbox, x-www-form-urlencoded for Alipay).
 */
function registerNotifyRoute(scope: App, members: MembersService) {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: NOTIFY_BODY_LIMIT }, (_req, body, done) =>
    done(null, body),
  );
  scope.route({
    method: 'POST',
    url: PAYMENT_NOTIFY_PATH,
    schema: {
      summary: '支付渠道异步通知（验签、记录、幂等处理；按渠道要求的格式应答）',
      tags: ['payments'],
      params: z.object({ channel: z.string().max(20) }),
    },
    handler: async (request, reply) => {
      const rawBody = typeof request.body === 'string' ? request.body : '';
      const channel = (request.params as { channel: string }).channel;
      const { ack, outcome } = await members.handleNotification(channel, {
        headers: request.headers,
        rawBody,
        contentType: request.headers['content-type'],
      });
      // Known channels only as label values: the path segment is the caller's to choose.
      paymentNotifications.inc({ channel: KNOWN_CHANNELS.has(channel) ? channel : 'other', result: outcome });
      return reply.status(ack.status).type(ack.contentType).send(ack.body);
    },
  });
}

function registerInvoiceRoutes(
  app: App,
  invoices: InvoicesService,
  requireUser: Guard,
  requireStaff: Guard,
  deps: Pick<AppDeps, 'storage' | 'config'>,
) {
  const tags = ['invoices'];
  defineRoute(
    app,
    invoicesRoutes.create,
    async (request) => ok(await invoices.request(userOf(request).id, request.body), m.invoiceRequested),
    { tags, auth: requireUser },
  );
  defineRoute(
    app,
    invoicesRoutes.list,
    async (request) => ok(await invoices.list(userOf(request).id, request.query)),
    {
      tags,
      auth: requireUser,
    },
  );
  defineRoute(app, adminInvoicesRoutes.list, async (request) => ok(await invoices.adminList(request.query)), {
    tags,
    auth: requireStaff,
  });
  defineRoute(
    app,
    adminInvoicesRoutes.reject,
    async (request) =>
      ok(
        await invoices.reject(auditActor(request), request.params.id, request.body.reason),
        m.invoiceRejected,
      ),
    { tags, auth: requireStaff },
  );
  app.get(
    '/api/invoices/:id/pdf',
    {
      ...guardOptions(requireUser).hooks,
      schema: {
        summary: '下载已开具的发票PDF（本人或工作人员）',
        tags,
        params: invoiceIdParamsSchema,
        ...guardOptions(requireUser).schema,
      },
    },
    async (request, reply) => {
      const user = userOf(request);
      const { key, downloadName } = await invoices.pdf(
        { id: user.id, isStaff: hasPermission(user.staffRoles, 'invoices') },
        request.params.id,
      );
      return sendStoredObject(request, reply, deps.storage, key, {
        contentType: 'application/pdf',
        access: 'private',
        ttlS: deps.config.storage.signedUrlTtlS,
        notFound: AppError.notFound(m.invoicePdfNotReady),
        disposition: `attachment; filename="${downloadName}"`,
      });
    },
  );
}

/** Staff upload the issued invoice: its own scope parses multipart, one PDF of at most 10 MB. */
async function registerIssueRoute(scope: App, invoices: InvoicesService, requireStaff: Guard) {
  await scope.register(multipart, {
    limits: { fileSize: INVOICE_PDF_MAX_BYTES, files: 1, fields: 5, parts: 6 },
  });
  defineRoute(
    scope,
    adminInvoicesRoutes.issue,
    async (request) => {
      const { content } = await readUpload(request, {
        maxBytes: INVOICE_PDF_MAX_BYTES,
        required: m.invoicePdfRequired,
        tooLarge: m.invoicePdfTooLarge,
      });
      return ok(await invoices.issue(auditActor(request), request.params.id, content), m.invoiceIssued);
    },
    { tags: ['invoices'], auth: requireStaff, bodyLimit: INVOICE_PDF_MAX_BYTES + 64 * 1024 },
  );
}
