import { coursesRoutes, courseMessages, ok } from '@app/contracts';
import type { AppModule } from '../../lib/app-module';
import { defineRoute } from '../../lib/define-route';
import { createAuthGuards, userOf } from '../auth/auth.guard';
import { courseAreaServices } from './courses.module-services';
import { registerMediaRoutes } from './media';

/** Course pool (catalogue, lesson opening, likes, favourites, member courses) and the media routes. */
export const coursesModule: AppModule = (app, deps) => {
  const { courses, learning, signer } = courseAreaServices(deps, app.log);
  const { requireUser, optionalUser } = createAuthGuards(deps);
  const tags = ['courses'];

  defineRoute(app, coursesRoutes.towerTagList, async () => ok(await courses.tagList()), { tags });
  defineRoute(app, coursesRoutes.list, async (request) => ok(await courses.list(request.query)), { tags });
  defineRoute(app, coursesRoutes.memberCourses, async (request) => ok(await courses.memberCourses(request.query)), { tags });
  defineRoute(
    app,
    coursesRoutes.showCourse,
    async (request) => ok(await courses.detail(request.query.id, request.user?.id ?? null)),
    { tags, preHandler: optionalUser },
  );
  defineRoute(
    app,
    coursesRoutes.showLesson,
    async (request) => ok(await learning.showLesson(userOf(request).id, request.query.id)),
    { tags, preHandler: requireUser },
  );
  defineRoute(
    app,
    coursesRoutes.answerQuestion,
    async (request) => ok(await learning.answer(userOf(request).id, request.body.question_id, request.body.answer)),
    { tags, preHandler: requireUser },
  );
  defineRoute(
    app,
    coursesRoutes.support,
    async (request) => {
      const r = await courses.support(userOf(request).id, request.body.course_id, request.body.value);
      return ok(r, r.liked ? courseMessages.liked : courseMessages.unliked);
    },
    { tags, preHandler: requireUser },
  );
  defineRoute(
    app,
    coursesRoutes.favorite,
    async (request) => {
      const r = await courses.favorite(userOf(request).id, request.body.course_id, request.body.value);
      return ok(r, r.favorited ? courseMessages.favorited : courseMessages.unfavorited);
    },
    { tags, preHandler: requireUser },
  );
  defineRoute(
    app,
    coursesRoutes.outerVisit,
    async (request) => ok(await courses.outerVisit(request.body.course_id, request.user?.id ?? null)),
    { tags, preHandler: optionalUser },
  );
  defineRoute(
    app,
    coursesRoutes.favoriteList,
    async (request) => ok(await courses.favoriteList(userOf(request).id, request.query)),
    { tags, preHandler: requireUser },
  );

  registerMediaRoutes(app, { signer, clock: deps.clock, dataDir: deps.config.dataDir });
};
