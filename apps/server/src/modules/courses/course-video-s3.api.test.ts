// Lesson videos on object storage (the S3 driver against the run's s3rver): the resumable upload is a multipart
// upload of the bucket that another app instance continues, transcoding reads the upload from the bucket and puts
// the HLS renditions into it, and a member's player reads the segments from the bucket through presigned URLs that
// only the app, after its own checks, writes. Nothing of a video is kept under DATA_DIR.
import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseAdminMessages as m, type AdminCourse, type AdminLesson, type UploadState } from '@app/contracts';
import { buildApp } from '../../app';
import type { App } from '../../lib/app-module';
import { createStorage, MULTIPART_MIN_PART_BYTES, type Storage } from '../../lib/storage';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createUser, type TestUser } from '../../testing/test-users';
import { uploadPath } from './courses-admin-shared';
import { withTamperedSignature } from './course-test-helpers';
import { coursesLessons, coursesVideoUploads } from './courses.table';
import { courseCatalog } from './index';
import { firstPtsOf, videoFirstPts } from './lesson-subtitles';
import { replayCourses } from './replay-courses';
import { createVideoWorker, UPLOAD_ABANDONED_MS, videoJobsRepository } from './video-jobs';

const run = promisify(execFile);
const FFMPEG = { ffmpegPath: '/usr/bin/ffmpeg', ffprobePath: '/usr/bin/ffprobe' };
const PART = MULTIPART_MIN_PART_BYTES;

let t: TestApp;
let storage: Storage;
let manager: TestUser;
let clip: Buffer;
let tmp: string;

beforeAll(async () => {
  t = await createTestApp({ storage: 's3' });
  storage = createStorage(t.config);
  manager = await createUser(t, { staff: ['course_manager'] });
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'course-video-s3-test-'));
  const file = path.join(tmp, 'clip.mp4');
  // 4 seconds of noisy 640x360 at a high quality: about 11 MB, so the upload has three parts of the bucket's minimum.
  await run(FFMPEG.ffmpegPath, [
    '-hide_banner', '-loglevel', 'error', '-y',
    '-f', 'lavfi', '-i', 'testsrc=size=640x360:rate=25:duration=4,noise=alls=60:allf=t+u',
    '-f', 'lavfi', '-i', 'sine=frequency=440:duration=4',
    '-c:v', 'libx264', '-preset', 'ultrafast', '-qp', '16', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', file,
  ]);
  clip = await fs.readFile(file);
}, 60_000);
afterAll(async () => {
  await t.close();
  await fs.rm(tmp, { recursive: true, force: true });
});

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const call = (app: App, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  app.inject({ method, url, headers: manager.headers, ...(payload ? { payload } : {}) });
const putChunk = (app: App, id: number, offset: number, bytes: Buffer, checksum = sha(bytes)) =>
  app.inject({
    method: 'PUT',
    url: `/api/admin/course_uploads/${id}`,
    headers: { ...manager.headers, 'content-type': 'application/octet-stream', 'upload-offset': String(offset), 'chunk-sha256': checksum },
    payload: bytes,
  });

/** Every file under DATA_DIR's stored-file directories (none is expected on the S3 driver). */
async function filesUnderDataDir(): Promise<string[]> {
  const found: string[] = [];
  for (const dir of ['uploads', 'videos', '.multipart']) {
    const entries = await fs.readdir(path.join(t.config.dataDir, dir), { recursive: true, withFileTypes: true }).catch(() => []);
    found.push(...entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name)));
  }
  return found;
}

async function keysUnder(prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const o of storage.list(prefix)) keys.push(o.key);
  return keys;
}

async function newCourse(title: string, priceType: 'free' | 'paid'): Promise<{ course: AdminCourse; lesson: AdminLesson }> {
  const [tag] = (await call(t.app, 'GET', '/api/admin/course_tags')).json().data.filter((x: { parent_id: number | null }) => x.parent_id !== null);
  const [teacher] = (await call(t.app, 'GET', '/api/admin/course_teachers')).json().data;
  const course = (
    await call(t.app, 'POST', '/api/admin/courses', {
      title,
      summary: '用对象存储中的视频验证课程播放。',
      cover: '/media/art/covers/accounting-basics.svg',
      teacher_id: teacher.id,
      tag_ids: [tag.id],
      kind: 'video',
      price_type: priceType,
      price: priceType === 'paid' ? 9_900 : 0,
    })
  ).json().data as AdminCourse;
  const lesson = (await call(t.app, 'POST', '/api/admin/course_lessons', { course_id: course.id, title: '第一讲 对象存储中的课程视频' })).json().data;
  return { course, lesson };
}

describe('lesson videos on object storage', () => {
  let course: AdminCourse;
  let lessonId: number;
  let uploadId: number;
  let hlsName: string;

  it('resumes a multipart upload on another app instance, refuses a damaged or undersized part, and completes the exact file', async () => {
    expect(clip.length).toBeGreaterThan(2 * PART);
    const made = await newCourse('对象存储中的现金流量表', 'paid');
    course = made.course;
    lessonId = made.lesson.id;
    const started = (await call(t.app, 'POST', '/api/admin/course_uploads', { lesson_id: lessonId, file_name: 'clip.mp4', size: clip.length })).json().data as UploadState;
    uploadId = started.id;
    expect((await putChunk(t.app, uploadId, 0, clip.subarray(0, PART))).json().data.offset).toBe(PART);
    const [row] = await t.db.select().from(coursesVideoUploads).where(eq(coursesVideoUploads.id, uploadId));
    expect(row!.multipartId).toEqual(expect.any(String));
    expect(row!.parts).toEqual([{ partNumber: 1, etag: expect.any(String) }]);

    // Another process (or this one after a restart) on the same database and bucket continues the upload.
    const other = await buildApp({ config: t.config, db: t.db, clock: t.clock, logger: false });
    try {
      expect((await call(other, 'GET', `/api/admin/course_uploads/${uploadId}`)).json().data.offset).toBe(PART);
      const damaged = await putChunk(other, uploadId, PART, clip.subarray(PART, 2 * PART), sha(Buffer.from('other bytes')));
      expect(damaged.statusCode).toBe(400);
      expect(damaged.json().message).toBe(m.uploadChecksumMismatch);
      // A part the bucket would refuse to join (under 5 MiB and not the last) is refused before it is sent.
      expect((await putChunk(other, uploadId, PART, clip.subarray(PART, PART + 1024))).statusCode).toBe(400);
      const [kept] = await t.db.select().from(coursesVideoUploads).where(eq(coursesVideoUploads.id, uploadId));
      expect(kept).toMatchObject({ received: PART, parts: [{ partNumber: 1 }] });

      expect((await putChunk(other, uploadId, PART, clip.subarray(PART, 2 * PART))).json().data.offset).toBe(2 * PART);
      const last = await putChunk(other, uploadId, 2 * PART, clip.subarray(2 * PART));
      expect(last.statusCode).toBe(200);
      expect(last.json().data).toMatchObject({ status: 'complete', offset: clip.length, job: { status: 'queued' } });
    } finally {
      await other.close();
    }
    const stored = await storage.read(uploadPath(uploadId));
    expect(stored && sha(stored)).toBe(sha(clip));
    expect(await filesUnderDataDir()).toEqual([]);
  });

  it('transcodes from the bucket into the bucket, with content types, and leaves nothing on the local disk', async () => {
    const before = new Set((await fs.readdir(os.tmpdir())).filter((n) => n.startsWith('lesson-video-')));
    const done = await createVideoWorker({ db: t.db, clock: t.clock, storage, ffmpeg: FFMPEG }).runOnce();
    expect(done).toMatchObject({ status: 'done', progress: 100, error: null });
    hlsName = done!.output!.slice(4);
    const keys = await keysUnder(`videos/hls/${hlsName}/`);
    expect(keys).toEqual(
      expect.arrayContaining([
        `videos/hls/${hlsName}/master.m3u8`,
        `videos/hls/${hlsName}/poster.jpg`,
        `videos/hls/${hlsName}/v0/index.m3u8`,
        `videos/hls/${hlsName}/v0/seg00000.ts`,
      ]),
    );
    const typeOf = async (key: string) => (await fetch((await storage.signedReadUrl(key, { expiresInS: 60 }))!)).headers.get('content-type');
    expect(await typeOf(`videos/hls/${hlsName}/master.m3u8`)).toBe('application/vnd.apple.mpegurl');
    expect(await typeOf(`videos/hls/${hlsName}/v0/seg00000.ts`)).toBe('video/mp2t');
    expect(await typeOf(`videos/hls/${hlsName}/poster.jpg`)).toBe('image/jpeg');
    // The subtitles' timing reads the first segment's opening packets (64 of them, as on the disk) from the bucket.
    const first = await storage.read(`videos/hls/${hlsName}/v0/seg00000.ts`);
    expect(await videoFirstPts(storage, hlsName)).toBe(firstPtsOf(first!.subarray(0, 188 * 64)));
    expect(await videoFirstPts(storage, hlsName)).toEqual(expect.any(Number));
    // The upload is removed once transcoded; ffmpeg's temporary directory too.
    expect(await storage.stat(uploadPath(uploadId))).toBeNull();
    expect(await filesUnderDataDir()).toEqual([]);
    const after = (await fs.readdir(os.tmpdir())).filter((n) => n.startsWith('lesson-video-') && !before.has(n));
    expect(after).toEqual([]);
    expect((await call(t.app, 'POST', `/api/admin/courses/${course.id}/publish`)).statusCode).toBe(200);
  });

  it('gives a member a signed master playlist whose variant lists presigned segment URLs read from the bucket', async () => {
    const buyer = await createUser(t);
    await courseCatalog(t.db).grantCourse({ userId: buyer.id, courseId: course.id, source: 'staff', now: t.clock.now() });
    const shown = (await t.app.inject({ method: 'GET', url: `/coursepoolapi/course_pools/tower_show_lesson?id=${lessonId}`, headers: buyer.headers })).json().data;
    const masterUrl = shown.video_url as string;
    expect(masterUrl).toMatch(new RegExp(`^/media/hls/${hlsName}/master\\.m3u8\\?exp=\\d+&sig=`));
    const query = masterUrl.split('?')[1]!;
    const master = await t.app.inject({ method: 'GET', url: masterUrl });
    expect(master.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    const variant = master.body.split('\n').find((l) => l.startsWith('v0/'))!;
    expect(variant).toBe(`v0/index.m3u8?${query}`);
    const base = masterUrl.split('master.m3u8')[0]!;
    const playlist = await t.app.inject({ method: 'GET', url: base + variant });
    expect(playlist.statusCode).toBe(200);
    const segments = playlist.body.split('\n').filter((l) => l && !l.startsWith('#'));
    expect(segments.length).toBeGreaterThan(0);
    for (const s of segments) expect(s).toMatch(new RegExp(`/videos/hls/${hlsName}/v0/seg\\d{5}\\.ts\\?.*X-Amz-Signature=`));
    const ts = await fetch(segments[0]!, { headers: { range: 'bytes=0-187' } });
    expect(ts.status).toBe(206);
    expect(new Uint8Array(await ts.arrayBuffer())[0]).toBe(0x47);
    // A presigned URL changed by one character is refused by the bucket.
    expect((await fetch(segments[0]!.replace(/X-Amz-Signature=(.)/, (_, c: string) => `X-Amz-Signature=${c === 'a' ? 'b' : 'a'}`))).status).toBe(403);

    // The poster and a segment asked of the app are redirects to the bucket.
    const poster = await t.app.inject({ method: 'GET', url: `${base}poster.jpg?${query}` });
    expect(poster.statusCode).toBe(302);
    const image = await fetch(poster.headers.location as string);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
    const seg = await t.app.inject({ method: 'GET', url: `${base}v0/seg00000.ts?${query}` });
    expect(seg.statusCode).toBe(302);
    expect((await fetch(seg.headers.location as string)).status).toBe(200);
  });

  it('never gives a non-member a URL of a paid lesson\'s segments', async () => {
    const learner = await createUser(t);
    const denied = await t.app.inject({ method: 'GET', url: `/coursepoolapi/course_pools/tower_show_lesson?id=${lessonId}`, headers: learner.headers });
    expect(denied.statusCode).toBe(403);
    expect(denied.body).not.toContain('/media/hls/');
    expect(denied.body).not.toContain('X-Amz');
    const buyer = await createUser(t);
    await courseCatalog(t.db).grantCourse({ userId: buyer.id, courseId: course.id, source: 'staff', now: t.clock.now() });
    const masterUrl = (await t.app.inject({ method: 'GET', url: `/coursepoolapi/course_pools/tower_show_lesson?id=${lessonId}`, headers: buyer.headers })).json().data.video_url as string;
    const query = masterUrl.split('?')[1]!;
    const base = masterUrl.split('master.m3u8')[0]!;
    for (const file of ['master.m3u8', 'v0/index.m3u8', 'v0/seg00000.ts', 'poster.jpg']) {
      for (const url of [`${base}${file}`, `${base}${file}?${withTamperedSignature(query)}`]) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode).toBe(404);
        expect(res.headers.location).toBeUndefined();
        expect(res.body).not.toContain('X-Amz');
      }
    }
    // Once the app's signature expires, so do the URLs written with it.
    const playlist = (await t.app.inject({ method: 'GET', url: `${base}v0/index.m3u8?${query}` })).body;
    const segment = playlist.split('\n').find((l) => l.startsWith('http'))!;
    const exp = Number(/exp=(\d+)/.exec(query)![1]);
    const expires = Number(/X-Amz-Expires=(\d+)/.exec(segment)![1]);
    expect(Math.floor(t.clock.now().getTime() / 1000) + expires).toBeLessThanOrEqual(exp);
  });

  it('fails an upload nobody continued for a day and lets nothing more be added to it', async () => {
    const { lesson } = await newCourse('中断的上传', 'free');
    const started = (await call(t.app, 'POST', '/api/admin/course_uploads', { lesson_id: lesson.id, file_name: 'clip.mp4', size: clip.length })).json().data as UploadState;
    expect((await putChunk(t.app, started.id, 0, clip.subarray(0, PART))).statusCode).toBe(200);
    const worker = createVideoWorker({ db: t.db, clock: t.clock, storage, ffmpeg: FFMPEG });
    expect(await worker.sweepUploads()).toBe(0);
    t.clock.advance(UPLOAD_ABANDONED_MS + 60_000);
    expect(await worker.sweepUploads()).toBe(1);
    expect((await call(t.app, 'GET', `/api/admin/course_uploads/${started.id}`)).json().data.status).toBe('failed');
    expect((await putChunk(t.app, started.id, PART, clip.subarray(PART, 2 * PART))).statusCode).toBe(404);
    expect(await storage.stat(uploadPath(started.id))).toBeNull();
  });

  it('removes a deleted lesson\'s transcoded files from the bucket', async () => {
    const { lesson } = await newCourse('待删除的课时', 'free');
    const name = randomBytes(16).toString('hex');
    await storage.put(`videos/hls/${name}/master.m3u8`, '#EXTM3U\n', { contentType: 'application/vnd.apple.mpegurl' });
    await storage.put(`videos/hls/${name}/v0/seg00000.ts`, Buffer.alloc(188, 0x47), { contentType: 'video/mp2t' });
    await t.db.update(coursesLessons).set({ videoFile: `hls/${name}`, duration: 4 }).where(eq(coursesLessons.id, lesson.id));
    expect((await call(t.app, 'DELETE', `/api/admin/course_lessons/${lesson.id}`)).statusCode).toBe(200);
    expect(await keysUnder(`videos/hls/${name}/`)).toEqual([]);
    // Another video's files stay.
    expect((await keysUnder(`videos/hls/${hlsName}/`)).length).toBeGreaterThan(0);
  });

  it("removes a deleted course's lesson videos from the bucket", async () => {
    const { course, lesson } = await newCourse('待删除的课程', 'free');
    const name = randomBytes(16).toString('hex');
    await storage.put(`videos/hls/${name}/master.m3u8`, '#EXTM3U\n', { contentType: 'application/vnd.apple.mpegurl' });
    await t.db.update(coursesLessons).set({ videoFile: `hls/${name}`, duration: 4 }).where(eq(coursesLessons.id, lesson.id));
    expect((await call(t.app, 'DELETE', `/api/admin/courses/${course.id}`)).statusCode).toBe(200);
    expect(await keysUnder(`videos/hls/${name}/`)).toEqual([]);
    expect((await keysUnder(`videos/hls/${hlsName}/`)).length).toBeGreaterThan(0);
  });

  it('answers a stored MP4 with a redirect to the bucket and measures a replay recording there; demo clips stay in the repository', async () => {
    const lesson = (await t.db.select().from(coursesLessons).where(eq(coursesLessons.videoFile, 'lesson-a.mp4')).limit(1))[0]!;
    const me = await createUser(t);
    const demo = (await t.app.inject({ method: 'GET', url: `/coursepoolapi/course_pools/tower_show_lesson?id=${lesson.id}`, headers: me.headers })).json().data.video_url as string;
    const clipRes = await t.app.inject({ method: 'GET', url: demo, headers: { range: 'bytes=0-99' } });
    expect(clipRes.statusCode).toBe(206);

    await storage.putFile('videos/replay-s3-1.mp4', path.join(tmp, 'clip.mp4'), { contentType: 'video/mp4' });
    expect(await replayCourses({ db: t.db, storage }).videoDuration('replay-s3-1.mp4')).toBe(4);
    await t.db.update(coursesLessons).set({ videoFile: 'replay-s3-1.mp4' }).where(eq(coursesLessons.id, lesson.id));
    try {
      const url = (await t.app.inject({ method: 'GET', url: `/coursepoolapi/course_pools/tower_show_lesson?id=${lesson.id}`, headers: me.headers })).json().data.video_url as string;
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(302);
      const bytes = await fetch(res.headers.location as string, { headers: { range: 'bytes=0-99' } });
      expect(bytes.status).toBe(206);
      expect(Buffer.from(await bytes.arrayBuffer())).toEqual(clip.subarray(0, 100));
      expect((await t.app.inject({ method: 'GET', url: withTamperedSignature(url) })).statusCode).toBe(404);
    } finally {
      await t.db.update(coursesLessons).set({ videoFile: 'lesson-a.mp4' }).where(eq(coursesLessons.id, lesson.id));
    }
  });
  it('asks the client to start again an upload begun before chunks were multipart parts', async () => {
    const { lesson } = await newCourse('升级前开始的上传', 'free');
    const started = (await call(t.app, 'POST', '/api/admin/course_uploads', { lesson_id: lesson.id, file_name: 'clip.mp4', size: clip.length })).json().data as UploadState;
    await t.db.update(coursesVideoUploads).set({ received: PART }).where(eq(coursesVideoUploads.id, started.id));
    const res = await putChunk(t.app, started.id, PART, clip.subarray(PART, 2 * PART));
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(m.uploadNotFound);
    expect((await call(t.app, 'GET', `/api/admin/course_uploads/${started.id}`)).json().data.status).toBe('failed');
  });

  it('removes a lesson\'s previous video from the bucket once its new one is transcoded', async () => {
    const [before] = await t.db.select().from(coursesLessons).where(eq(coursesLessons.id, lessonId));
    expect(before!.videoFile).toBe(`hls/${hlsName}`);
    const source = 'uploads/course-videos/replacement.part';
    await storage.putFile(source, path.join(tmp, 'clip.mp4'), { contentType: 'application/octet-stream' });
    await videoJobsRepository.enqueue(t.db, { lessonId, uploadId: null, source, now: t.clock.now() });
    const done = await createVideoWorker({ db: t.db, clock: t.clock, storage, ffmpeg: FFMPEG }).runOnce();
    expect(done).toMatchObject({ status: 'done' });
    expect(done!.output).not.toBe(`hls/${hlsName}`);
    expect(await keysUnder(`videos/hls/${hlsName}/`)).toEqual([]);
    expect((await keysUnder(`videos/${done!.output}/`)).length).toBeGreaterThan(3);
    expect(await storage.stat(source)).toBeNull();
  });
});
