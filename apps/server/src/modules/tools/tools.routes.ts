import multipart from '@fastify/multipart';
import {
  RISK_TEMPLATE_MAX_BYTES,
  adminRiskChecksRoutes,
  ok,
  riskChecksRoutes,
  riskReportIdParamsSchema,
  toolsMessages as m,
} from '@app/contracts';
import type { AppModule } from '../../lib/app-module';
import { AppError } from '../../lib/app-error';
import { readUpload } from '../../lib/multipart-upload';
import { userOf } from '../../lib/auth';
import { defineRoute, guardOptions } from '../../lib/define-route';
import { renderRiskPdf } from './risk-pdf';
import { buildTemplate, readTemplate } from './risk-template';
import { createToolsService } from './tools.service';

const tags = ['tools'];
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The financial risk check: quota, reports, the Excel template and the report PDF. */
export const toolsModule: AppModule = async (app, deps) => {
  const { requireUser, requirePermission } = deps.guards;
  const service = createToolsService(deps.db, deps.clock);
  const user = { tags, auth: requireUser };

  await app.register(multipart, { limits: { fileSize: RISK_TEMPLATE_MAX_BYTES, files: 1, fields: 5, parts: 6 } });

  defineRoute(app, riskChecksRoutes.quota, async (request) => ok(await service.quota(userOf(request).id)), user);
  defineRoute(
    app,
    riskChecksRoutes.create,
    async (request) => {
      const report = await service.create(userOf(request).id, request.body);
      return ok(report, report.state === 'ready' ? m.created : m.awaitingPayment);
    },
    user,
  );
  defineRoute(app, riskChecksRoutes.list, async (request) => ok(await service.list(userOf(request).id, request.query)), user);
  defineRoute(app, riskChecksRoutes.show, async (request) => ok(await service.show(userOf(request).id, request.params.id)), user);

  defineRoute(
    app,
    riskChecksRoutes.readTemplate,
    async (request) => {
      const { content } = await readUpload(request, {
        maxBytes: RISK_TEMPLATE_MAX_BYTES,
        required: m.templateRequired,
        tooLarge: m.templateTooLarge,
        broken: m.templateUnreadable,
      });
      const read = await readTemplate(content, m.templateUnreadable);
      if (read.ok) return ok(read.data);
      if ('sheetMissing' in read) throw AppError.badRequest(m.templateSheetMissing, { file: m.templateSheetMissing });
      throw new AppError(400, read.errors[0]!.message, { sheetErrors: read.errors });
    },
    { ...user, bodyLimit: RISK_TEMPLATE_MAX_BYTES + 64 * 1024 },
  );

  // The template is public: a visitor may look at it before logging in.
  app.get(
    '/api/risk-checks/template.xlsx',
    { schema: { summary: '下载风险检测Excel模板（含演示企业示例数据）', tags } },
    async (_request, reply) =>
      reply
        .header('content-type', XLSX)
        .header('cache-control', 'public, max-age=3600')
        .header('content-disposition', `attachment; filename="risk-check-template.xlsx"; filename*=UTF-8''${encodeURIComponent('财务风险检测模板.xlsx')}`)
        .send(await buildTemplate()),
  );

  app.get(
    '/api/risk-checks/:id/pdf',
    {
      ...guardOptions(requireUser).hooks,
      schema: { summary: '下载风险检测报告PDF（本人，已生成的报告）', tags, params: riskReportIdParamsSchema, ...guardOptions(requireUser).schema },
    },
    async (request, reply) => {
      const report = await service.forPdf(userOf(request).id, request.params.id);
      const pdf = await renderRiskPdf({ ...report, siteName: deps.config.siteName });
      return reply
        .header('content-type', 'application/pdf')
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="risk-report-${request.params.id}.pdf"`)
        .send(Buffer.from(pdf));
    },
  );

  defineRoute(app, adminRiskChecksRoutes.list, async (request) => ok(await service.adminList(request.query)), { tags, auth: requirePermission('risk_checks') });
};
