// Course authoring by use case: a lesson video's resumable upload, checked chunk by chunk, then probed and queued for
// transcoding. Each chunk is one part of a multipart upload to storage (the bucket's own, or the local driver's
// parts beside DATA_DIR); the database keeps the upload's id and the parts' ETags, so any process resumes it.
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { VIDEO_CHUNK_BYTES, courseAdminMessages as m, type UploadState } from '@app/contracts';
import { AppError } from '../../lib/app-error';
import { MULTIPART_MIN_PART_BYTES, StorageChecksumError } from '../../lib/storage';
import type { StaffActor } from '../audit';
import { toVideoJob, uploadPath, type CoursesAdminDeps } from './courses-admin-shared';
import { coursesAdminRepository as repo, type UploadRow } from './courses-admin.repository';
import { coursesVideoJobs, coursesVideoUploads } from './courses.table';
import { abortUpload, probeStored, videoJobsRepository } from './video-jobs';
import { looksLikeVideo } from './video-transcode';

const VIDEO_CONTENT_TYPE = 'application/octet-stream';

export function createCoursesAdminUploadsService(deps: CoursesAdminDeps) {
  const { db, clock, audit, storage } = deps;

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

  /** Fails the upload and keeps nothing of it: its multipart upload is aborted, a completed file removed. */
  async function markUploadFailed(id: number) {
    const [row] = await db
      .update(coursesVideoUploads)
      .set({ status: 'failed', updatedAt: clock.now() })
      .where(eq(coursesVideoUploads.id, id))
      .returning();
    await abortUpload(storage, { id, multipartId: row?.multipartId ?? null });
    await storage.delete(uploadPath(id));
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
      return uploadState(row!);
    },

    async uploadShow(id: number): Promise<UploadState> {
      const [row] = await db.select().from(coursesVideoUploads).where(eq(coursesVideoUploads.id, id));
      if (!row) throw AppError.notFound(m.uploadNotFound);
      return uploadState(row);
    },

    /**
     * Appends one chunk at `offset`, as the next part of the upload's multipart upload. Refused without keeping
     * anything: a wrong checksum (400), an offset other than the bytes already received (409, the answer names the
     * right offset), a first chunk that is not a video (415), and on object storage a chunk that is not the last but
     * smaller than its minimum part (400). The last chunk completes the file, which ffprobe checks, and queues the
     * transcoding job, with its audit row.
     */
    async uploadChunk(actor: StaffActor, id: number, offsetHeader: unknown, shaHeader: unknown, body: Buffer): Promise<UploadState> {
      if (typeof shaHeader !== 'string' || !/^[0-9a-fA-F]{64}$/.test(shaHeader)) throw AppError.badRequest(m.uploadChecksumMissing);
      const offset = typeof offsetHeader === 'string' && /^\d{1,15}$/.test(offsetHeader) ? Number(offsetHeader) : NaN;
      if (body.length === 0) throw AppError.badRequest(m.uploadChunkEmpty);
      if (body.length > VIDEO_CHUNK_BYTES) throw new AppError(413, m.uploadChunkTooLarge);
      const sha256 = shaHeader.toLowerCase();
      if (createHash('sha256').update(body).digest('hex') !== sha256) throw AppError.badRequest(m.uploadChecksumMismatch);
      const key = uploadPath(id);
      let notVideo = false;
      let superseded = false;
      let created: string | null = null;
      const state = await db.transaction(async (tx) => {
        const [u] = await tx.select().from(coursesVideoUploads).where(eq(coursesVideoUploads.id, id)).for('update');
        if (!u || u.status !== 'uploading') throw AppError.notFound(m.uploadNotFound);
        if (offset !== u.received) throw new AppError(409, m.uploadOffsetMismatch(u.received), { offset: u.received });
        if (offset + body.length > u.size) throw AppError.badRequest(m.uploadChunkPastEnd);
        // An upload begun before chunks became multipart parts has its first bytes in a file no part holds: the
        // client starts it again.
        if (offset > 0 && !u.multipartId) {
          superseded = true;
          return u;
        }
        const last = offset + body.length === u.size;
        // The bucket joins parts of at least 5 MiB but the last (the client sends VIDEO_CHUNK_BYTES, 8 MiB).
        if (!last && storage.driver !== 'local' && body.length < MULTIPART_MIN_PART_BYTES) {
          throw AppError.badRequest(`除最后一个分片外，每个分片至少 ${MULTIPART_MIN_PART_BYTES / 1024 / 1024} MB`);
        }
        if (offset === 0 && !looksLikeVideo(body.subarray(0, 512))) {
          notVideo = true;
          return u;
        }
        const multipartId = u.multipartId ?? (created = await storage.multipart.create(key, VIDEO_CONTENT_TYPE));
        // Chunks arrive in order (the offset check), so the part number is the count of parts kept so far plus one:
        // offset / VIDEO_CHUNK_BYTES + 1 for the web client.
        const partNumber = u.parts.length + 1;
        let part;
        try {
          part = await storage.multipart.uploadPart(key, multipartId, partNumber, body, sha256);
        } catch (err) {
          if (err instanceof StorageChecksumError) throw AppError.badRequest(m.uploadChecksumMismatch);
          throw err;
        }
        const parts = [...u.parts, part];
        if (last) await storage.multipart.complete(key, multipartId, parts);
        const [after] = await tx
          .update(coursesVideoUploads)
          .set({ received: offset + body.length, multipartId: last ? null : multipartId, parts: last ? [] : parts, updatedAt: clock.now() })
          .where(eq(coursesVideoUploads.id, id))
          .returning();
        return after!;
      }).catch(async (err: unknown) => {
        // The row does not name a multipart upload created by this refused chunk: nothing of it is kept.
        if (created) await abortUpload(storage, { id, multipartId: created });
        throw err;
      });
      if (notVideo || superseded) {
        await markUploadFailed(id);
        throw notVideo ? new AppError(415, m.uploadNotVideo) : AppError.notFound(m.uploadNotFound);
      }
      if (state.received < state.size) return uploadState(state);

      const probe = await probeStored(deps.ffmpeg, storage, key);
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
