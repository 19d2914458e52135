// Course authoring by use case: a lesson video's resumable upload, checked chunk by chunk, then probed and queued for
// transcoding.
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { VIDEO_CHUNK_BYTES, courseAdminMessages as m, type UploadState } from '@app/contracts';
import { AppError } from '../../lib/app-error';
import type { StaffActor } from '../audit';
import { toVideoJob, uploadPath, type CoursesAdminDeps } from './courses-admin-shared';
import { coursesAdminRepository as repo, type UploadRow } from './courses-admin.repository';
import { coursesVideoJobs, coursesVideoUploads } from './courses.table';
import { videoJobsRepository } from './video-jobs';
import { looksLikeVideo, probeVideo } from './video-transcode';

export function createCoursesAdminUploadsService(deps: CoursesAdminDeps) {
  const { db, clock, audit } = deps;

  async function uploadState(u: UploadRow): Promise<UploadState> {
    const jobs = await db.select().from(coursesVideoJobs).where(eq(coursesVideoJobs.uploadId, u.id));
    const job = jobs.at(-1);
    return {
      id: u.id,
      lesson_id: u.lessonId,
      size: u.size,
      offset: u.received,
      chunk_size: VIDEO_CHUNK_BYTES,
      status: u.status,
      job: job ? toVideoJob(job) : null,
    };
  }

  async function markUploadFailed(id: number) {
    await db.update(coursesVideoUploads).set({ status: 'failed', updatedAt: clock.now() }).where(eq(coursesVideoUploads.id, id));
    await fs.rm(path.join(deps.dataDir, uploadPath(id)), { force: true });
  }

  return {
    // ---- resumable video uploads -----------------------------------------------------------------------------------
    async startUpload(actor: StaffActor, body: { lesson_id: number; file_name: string; size: number }): Promise<UploadState> {
      const lesson = await repo.lesson(db, body.lesson_id);
      if (!lesson) throw AppError.notFound(m.lessonNotFound);
      const now = clock.now();
      const [row] = await db
        .insert(coursesVideoUploads)
        .values({ lessonId: lesson.id, fileName: body.file_name, size: body.size, received: 0, status: 'uploading', createdBy: actor.id, createdAt: now, updatedAt: now })
        .returning();
      await fs.mkdir(path.join(deps.dataDir, 'uploads', 'course-videos'), { recursive: true });
      return uploadState(row!);
    },

    async uploadShow(id: number): Promise<UploadState> {
      const [row] = await db.select().from(coursesVideoUploads).where(eq(coursesVideoUploads.id, id));
      if (!row) throw AppError.notFound(m.uploadNotFound);
      return uploadState(row);
    },

    /**
     * Appends one chunk at `offset`. Refused without writing anything: a wrong checksum (400), an offset other than
     * the bytes already received (409, the answer names the right offset), a first chunk that is not a video (415).
     * The last chunk is checked with ffprobe and queues the transcoding job, with its audit row.
     */
    async uploadChunk(actor: StaffActor, id: number, offsetHeader: unknown, shaHeader: unknown, body: Buffer): Promise<UploadState> {
      if (typeof shaHeader !== 'string' || !/^[0-9a-fA-F]{64}$/.test(shaHeader)) throw AppError.badRequest(m.uploadChecksumMissing);
      const offset = typeof offsetHeader === 'string' && /^\d{1,15}$/.test(offsetHeader) ? Number(offsetHeader) : NaN;
      if (body.length === 0) throw AppError.badRequest(m.uploadChunkEmpty);
      if (body.length > VIDEO_CHUNK_BYTES) throw new AppError(413, m.uploadChunkTooLarge);
      if (createHash('sha256').update(body).digest('hex') !== shaHeader.toLowerCase()) throw AppError.badRequest(m.uploadChecksumMismatch);
      const file = path.join(deps.dataDir, uploadPath(id));
      let notVideo = false;
      const state = await db.transaction(async (tx) => {
        const [u] = await tx.select().from(coursesVideoUploads).where(eq(coursesVideoUploads.id, id)).for('update');
        if (!u || u.status !== 'uploading') throw AppError.notFound(m.uploadNotFound);
        if (offset !== u.received) throw new AppError(409, m.uploadOffsetMismatch(u.received), { offset: u.received });
        if (offset + body.length > u.size) throw AppError.badRequest(m.uploadChunkPastEnd);
        if (offset === 0 && !looksLikeVideo(body.subarray(0, 512))) {
          notVideo = true;
          return u;
        }
        const fh = await fs.open(file, offset === 0 ? 'w' : 'r+');
        try {
          await fh.write(body, 0, body.length, offset);
        } finally {
          await fh.close();
        }
        const [after] = await tx
          .update(coursesVideoUploads)
          .set({ received: offset + body.length, updatedAt: clock.now() })
          .where(eq(coursesVideoUploads.id, id))
          .returning();
        return after!;
      });
      if (notVideo) {
        await markUploadFailed(id);
        throw new AppError(415, m.uploadNotVideo);
      }
      if (state.received < state.size) return uploadState(state);

      const probe = await probeVideo(deps.ffmpeg, file);
      if (!probe) {
        await markUploadFailed(id);
        throw new AppError(415, m.uploadNotVideo);
      }
      const done = await db.transaction(async (tx) => {
        const now = clock.now();
        const [u] = await tx
          .update(coursesVideoUploads)
          .set({ status: 'complete', updatedAt: now })
          .where(eq(coursesVideoUploads.id, id))
          .returning();
        const job = await videoJobsRepository.enqueue(tx, { lessonId: u!.lessonId, uploadId: id, source: uploadPath(id), now });
        await audit.record(tx, actor, {
          action: 'course_lesson.upload_video',
          entity: 'course_lesson',
          entityId: u!.lessonId,
          before: null,
          after: { upload_id: id, file_name: u!.fileName, size: u!.size, duration: probe.duration, width: probe.width, height: probe.height, job_id: job.id },
        });
        return u!;
      });
      deps.onJobQueued?.();
      return uploadState(done);
    },
  };
}
