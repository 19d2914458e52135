import { contentRoutes, ok } from '@app/contracts';
import type { AppModule } from '../../lib/app-module';
import { defineRoute } from '../../lib/define-route';
import { createEncodedOnce } from '../../lib/encoded-once';
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
  // Read on every page view: while the service serves its cached object, its JSON is made once.
  const commonDataJson = createEncodedOnce(contentRoutes.commonData.response);
  defineRoute(
    app,
    contentRoutes.commonData,
    async (_request, reply) => commonDataJson(reply, await service.commonData()),
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
