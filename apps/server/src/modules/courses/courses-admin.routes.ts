import multipart from '@fastify/multipart';
import {
  COURSE_IMAGE_MAX_BYTES,
  COURSE_IMAGE_URL_PREFIX,
  SUBTITLE_MAX_BYTES,
  VIDEO_CHUNK_BYTES,
  VIDEO_CHUNK_OFFSET_HEADER,
  VIDEO_CHUNK_SHA256_HEADER,
  courseAdminMessages as m,
  courseAdminRoutes as r,
  ok,
} from '@app/contracts';
import { AppError } from '../../lib/app-error';
import { displayFileName, readUpload } from '../../lib/multipart-upload';
import type { App, AppDeps } from '../../lib/app-module';
import { defineRoute } from '../../lib/define-route';
import { registerStoredImageRoute } from '../../lib/stored-file';
import { auditActor, auditNotNeeded, createAuditTrail } from '../audit';
import { COURSE_IMAGE_KEY_PREFIX } from './courses-admin-courses.service';
import { createCoursesAdminService, type CoursesAdminService } from './courses-admin.service';
import type { MediaSigner } from './media-signer';
import { createVideoWorker } from './video-jobs';

/** Staff course authoring (permission `courses`) and this process's transcoding worker. */
export async function registerCoursesAdmin(app: App, deps: AppDeps, signer: MediaSigner): Promise<void> {
  const ffmpeg = { ffmpegPath: deps.config.video.ffmpegPath, ffprobePath: deps.config.video.ffprobePath };
  const worker = createVideoWorker(
    { db: deps.db, clock: deps.clock, storage: deps.storage, ffmpeg, log: app.log },
    { concurrency: deps.config.video.concurrency },
  );
  // API tests run the worker themselves (`runOnce`); a server process with concurrency 0 only serves requests.
  const runWorker = deps.config.video.concurrency > 0;
  if (runWorker) {
    // On listen, not on ready: server.ts builds the app while the database migrates, and listens only after.
    app.addHook('onListen', async () => worker.start());
    app.addHook('onClose', async () => worker.stop());
  }
  const svc = createCoursesAdminService({
    db: deps.db,
    clock: deps.clock,
    audit: createAuditTrail(deps),
    signer,
    dataDir: deps.config.dataDir,
    storage: deps.storage,
    ffmpeg,
    onJobQueued: runWorker ? () => worker.kick() : undefined,
  });
  const staff = { tags: ['admin-courses'], auth: deps.guards.requirePermission('courses') };
  const id = (request: { params: { id: number } }) => request.params.id;

  defineRoute(app, r.tagList, async () => ok(await svc.tags()), staff);
  defineRoute(app, r.tagCreate, async (q) => ok(await svc.saveTag(auditActor(q), null, q.body), m.created), staff);
  defineRoute(app, r.tagUpdate, async (q) => ok(await svc.saveTag(auditActor(q), id(q), q.body), m.saved), staff);
  defineRoute(app, r.tagDelete, async (q) => ok(await svc.deleteTag(auditActor(q), id(q)).then(() => null), m.deleted), staff);

  defineRoute(app, r.teacherList, async () => ok(await svc.teachers()), staff);
  defineRoute(app, r.teacherCreate, async (q) => ok(await svc.saveTeacher(auditActor(q), null, q.body), m.created), staff);
  defineRoute(app, r.teacherUpdate, async (q) => ok(await svc.saveTeacher(auditActor(q), id(q), q.body), m.saved), staff);
  defineRoute(app, r.teacherDelete, async (q) => ok(await svc.deleteTeacher(auditActor(q), id(q)).then(() => null), m.deleted), staff);

  defineRoute(app, r.courseList, async (q) => ok(await svc.list(q.query)), staff);
  defineRoute(app, r.courseShow, async (q) => ok(await svc.show(id(q))), staff);
  defineRoute(app, r.courseCreate, async (q) => ok(await svc.create(auditActor(q), q.body), m.created), staff);
  defineRoute(app, r.courseUpdate, async (q) => ok(await svc.update(auditActor(q), id(q), q.body), m.saved), staff);
  defineRoute(app, r.courseDelete, async (q) => ok(await svc.remove(auditActor(q), id(q)).then(() => null), m.deleted), staff);
  defineRoute(app, r.coursePublish, async (q) => ok(await svc.publish(auditActor(q), id(q)), m.published), staff);
  defineRoute(app, r.courseUnpublish, async (q) => ok(await svc.unpublish(auditActor(q), id(q)), m.unpublished), staff);
  defineRoute(app, r.lessonReorder, async (q) => ok(await svc.reorderLessons(auditActor(q), id(q), q.body.lesson_ids), m.saved), staff);

  defineRoute(app, r.lessonCreate, async (q) => ok(await svc.createLesson(auditActor(q), q.body), m.created), staff);
  defineRoute(app, r.lessonUpdate, async (q) => ok(await svc.updateLesson(auditActor(q), id(q), q.body), m.saved), staff);
  defineRoute(app, r.lessonDelete, async (q) => ok(await svc.deleteLesson(auditActor(q), id(q)).then(() => null), m.deleted), staff);

  defineRoute(app, r.questionList, async (q) => ok(await svc.questions(q.query.lesson_id)), staff);
  defineRoute(
    app,
    r.questionCreate,
    async (q) => ok(await svc.saveQuestion(auditActor(q), { lessonId: q.body.lesson_id }, q.body), m.created),
    staff,
  );
  defineRoute(app, r.questionUpdate, async (q) => ok(await svc.saveQuestion(auditActor(q), { id: id(q) }, q.body), m.saved), staff);
  defineRoute(app, r.questionDelete, async (q) => ok(await svc.deleteQuestion(auditActor(q), id(q)).then(() => null), m.deleted), staff);

  defineRoute(app, r.subtitleList, async (q) => ok(await svc.subtitles(id(q))), staff);
  defineRoute(app, r.subtitleDelete, async (q) => ok(await svc.deleteSubtitle(auditActor(q), id(q)).then(() => null), m.subtitleDeleted), staff);

  defineRoute(
    app,
    r.uploadCreate,
    async (q) => {
      auditNotNeeded(q, 'an upload session changes no lesson; its last chunk records course_lesson.upload_video');
      return ok(await svc.startUpload(auditActor(q), q.body));
    },
    staff,
  );
  defineRoute(app, r.uploadShow, async (q) => ok(await svc.uploadShow(id(q))), staff);

  registerStoredImageRoute(app, {
    prefix: COURSE_IMAGE_URL_PREFIX,
    storage: deps.storage,
    keyPrefix: COURSE_IMAGE_KEY_PREFIX,
    ttlS: deps.config.storage.signedUrlTtlS,
    summary: '课程封面与讲师照片',
    tags: ['courses'],
  });

  await app.register(async (scope) => registerUploads(scope, svc, staff, deps));
}

async function registerUploads(
  scope: App,
  svc: CoursesAdminService,
  staff: { tags: string[]; auth: AppDeps['guards']['requireUser'] },
  deps: AppDeps,
) {
  // Chunks are raw bytes; the checksum header is verified before anything is written.
  scope.addContentTypeParser(
    ['application/octet-stream', 'application/offset+octet-stream'],
    { parseAs: 'buffer', bodyLimit: VIDEO_CHUNK_BYTES + 1024 },
    (_request, body, done) => done(null, body),
  );
  await scope.register(multipart, { limits: { fileSize: COURSE_IMAGE_MAX_BYTES, files: 1, fields: 2, parts: 3 } });

  defineRoute(
    scope,
    r.uploadChunk,
    async (q) => {
      const body: unknown = (q as { body?: unknown }).body;
      if (!Buffer.isBuffer(body)) throw new AppError(415, '分片须以 application/octet-stream 发送');
      auditNotNeeded(q, 'a chunk is kept apart; the last one records course_lesson.upload_video');
      return ok(
        await svc.uploadChunk(
          auditActor(q),
          q.params.id,
          q.headers[VIDEO_CHUNK_OFFSET_HEADER],
          q.headers[VIDEO_CHUNK_SHA256_HEADER],
          body,
        ),
      );
    },
    { ...staff, bodyLimit: VIDEO_CHUNK_BYTES + 1024 },
  );

  defineRoute(
    scope,
    r.subtitleUpload,
    async (request) => {
      const { content, filename } = await readUpload(request, {
        maxBytes: SUBTITLE_MAX_BYTES,
        required: m.subtitleMissing,
        tooLarge: m.subtitleTooLarge,
      });
      return ok(await svc.uploadSubtitle(auditActor(request), request.params.id, { content, name: displayFileName(filename) }), m.subtitleSaved);
    },
    { ...staff, bodyLimit: SUBTITLE_MAX_BYTES + 64 * 1024 },
  );

  defineRoute(
    scope,
    r.imageUpload,
    async (request) => {
      const { content } = await readUpload(request, {
        maxBytes: COURSE_IMAGE_MAX_BYTES,
        required: m.imageMissing,
        tooLarge: m.imageTooLarge,
      });
      const stored = await svc.uploadImage(content);
      await deps.db.transaction((tx) =>
        createAuditTrail(deps).record(tx, auditActor(request), {
          action: 'course_image.upload',
          entity: 'course_image',
          entityId: null,
          before: null,
          after: { ...stored, bytes: content.length },
        }),
      );
      return ok(stored, '已上传');
    },
    { ...staff, bodyLimit: COURSE_IMAGE_MAX_BYTES + 64 * 1024 },
  );
}
