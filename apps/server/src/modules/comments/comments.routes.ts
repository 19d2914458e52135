import { commentMessages, commentsRoutes, ok } from '@app/contracts';
import type { AppModule } from '../../lib/app-module';
import { defineRoute } from '../../lib/define-route';
import { userOf } from '../../lib/auth';
import { courseCatalog } from '../courses';
import { createModerationScreen } from '../moderation';
import { createCommentsRepository } from './comments.repository';
import { createCommentsService } from './comments.service';

/** Comments on courses and lessons: reading is public, writing and deleting need login. */
export const commentsModule: AppModule = (app, deps) => {
  const comments = createCommentsService({
    db: deps.db,
    commentsRepo: createCommentsRepository(deps.db),
    screen: createModerationScreen(deps),
    catalog: courseCatalog(deps.db),
    clock: deps.clock,
  });
  const { requireUser, optionalUser } = deps.guards;
  const tags = ['comments'];

  defineRoute(
    app,
    commentsRoutes.list,
    async (request) => ok(await comments.list(request.user?.id ?? null, request.query)),
    {
      tags,
      auth: optionalUser,
    },
  );
  defineRoute(
    app,
    commentsRoutes.create,
    async (request) => ok(await comments.create(userOf(request).id, request.body), commentMessages.posted),
    { tags, auth: requireUser },
  );
  defineRoute(
    app,
    commentsRoutes.remove,
    async (request) => {
      await comments.remove(userOf(request).id, request.params.id);
      return ok(null, '评论已删除');
    },
    { tags, auth: requireUser },
  );
};
