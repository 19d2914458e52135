import { coursesRoutes, courseMessages, ok } from '@app/contracts';
import type { AppDeps, AppModule } from '../../lib/app-module';
import { defineRoute } from '../../lib/define-route';
import { createEncodedOnce } from '../../lib/encoded-once';
import { userOf } from '../../lib/auth';
import { registerCoursesAdmin } from './courses-admin.routes';
import { courseServices } from './courses.module-services';
import type { CourseProgressSource } from './courses.service';
import { registerMediaRoutes } from './media';

export interface CoursesModuleOptions {
  /** The viewer's progress on the course page, from the learning area (wired by the app, see CourseProgressSource). */
  progressSource(deps: AppDeps): CourseProgressSource;
}

/** Course pool (catalogue, likes, favourites, member courses, course pages) and the media routes. */
export const createCoursesModule =
  (options: CoursesModuleOptions): AppModule =>
  async (app, deps) => {
    const { courses, signer, subtitles } = courseServices(deps);
    const progress = options.progressSource(deps);
    const { requireUser, optionalUser } = deps.guards;
    const tags = ['courses'];

    defineRoute(app, coursesRoutes.towerTagList, async () => ok(await courses.tagList()), { tags });
    // The list is served from a 5 s cache: each cached page's JSON is made once.
    const listJson = createEncodedOnce(coursesRoutes.list.response);
    defineRoute(
      app,
      coursesRoutes.list,
      async (request, reply) => listJson(reply, await courses.list(request.query)),
      { tags },
    );
    defineRoute(
      app,
      coursesRoutes.memberCourses,
      async (request) => ok(await courses.memberCourses(request.query)),
      { tags },
    );
    defineRoute(
      app,
      coursesRoutes.showCourse,
      async (request) => ok(await courses.detail(request.query.id, request.user?.id ?? null, progress)),
      { tags, auth: optionalUser },
    );
    defineRoute(
      app,
      coursesRoutes.support,
      async (request) => {
        const r = await courses.support(userOf(request).id, request.body.course_id, request.body.value);
        return ok(r, r.liked ? courseMessages.liked : courseMessages.unliked);
      },
      { tags, auth: requireUser },
    );
    defineRoute(
      app,
      coursesRoutes.favorite,
      async (request) => {
        const r = await courses.favorite(userOf(request).id, request.body.course_id, request.body.value);
        return ok(r, r.favorited ? courseMessages.favorited : courseMessages.unfavorited);
      },
      { tags, auth: requireUser },
    );
    defineRoute(
      app,
      coursesRoutes.outerVisit,
      async (request) => ok(await courses.outerVisit(request.body.course_id, request.user?.id ?? null)),
      { tags, auth: optionalUser },
    );
    defineRoute(
      app,
      coursesRoutes.favoriteList,
      async (request) => ok(await courses.favoriteList(userOf(request).id, request.query)),
      { tags, auth: requireUser },
    );

    registerMediaRoutes(app, {
      signer,
      subtitles,
      clock: deps.clock,
      dataDir: deps.config.dataDir,
      storage: deps.storage,
    });
    await registerCoursesAdmin(app, deps, signer);
  };
