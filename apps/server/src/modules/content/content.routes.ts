import { contentRoutes, ok } from '@app/contracts';
import type { AppModule } from '../../lib/app-module';
import { defineRoute } from '../../lib/define-route';
import { createContentRepository } from './content.repository';
import { createContentService, QR_CODE_PATH } from './content.service';

export const contentModule: AppModule = (app, { db, clock, config }) => {
  const service = createContentService({
    contentRepo: createContentRepository(db),
    clock,
    siteName: config.siteName,
  });
  const tags = ['content'];

  defineRoute(app, contentRoutes.problems, async () => ok(await service.problems()), { tags });
  // Read on every page view: while the service serves its cached object, reuse the JSON made from it once
  // (still shaped by the declared response schema).
  let lastData: unknown;
  let lastJson = '';
  defineRoute(
    app,
    contentRoutes.commonData,
    async (_request, reply) => {
      const data = await service.commonData();
      if (data !== lastData) {
        lastJson = JSON.stringify(contentRoutes.commonData.response.parse(ok(data)));
        lastData = data;
      }
      return reply.type('application/json; charset=utf-8').send(lastJson);
    },
    { tags },
  );

  app.get(
    QR_CODE_PATH,
    { schema: { summary: '协会官网二维码（SVG 图片）', tags, produces: ['image/svg+xml'] } },
    async (_request, reply) => {
      return reply
        .type('image/svg+xml; charset=utf-8')
        .header('cache-control', 'public, max-age=300')
        .send(await service.associationQrSvg());
    },
  );
};
