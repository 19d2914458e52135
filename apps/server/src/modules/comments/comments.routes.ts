import { commentMessages, commentsRoutes, ok } from '@app/contracts';
import type { AppModule } from '../../lib/app-module';
import { defineRoute } from '../../lib/define-route';
import { createAuthGuards, userOf } from '../auth/auth.guard';
import { courseAreaServices } from '../courses/courses.module-services';

/** Comments on courses and lessons: reading is public, writing and deleting need login. */
export const commentsModule: AppModule = (app, deps) => {
  const { comments } = courseAreaServices(deps, app.log);
  const { requireUser, optionalUser } = createAuthGuards(deps);
  const tags = ['comments'];

  defineRoute(app, commentsRoutes.list, async (request) => ok(await comments.list(request.user?.id ?? null, request.query)), {
    tags,
    preHandler: optionalUser,
  });
  defineRoute(
    app,
    commentsRoutes.create,
    async (request) => ok(await comments.create(userOf(request).id, request.body), commentMessages.posted),
    { tags, preHandler: requireUser },
  );
  defineRoute(
    app,
    commentsRoutes.remove,
    async (request) => {
      await comments.remove(userOf(request).id, request.params.id);
      return ok(null, '评论已删除');
    },
    { tags, preHandler: requireUser },
  );
};
