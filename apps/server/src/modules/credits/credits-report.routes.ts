import { creditReportRoutes as r, ok } from '@app/contracts';
import type { AppModule } from '../../lib/app-module';
import { defineRoute } from '../../lib/define-route';
import { createCreditsReport } from './credits-report';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** `attachment` with an ASCII fallback name and the Chinese name for browsers that read filename*. */
const attachment = (ascii: string, chinese: string) => `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(chinese)}`;

/**
 * 学分年度报表 (permission `credits`): the year's 达标 figures by region, a page of members and the Excel file for the
 * provincial offices. Reads only, like the other staff exports (no audit row).
 */
export const creditsReportModule: AppModule = async (app, deps) => {
  const report = createCreditsReport({ db: deps.db });
  const staff = { tags: ['credits-admin'], auth: deps.guards.requirePermission('credits') };
  defineRoute(app, r.report, async (request) => ok(await report.report(request.query)), staff);
  defineRoute(
    app,
    r.export,
    async (request, reply) => {
      const q = request.query;
      const scope = q.region ?? '全国';
      const stream = await report.workbook(q);
      return reply
        .header('content-type', XLSX_TYPE)
        .header('cache-control', 'private, no-store')
        .header('content-disposition', attachment(`credits-${q.year}.xlsx`, `${q.year}年度继续教育学分_${scope}.xlsx`))
        .send(stream);
    },
    staff,
  );
};
