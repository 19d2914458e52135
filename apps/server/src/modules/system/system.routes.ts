import { ok, systemRoutes } from '@app/contracts';
import type { AppModule } from '../../lib/app-module';
import { pingDb } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { defineRoute } from '../../lib/define-route';

const READY_TIMEOUT_MS = 2_000;

export const systemModule: AppModule = (app, { db }) => {
  const tags = ['system'];

  defineRoute(app, systemRoutes.healthz, () => ok({ status: 'ok' as const }), { tags });

  defineRoute(
    app,
    systemRoutes.readyz,
    async (request) => {
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          pingDb(db),
          new Promise((_, reject) => {
            timer = setTimeout(() => reject(new Error('database ping timed out')), READY_TIMEOUT_MS);
          }),
        ]);
      } catch (err) {
        request.log.warn({ err }, 'database not ready');
        throw new AppError(503, '数据库暂不可用');
      } finally {
        clearTimeout(timer);
      }
      return ok({ status: 'ok' as const });
    },
    { tags },
  );
};
