import type { FastifyRequest } from 'fastify';
import { coursesRoutes, learningRoutes, notesRoutes, ok } from '@app/contracts';
import type { AppModule } from '../../lib/app-module';
import { AppError } from '../../lib/app-error';
import { defineRoute } from '../../lib/define-route';
import { defineGuard, TOKEN_HEADER, userOf } from '../../lib/auth';
import { createBeaconAuthenticator } from '../auth';
import { learningServices } from './learning.module-services';

/** Lesson pages and their questions, progress reports, my courses, the ranking and notes. */
export const learningModule: AppModule = async (app, deps) => {
  const { learning, notes, buffer } = learningServices(deps, app.log);
  const { requireUser, optionalUser } = deps.guards;
  const tags = ['learning'];

  const beaconAuth = createBeaconAuthenticator({ db: deps.db, clock: deps.clock });

  // Learning time waiting in the buffer is written before the database closes.
  app.addHook('onClose', async () => {
    await buffer.close();
  });

  // watch_create in its own scope: navigator.sendBeacon posts text/plain and cannot set the token header, so
  // here alone a text/plain body is parsed as JSON and the token may come in the body or the query.
  await app.register(async (scope) => {
    scope.removeContentTypeParser('text/plain');
    scope.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) => {
      try {
        done(null, JSON.parse(body as string));
      } catch {
        done(AppError.badRequest('请求内容不是有效的JSON'), undefined);
      }
    });
    // The token may be in the body: checked after parsing, still before validation (406 before field errors).
    const beaconUser = defineGuard(
      'user',
      async (request: FastifyRequest) => {
        const header = request.headers[TOKEN_HEADER];
        const body = request.body as { token?: unknown } | undefined;
        const query = request.query as { token?: unknown } | undefined;
        const token =
          (typeof header === 'string' && header.trim()) ||
          (typeof body?.token === 'string' && body.token) ||
          (typeof query?.token === 'string' && query.token) ||
          undefined;
        const user = await beaconAuth(token);
        if (!user) throw new AppError(406);
        request.user = user;
      },
      { readsBody: true },
    );
    defineRoute(
      scope,
      learningRoutes.watchCreate,
      async (request) => ok(await learning.report(userOf(request).id, request.body), '已记录'),
      { tags, auth: beaconUser },
    );
  });

  defineRoute(
    app,
    learningRoutes.lessonPresence,
    async (request) => ok(await learning.confirmPresence(userOf(request).id, request.body), '已确认，继续学习'),
    { tags, auth: requireUser },
  );
  defineRoute(
    app,
    learningRoutes.courseLearn,
    async (request) => ok(await learning.courseLearn(userOf(request).id, request.query.course_id)),
    { tags, auth: requireUser },
  );
  defineRoute(
    app,
    learningRoutes.myCourses,
    async (request) => ok(await learning.myCourses(userOf(request).id, request.query)),
    { tags, auth: requireUser },
  );
  defineRoute(
    app,
    learningRoutes.homePageRank,
    async (request) => ok(await learning.rank(request.user?.id ?? null, request.query.period)),
    { tags, auth: optionalUser },
  );

  defineRoute(
    app,
    coursesRoutes.showLesson,
    async (request) => ok(await learning.showLesson(userOf(request).id, request.query.id)),
    { tags: ['courses'], auth: requireUser },
  );
  defineRoute(
    app,
    coursesRoutes.answerQuestion,
    async (request) =>
      ok(await learning.answer(userOf(request).id, request.body.question_id, request.body.answer)),
    { tags: ['courses'], auth: requireUser },
  );

  const noteTags = ['notes'];
  defineRoute(
    app,
    notesRoutes.list,
    async (request) => ok(await notes.list(userOf(request).id, request.query)),
    {
      tags: noteTags,
      auth: requireUser,
    },
  );
  defineRoute(
    app,
    notesRoutes.create,
    async (request) => ok(await notes.create(userOf(request).id, request.body), '笔记已保存'),
    {
      tags: noteTags,
      auth: requireUser,
    },
  );
  defineRoute(
    app,
    notesRoutes.update,
    async (request) =>
      ok(await notes.update(userOf(request).id, request.params.id, request.body), '笔记已更新'),
    { tags: noteTags, auth: requireUser },
  );
  defineRoute(
    app,
    notesRoutes.remove,
    async (request) => {
      await notes.remove(userOf(request).id, request.params.id);
      return ok(null, '笔记已删除');
    },
    { tags: noteTags, auth: requireUser },
  );
  defineRoute(
    app,
    notesRoutes.like,
    async (request) => ok(await notes.like(userOf(request).id, request.body.id, request.body.value)),
    { tags: noteTags, auth: requireUser },
  );
};
