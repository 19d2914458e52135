import multipart from '@fastify/multipart';
import {
  USER_IMPORT_MAX_BYTES,
  hasPermission,
  ok,
  staffMessages as m,
  staffRoutes,
  userImportMessages,
} from '@app/contracts';
import type { App, AppModule } from '../../lib/app-module';
import { readUpload } from '../../lib/multipart-upload';
import { userOf } from '../../lib/auth';
import { defineRoute } from '../../lib/define-route';
import { auditActor, auditNotNeeded, createAuditTrail } from '../audit';
import { passwordResetCodes } from '../auth';
import { createMessagesService } from '../messages';
import { createDashboard } from './dashboard';
import { learningHoursWorkbook } from './learning-hours-export';
import { examResultsWorkbook, invoicesWorkbook, ordersWorkbook } from './period-exports';
import { createStaffService } from './staff.service';
import { createUsersImport, usersImportTemplate } from './users-import';
import { XLSX_TYPE, attachment } from './xlsx-stream';

/** Staff accounts and their roles (permission `staff_roles`: 管理员). */
export const staffModule: AppModule = async (app, deps) => {
  const audit = createAuditTrail(deps);
  const messages = createMessagesService({ db: deps.db, clock: deps.clock });
  const service = createStaffService({
    db: deps.db,
    clock: deps.clock,
    audit,
    messages,
    resetCodes: passwordResetCodes(deps, app.log),
  });
  const dashboard = createDashboard(deps);
  defineRoute(
    app,
    staffRoutes.dashboard,
    // Sales figures (orders, revenue, conversions) only for roles holding 订单.
    async (request) => ok(await dashboard({ sales: hasPermission(userOf(request).staffRoles, 'orders') })),
    { tags: ['admin-staff'], auth: deps.guards.requirePermission('dashboard') },
  );
  const usersScreen = { tags: ['admin-staff'], auth: deps.guards.requirePermission('users') };
  defineRoute(app, staffRoutes.users, async (request) => ok(await service.users(request.query)), usersScreen);
  defineRoute(
    app,
    staffRoutes.user,
    async (request) => ok(await service.user(request.params.id)),
    usersScreen,
  );
  defineRoute(
    app,
    staffRoutes.setDisabled,
    async (request) => {
      const user = await service.setDisabled(auditActor(request), request.params.id, request.body);
      return ok(user, request.body.disabled ? m.userDisabled : m.userEnabled);
    },
    usersScreen,
  );
  defineRoute(
    app,
    staffRoutes.learningHoursExport,
    async (request, reply) =>
      reply
        .header('content-type', XLSX_TYPE)
        .header('cache-control', 'private, no-store')
        .header(
          'content-disposition',
          attachment(`learning-hours-${request.query.year}.xlsx`, `${request.query.year}年学习时长.xlsx`),
        )
        .send(await learningHoursWorkbook(deps.db, request.query.year)),
    { tags: ['admin-staff'], auth: deps.guards.requirePermission('reports') },
  );
  const periodExports = [
    { route: staffRoutes.ordersExport, permission: 'orders', file: 'orders', name: '已支付订单', workbook: ordersWorkbook },
    { route: staffRoutes.invoicesExport, permission: 'invoices', file: 'invoices', name: '发票申请', workbook: invoicesWorkbook },
    { route: staffRoutes.examResultsExport, permission: 'exams', file: 'exam-results', name: '考试成绩', workbook: examResultsWorkbook },
  ] as const;
  for (const e of periodExports) {
    defineRoute(
      app,
      e.route,
      async (request, reply) => {
        const { from, to } = request.query;
        return reply
          .header('content-type', XLSX_TYPE)
          .header('cache-control', 'private, no-store')
          .header('content-disposition', attachment(`${e.file}-${from}-${to}.xlsx`, `${e.name}_${from}至${to}.xlsx`))
          .send(await e.workbook(deps.db, request.query));
      },
      { tags: ['admin-staff'], auth: deps.guards.requirePermission(e.permission) },
    );
  }
  defineRoute(
    app,
    staffRoutes.usersImportTemplate,
    async (_request, reply) =>
      reply
        .header('content-type', XLSX_TYPE)
        .header('content-disposition', attachment('users-import-template.xlsx', '用户导入模板.xlsx'))
        .send(await usersImportTemplate()),
    usersScreen,
  );
  const importUsers = createUsersImport({ db: deps.db, clock: deps.clock, audit, messages });
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: USER_IMPORT_MAX_BYTES, files: 1, fields: 2, parts: 3 } });
    defineRoute(
      scope as App,
      staffRoutes.usersImport,
      async (request) => {
        const file = await readUpload(request, {
          maxBytes: USER_IMPORT_MAX_BYTES,
          required: userImportMessages.fileRequired,
          tooLarge: userImportMessages.fileTooLarge,
          broken: userImportMessages.fileUnreadable,
        });
        const content = file.content;
        const dryRun = request.query.dry_run;
        if (dryRun) auditNotNeeded(request, 'a dry run only checks the file');
        const result = await importUsers(auditActor(request), content, { dryRun, fileName: file.filename });
        const message = dryRun
          ? result.bad_rows
            ? userImportMessages.badRows(result.bad_rows)
            : userImportMessages.clean(result.total)
          : userImportMessages.imported(result.imported);
        return ok(result, message);
      },
      { tags: ['admin-staff'], auth: deps.guards.requirePermission('users'), bodyLimit: USER_IMPORT_MAX_BYTES + 64 * 1024 },
    );
  });
  defineRoute(
    app,
    staffRoutes.resetPassword,
    async (request) =>
      ok(await service.resetPassword(auditActor(request), request.params.id), m.passwordResetSent),
    usersScreen,
  );
  defineRoute(
    app,
    staffRoutes.grantMembership,
    async (request) =>
      ok(
        await service.grantMembership(auditActor(request), request.params.id, request.body),
        m.membershipGranted,
      ),
    usersScreen,
  );
  const roles = { tags: ['admin-staff'], auth: deps.guards.requirePermission('staff_roles') };
  defineRoute(app, staffRoutes.list, async () => ok(await service.list()), roles);
  defineRoute(
    app,
    staffRoutes.setRoles,
    async (request) => ok(await service.setRoles(auditActor(request), request.body), m.rolesSaved),
    roles,
  );
};
