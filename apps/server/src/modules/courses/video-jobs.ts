import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/sql';
import type { Clock } from '../../lib/clock';
import type { Storage } from '../../lib/storage';
import { uploadPath } from './courses-admin-shared';
import { coursesAdminRepository as repo, type JobRow } from './courses-admin.repository';
import { coursesLessons, coursesVideoJobs, coursesVideoUploads } from './courses.table';
import { probeOrReason, transcodeToHls, type FfmpegPaths, type ProbeResult } from './video-transcode';

/** A running job's lease: a worker that stops extending it (its process died) loses the job to another worker. */
export const JOB_LEASE_MS = 60_000;
export const JOB_HEARTBEAT_MS = 15_000;
/** How often an idle worker looks for jobs queued by another process. */
export const JOB_POLL_MS = 5_000;

/** Where transcoded videos live: DATA_DIR/videos/hls/<name>/ on the local disk (the lesson stores `hls/<name>`). */
export const hlsRoot = (dataDir: string) => path.join(dataDir, 'videos', 'hls');
export const HLS_NAME_REGEX = /^[0-9a-f]{32}$/;
/** The storage prefix of every file of a transcoded video (`hls/<name>` → `videos/hls/<name>/`). */
export const hlsPrefix = (videoFile: string) => `videos/${videoFile.replace(/\/+$/, '')}/`;
/** An upload untouched this long is abandoned: its multipart upload is aborted and the upload failed. */
export const UPLOAD_ABANDONED_MS = 24 * 3_600_000;
const UPLOAD_SWEEP_MS = 10 * 60_000;

/** The local file of a key on the local driver (ffmpeg reads and writes it in place), or null on object storage. */
export function localPathOf(storage: Storage): ((key: string) => string) | null {
  const s = storage as Storage & { pathOf?: (key: string) => string };
  return s.driver === 'local' && s.pathOf ? (key) => s.pathOf!(key) : null;
}

/**
 * ffprobe of a stored file. On the local disk it reads the file itself; on object storage it reads a short-lived
 * presigned URL with HTTP range requests (only the container's headers and index, not the whole video).
 */
export async function probeStored(ffmpeg: FfmpegPaths, storage: Storage, key: string): Promise<ProbeResult | null> {
  const local = localPathOf(storage);
  const input = local ? local(key) : await storage.signedReadUrl(key, { expiresInS: 600 });
  if (!input) return null;
  const r = await probeOrReason(ffmpeg, input);
  return 'reason' in r ? null : r;
}

/** Aborts an upload's multipart upload (best effort: some servers, s3rver among them, cannot abort). */
export async function abortUpload(storage: Storage, u: { id: number; multipartId: string | null }): Promise<void> {
  if (!u.multipartId) return;
  await storage.multipart.abort(uploadPath(u.id), u.multipartId).catch(() => undefined);
}

/**
 * Removes a transcoded video's files once no lesson plays it any more (its lesson was deleted, or given a new video).
 * MP4 files (demo clips, live replays) are not lesson-owned and stay.
 */
export async function removeVideoIfUnused(db: DbOrTx, storage: Storage, videoFile: string | null | undefined): Promise<void> {
  if (!videoFile?.startsWith('hls/') || !HLS_NAME_REGEX.test(videoFile.slice(4))) return;
  const [still] = await db.select({ id: coursesLessons.id }).from(coursesLessons).where(eq(coursesLessons.videoFile, videoFile)).limit(1);
  if (!still) await storage.deletePrefix(hlsPrefix(videoFile));
}

const HLS_CONTENT_TYPES: Record<string, string> = {
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.ts': 'video/mp2t',
  '.jpg': 'image/jpeg',
};

/** Puts every file under the local directory `dir` into storage under `prefix`, a few at a time. */
async function putDirectory(storage: Storage, dir: string, prefix: string): Promise<void> {
  const files = (await fs.readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'));
  let next = 0;
  const one = async () => {
    while (next < files.length) {
      const rel = files[next++]!;
      const contentType = HLS_CONTENT_TYPES[path.extname(rel)] ?? 'application/octet-stream';
      await storage.putFile(prefix + rel, path.join(dir, rel), { contentType });
    }
  };
  await Promise.all(Array.from({ length: Math.min(8, files.length) }, one));
}

export const videoJobsRepository = {
  async enqueue(db: DbOrTx, v: { lessonId: number; uploadId: number | null; source: string; now: Date }) {
    const [row] = await db
      .insert(coursesVideoJobs)
      .values({ lessonId: v.lessonId, uploadId: v.uploadId, source: v.source, status: 'queued', createdAt: v.now, updatedAt: v.now })
      .returning();
    return row!;
  },

  /**
   * Claims the oldest job that is queued, or running with an expired lease (its worker died: retried), in one
   * statement; `SKIP LOCKED` lets several processes claim different jobs at once. A job that ran out of attempts
   * this way is failed instead.
   */
  async claim(db: Db, workerId: string, now: Date): Promise<JobRow | undefined> {
    const at = now.toISOString();
    const until = new Date(now.getTime() + JOB_LEASE_MS).toISOString();
    await db.execute(
      sql`UPDATE courses_video_jobs SET status = 'failed', error = '转码多次中断（服务器重启或进程退出），已放弃', locked_by = NULL, updated_at = ${at}::timestamptz
           WHERE status = 'running' AND locked_until < ${at}::timestamptz AND attempts >= max_attempts`,
    );
    const [row] = await rowsOf<{ id: number }>(
      db,
      sql`UPDATE courses_video_jobs SET status = 'running', attempts = attempts + 1, progress = 0, locked_by = ${workerId},
                 locked_until = ${until}::timestamptz, updated_at = ${at}::timestamptz
           WHERE id = (SELECT id FROM courses_video_jobs
                        WHERE status = 'queued' OR (status = 'running' AND locked_until < ${at}::timestamptz AND attempts < max_attempts)
                        ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
       RETURNING id`,
    );
    if (!row) return undefined;
    const [job] = await db.select().from(coursesVideoJobs).where(eq(coursesVideoJobs.id, row.id));
    return job;
  },

  /** Extends the lease and records progress; false when another worker took the job over. */
  async heartbeat(db: Db, id: number, workerId: string, progress: number, now: Date): Promise<boolean> {
    const rows = await db
      .update(coursesVideoJobs)
      .set({ progress, lockedUntil: new Date(now.getTime() + JOB_LEASE_MS), updatedAt: now })
      .where(and(eq(coursesVideoJobs.id, id), eq(coursesVideoJobs.lockedBy, workerId), eq(coursesVideoJobs.status, 'running')))
      .returning({ id: coursesVideoJobs.id });
    return rows.length > 0;
  },

  async fail(db: DbOrTx, id: number, workerId: string, error: string, now: Date) {
    await db
      .update(coursesVideoJobs)
      .set({ status: 'failed', error: error || '转码失败', lockedBy: null, lockedUntil: null, updatedAt: now })
      .where(and(eq(coursesVideoJobs.id, id), eq(coursesVideoJobs.lockedBy, workerId)));
  },
};

export interface VideoWorkerDeps {
  db: Db;
  clock: Clock;
  /** Where the uploads are read and the HLS renditions written. */
  storage: Storage;
  ffmpeg: FfmpegPaths;
  log?: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };
}

/**
 * The transcoding worker of one server process: at most `concurrency` jobs at once, ffmpeg in child processes (the
 * event loop keeps serving requests), a heartbeat extending each job's lease. `runOnce` claims and runs one job
 * (tests call it directly); `start` polls, and `kick` wakes it when this process queued a job.
 */
export function createVideoWorker(deps: VideoWorkerDeps, opts: { concurrency?: number } = {}) {
  const workerId = `${process.pid}-${randomUUID().slice(0, 8)}`;
  const concurrency = opts.concurrency ?? 1;
  let running = 0;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const aborts = new Set<AbortController>();
  const active = new Set<Promise<unknown>>();

  async function process1(job: JobRow): Promise<JobRow> {
    const { db, clock } = deps;
    const abort = new AbortController();
    aborts.add(abort);
    let progress = 0;
    let lost = false;
    const beat = setInterval(() => {
      void videoJobsRepository
        .heartbeat(db, job.id, workerId, progress, clock.now())
        .then((mine) => {
          if (!mine) {
            lost = true;
            abort.abort();
          }
        })
        .catch(() => undefined);
    }, JOB_HEARTBEAT_MS);
    const { storage } = deps;
    const name = randomBytes(16).toString('hex');
    const prefix = hlsPrefix(`hls/${name}`);
    // On the local disk ffmpeg reads the upload and writes the renditions in place; on object storage it works in a
    // temporary directory: the upload is downloaded there, and the renditions are put into the bucket from there.
    const local = localPathOf(storage);
    const work = local ? null : await fs.mkdtemp(path.join(os.tmpdir(), 'lesson-video-'));
    const outDir = local ? local(prefix.slice(0, -1)) : path.join(work!, 'hls');
    try {
      let source: string;
      if (local) source = local(job.source);
      else {
        source = path.join(work!, 'source');
        if (!(await storage.download(job.source, source))) throw new Error('无法读取视频：上传的文件不存在');
      }
      const probe = await probeOrReason(deps.ffmpeg, source);
      if ('reason' in probe) throw new Error(`无法读取视频：${probe.reason}`);
      await transcodeToHls(deps.ffmpeg, source, outDir, probe, (p) => (progress = p), abort.signal);
      if (!local) await putDirectory(storage, outDir, prefix);
      // The job and the lesson's new video commit together; a worker whose lease was taken over writes nothing.
      let replaced: string | null = null;
      const done = await db.transaction(async (tx) => {
        const now = clock.now();
        const [claimed] = await tx
          .update(coursesVideoJobs)
          .set({ status: 'done', progress: 100, output: `hls/${name}`, error: null, lockedBy: null, lockedUntil: null, updatedAt: now })
          .where(and(eq(coursesVideoJobs.id, job.id), eq(coursesVideoJobs.lockedBy, workerId), eq(coursesVideoJobs.status, 'running')))
          .returning();
        if (!claimed) return null;
        const lesson = await repo.lesson(tx, job.lessonId, true);
        if (!lesson) return claimed;
        replaced = lesson.videoFile;
        await repo.updateLesson(tx, lesson.id, { videoFile: `hls/${name}`, posterFile: `hls/${name}/poster.jpg`, duration: probe.duration });
        await repo.refreshCourseTotals(tx, lesson.courseId);
        return claimed;
      });
      if (!done) {
        await storage.deletePrefix(prefix);
        return job;
      }
      // The lesson was deleted meanwhile, or had another video: files no lesson plays are removed.
      await removeVideoIfUnused(db, storage, `hls/${name}`).catch(() => undefined);
      await removeVideoIfUnused(db, storage, replaced).catch(() => undefined);
      await storage.delete(job.source).catch(() => undefined);
      deps.log?.info({ job: job.id, lesson: job.lessonId }, 'lesson video transcoded');
      return done;
    } catch (err) {
      await storage.deletePrefix(prefix).catch(() => undefined);
      if (stopped || lost) return job; // shutting down or taken over: the lease runs out and the job is retried
      const reason = err instanceof Error ? err.message : String(err);
      await videoJobsRepository.fail(deps.db, job.id, workerId, reason, deps.clock.now());
      deps.log?.warn({ job: job.id, reason }, 'lesson video transcoding failed');
      const [row] = await deps.db.select().from(coursesVideoJobs).where(eq(coursesVideoJobs.id, job.id));
      return row ?? job;
    } finally {
      clearInterval(beat);
      aborts.delete(abort);
      if (work) await fs.rm(work, { recursive: true, force: true }).catch(() => undefined);
    }
  }

  /**
   * Fails the uploads nobody continued for UPLOAD_ABANDONED_MS and aborts their multipart uploads, so the parts
   * they left in storage are not kept (and billed) for ever. Returns how many it ended. A chunk being written holds
   * its row locked and refreshes `updated_at`, so the sweep never fails an upload that is moving.
   */
  async function sweepUploads(): Promise<number> {
    const { db, clock, storage } = deps;
    const now = clock.now();
    const stale = await db
      .update(coursesVideoUploads)
      .set({ status: 'failed', updatedAt: now })
      .where(and(eq(coursesVideoUploads.status, 'uploading'), lt(coursesVideoUploads.updatedAt, new Date(now.getTime() - UPLOAD_ABANDONED_MS))))
      .returning({ id: coursesVideoUploads.id, multipartId: coursesVideoUploads.multipartId });
    for (const u of stale) {
      await abortUpload(storage, u);
      // Completed but never checked (the process stopped between the last part and ffprobe): no job reads it.
      await storage.delete(uploadPath(u.id)).catch(() => undefined);
    }
    return stale.length;
  }

  async function runOnce(): Promise<JobRow | undefined> {
    const job = await videoJobsRepository.claim(deps.db, workerId, deps.clock.now());
    if (!job) return undefined;
    return process1(job);
  }

  function pump() {
    if (stopped) return;
    while (running < concurrency) {
      running++;
      const p = runOnce()
        .then((job) => {
          running--;
          if (job) pump();
        })
        .catch((err: unknown) => {
          running--;
          deps.log?.warn({ err }, 'video worker could not claim a job');
        });
      active.add(p);
      void p.finally(() => active.delete(p));
    }
  }

  let lastSweep = 0;
  return {
    workerId,
    runOnce,
    sweepUploads,
    /** Wakes the worker (a job was queued in this process). */
    kick: pump,
    start() {
      if (concurrency <= 0 || timer) return;
      timer = setInterval(() => {
        pump();
        if (Date.now() - lastSweep >= UPLOAD_SWEEP_MS) {
          lastSweep = Date.now();
          sweepUploads().catch((err: unknown) => deps.log?.warn({ err }, 'abandoned uploads could not be swept'));
        }
      }, JOB_POLL_MS);
      timer.unref();
      pump();
    },
    /** Stops polling and kills running ffmpeg processes; their jobs are retried when their leases run out. */
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      for (const a of aborts) a.abort();
      await Promise.allSettled([...active]);
    },
  };
}
export type VideoWorker = ReturnType<typeof createVideoWorker>;
