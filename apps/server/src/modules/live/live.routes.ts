import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LIVE_CHAT_STREAM_PATH, liveIdParamsSchema, liveRoutes, ok, type ChatEvent } from '@app/contracts';
import type { App, AppDeps, AppModule } from '../../lib/app-module';
import { AppError } from '../../lib/app-error';
import { userOf } from '../../lib/auth';
import { defineRoute, guardOptions } from '../../lib/define-route';
import { auditActor, createAuditTrail } from '../audit';
import { courseAccess, replayCourses } from '../courses';
import { membershipOf } from '../members';
import { createMessagesService } from '../messages';
import { createModerationScreen } from '../moderation';
import { createChatHub, type ChatHub } from './chat-hub';
import { liveCoverSvg } from './live-cover';
import { createLiveService, type LiveService } from './live.service';

const TAGS = ['live'];
const ADMIN_TAGS = ['admin-live'];
/** A comment line keeps idle connections open through proxies. */
const KEEPALIVE_MS = 15_000;
const REMINDER_SWEEP_MS = 60_000;

/** Directory of live HLS output in DATA_DIR (scripts/live-demo-stream.mjs writes DATA_DIR/live/<name>/). */
export const liveDir = (dataDir: string) => path.join(dataDir, 'live');
const HLS_NAME = /^[\w-]{1,40}$/;
const HLS_FILE = /^[\w.-]{1,80}\.(m3u8|ts|m4s|mp4)$/;
const HLS_TYPES: Record<string, string> = {
  m3u8: 'application/vnd.apple.mpegurl',
  ts: 'video/mp2t',
  m4s: 'video/iso.segment',
  mp4: 'video/mp4',
};

export interface LiveModuleOptions {
  /** Tests pass their own hub to inspect it; the app builds one per app instance. */
  hub?: (deps: AppDeps, log: App['log']) => ChatHub;
}

export function createLiveModule(options: LiveModuleOptions = {}): AppModule {
  return async (app, deps) => {
    const hub = options.hub?.(deps, app.log) ?? createChatHub(deps.db, app.log);
    const service = createLiveService({
      db: deps.db,
      clock: deps.clock,
      hub,
      membership: membershipOf(deps.db),
      messages: createMessagesService({ db: deps.db, clock: deps.clock }),
      courses: courseAccess(deps),
      replays: replayCourses({ db: deps.db, storage: deps.storage }),
      screen: createModerationScreen(deps),
      audit: createAuditTrail(deps),
    });
    const user = { tags: TAGS, auth: deps.guards.requireUser };
    const staff = { tags: ADMIN_TAGS, auth: deps.guards.requirePermission('live') };

    defineRoute(app, liveRoutes.list, async (r) => ok(await service.list(userOf(r).id, r.query)), user);
    defineRoute(app, liveRoutes.room, async (r) => ok(await service.room(userOf(r).id, r.params.id)), user);
    defineRoute(app, liveRoutes.book, async (r) => ok(await service.book(userOf(r).id, r.params.id), '预约成功'), user);
    defineRoute(app, liveRoutes.cancel, async (r) => ok(await service.cancel(userOf(r).id, r.params.id), '已取消预约'), user);
    defineRoute(app, liveRoutes.chatHistory, async (r) => ok(await service.chatHistory(userOf(r).id, r.params.id)), user);
    defineRoute(app, liveRoutes.chatSend, async (r) => ok(await service.chatSend(userOf(r).id, r.params.id, r.body.body)), user);
    defineRoute(app, liveRoutes.attendance, async (r) => ok(await service.attend(userOf(r).id, r.params.id, r.body.seconds)), user);

    defineRoute(app, liveRoutes.adminList, async () => ok(await service.adminList()), staff);
    defineRoute(app, liveRoutes.adminCreate, async (r) => ok(await service.create(auditActor(r), r.body), '已创建'), staff);
    defineRoute(app, liveRoutes.adminUpdate, async (r) => ok(await service.update(auditActor(r), r.params.id, r.body), '已保存'), staff);
    defineRoute(app, liveRoutes.adminRecording, async (r) => ok(await service.attachRecording(auditActor(r), r.params.id, r.body.recording), '已挂接回放'), staff);
    defineRoute(
      app,
      liveRoutes.adminPin,
      async (r) => {
        await service.pin(auditActor(r), r.params.id, r.params.messageId);
        return ok(null, '已置顶');
      },
      staff,
    );
    defineRoute(
      app,
      liveRoutes.adminUnpin,
      async (r) => {
        await service.pin(auditActor(r), r.params.id, null);
        return ok(null, '已取消置顶');
      },
      staff,
    );
    defineRoute(
      app,
      liveRoutes.adminRemove,
      async (r) => {
        await service.remove(auditActor(r), r.params.id, r.params.messageId);
        return ok(null, '已删除');
      },
      staff,
    );

    registerChatStream(app, deps, service, hub);
    registerMedia(app, deps, service);

    // Reminders a day and 15 minutes before; every process sweeps, each notice is sent once.
    const timer = setInterval(() => void service.sendReminders().catch((err: unknown) => app.log.warn({ err }, 'live reminders failed')), REMINDER_SWEEP_MS);
    timer.unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await hub.close();
    });
  };
}

/**
 * The chat as server-sent events. A viewer that reconnects sends Last-Event-ID (the last message id it saw) and
 * first receives what it missed from the stored history; live events follow, delivered through LISTEN/NOTIFY.
 */
function registerChatStream(app: App, deps: AppDeps, service: LiveService, hub: ChatHub) {
  const guard = guardOptions(deps.guards.requireUser);
  app.get(
    LIVE_CHAT_STREAM_PATH,
    {
      ...guard.hooks,
      schema: { summary: '直播间聊天的服务器推送事件流（断线重连带 Last-Event-ID 补发）', tags: TAGS, params: liveIdParamsSchema, ...guard.schema },
    },
    async (request: FastifyRequest, reply: FastifyReply) => {
      const { id } = request.params as { id: number };
      const userId = userOf(request).id;
      await service.assertViewer(userId, id);
      const lastHeader = request.headers['last-event-id'];
      const lastSeen = typeof lastHeader === 'string' && /^\d{1,10}$/.test(lastHeader) ? Number(lastHeader) : 0;

      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        'x-request-id': request.id,
      });
      res.flushHeaders?.();

      let maxSent = lastSeen;
      let ready = false;
      const early: ChatEvent[] = [];
      const write = (e: ChatEvent) => {
        if (e.type === 'message') {
          if (e.message.id <= maxSent) return;
          maxSent = e.message.id;
          res.write(`id: ${e.message.id}\nevent: message\ndata: ${JSON.stringify(e.message)}\n\n`);
        } else if (e.type === 'remove') {
          res.write(`event: remove\ndata: ${JSON.stringify({ id: e.id })}\n\n`);
        } else {
          res.write(`event: pin\ndata: ${JSON.stringify(e.message)}\n\n`);
        }
      };
      // Subscribed before the history is read, so nothing published in between is lost (duplicates are skipped).
      const unsubscribe = await hub.subscribe(id, (e) => (ready ? write(e) : early.push(e)));
      const keepalive = setInterval(() => res.write(': keepalive\n\n'), KEEPALIVE_MS);
      keepalive.unref();
      const done = () => {
        clearInterval(keepalive);
        unsubscribe();
      };
      request.raw.on('close', done);
      res.on('error', done);

      try {
        const history = await service.chatHistory(userId, id, lastSeen);
        res.write('retry: 1000\n\n');
        for (const message of history.items) write({ type: 'message', message });
        write({ type: 'pin', message: history.pinned });
        ready = true;
        for (const e of early.splice(0)) write(e);
        res.write(': ready\n\n');
      } catch (err) {
        request.log.warn({ err }, 'live chat history failed');
        done();
        res.end();
      }
    },
  );
}

function registerMedia(app: App, deps: AppDeps, service: LiveService) {
  const root = liveDir(deps.config.dataDir);
  // The live HLS playlists and segments the streaming script writes (in production the provider serves them).
  app.get('/media/live/:name/:file', { schema: { hide: true } }, async (request: FastifyRequest, reply: FastifyReply) => {
    const { name, file } = request.params as { name: string; file: string };
    if (!HLS_NAME.test(name) || !HLS_FILE.test(file)) throw AppError.notFound('直播流不存在');
    const full = path.join(root, name, file);
    try {
      const st = await fs.stat(full);
      if (!st.isFile()) throw new Error('not a file');
    } catch {
      throw AppError.notFound('直播流不存在');
    }
    const ext = file.slice(file.lastIndexOf('.') + 1);
    return reply
      .header('content-type', HLS_TYPES[ext] ?? 'application/octet-stream')
      // A live playlist changes every segment; segments never change.
      .header('cache-control', ext === 'm3u8' ? 'no-cache' : 'public, max-age=60')
      .send(createReadStream(full));
  });

  app.get('/media/live-covers/:name', { schema: { hide: true } }, async (request: FastifyRequest, reply: FastifyReply) => {
    const { name } = request.params as { name: string };
    const hit = /^([1-9]\d{0,9})\.svg$/.exec(name);
    const row = hit ? await service.cover(Number(hit[1])) : undefined;
    if (!row) throw AppError.notFound('图片不存在');
    return reply
      .header('content-type', 'image/svg+xml; charset=utf-8')
      .header('cache-control', 'public, max-age=86400')
      .send(liveCoverSvg({ title: row.title, teacher: row.teacher, hue: row.coverHue, replay: row.recording !== null }));
  });
}
