// Real transcoding: a clip made here by Debian's ffmpeg (testsrc) is uploaded in chunks with an interruption,
// transcoded by the worker into HLS, and served to a learner through signed URLs.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseAdminMessages as m, type AdminCourse, type AdminLesson, type UploadState } from '@app/contracts';
import { createStorage } from '../../lib/storage';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createUser, type TestUser } from '../../testing/test-users';
import { auditLog } from '../audit/audit.table';
import { coursesLessons, coursesVideoJobs } from './courses.table';
import { withTamperedSignature } from './course-test-helpers';
import { courseCatalog } from './index';
import { createVideoWorker, JOB_LEASE_MS, videoJobsRepository } from './video-jobs';

const run = promisify(execFile);
const FFMPEG = { ffmpegPath: '/usr/bin/ffmpeg', ffprobePath: '/usr/bin/ffprobe' };

let t: TestApp;
let manager: TestUser;
let learner: TestUser;
let clip: Buffer;
let tmp: string;

beforeAll(async () => {
  t = await createTestApp();
  manager = await createUser(t, { staff: ['course_manager'] });
  learner = await createUser(t);
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'course-video-test-'));
  const file = path.join(tmp, 'clip.mp4');
  // 4 seconds of 1280x720 test pattern with a tone: enough for the 360p and 720p renditions.
  await run(FFMPEG.ffmpegPath, [
    '-hide_banner', '-loglevel', 'error', '-y',
    '-f', 'lavfi', '-i', 'testsrc=size=1280x720:rate=25:duration=4',
    '-f', 'lavfi', '-i', 'sine=frequency=440:duration=4',
    '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', file,
  ]);
  clip = await fs.readFile(file);
}, 60_000);
afterAll(async () => {
  await t.close();
  await fs.rm(tmp, { recursive: true, force: true });
});

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: manager.headers, ...(payload ? { payload } : {}) });
const putChunk = (id: number, offset: number, bytes: Buffer, checksum = sha(bytes)) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/admin/course_uploads/${id}`,
    headers: { ...manager.headers, 'content-type': 'application/octet-stream', 'upload-offset': String(offset), 'chunk-sha256': checksum },
    payload: bytes,
  });
const worker = () => createVideoWorker({ db: t.db, clock: t.clock, storage: createStorage(t.config), ffmpeg: FFMPEG });

async function newCourse(title: string, priceType: 'free' | 'paid'): Promise<{ course: AdminCourse; lesson: AdminLesson }> {
  const [tag] = (await call('GET', '/api/admin/course_tags')).json().data.filter((x: { parent_id: number | null }) => x.parent_id !== null);
  const [teacher] = (await call('GET', '/api/admin/course_teachers')).json().data;
  const course = (
    await call('POST', '/api/admin/courses', {
      title,
      summary: '用真实转码的视频验证课程播放。',
      cover: '/media/art/covers/accounting-basics.svg',
      teacher_id: teacher.id,
      tag_ids: [tag.id],
      kind: 'video',
      price_type: priceType,
      price: priceType === 'paid' ? 9_900 : 0,
    })
  ).json().data as AdminCourse;
  const lesson = (await call('POST', '/api/admin/course_lessons', { course_id: course.id, title: '第一讲 现金流量表的编制' })).json().data;
  return { course, lesson };
}

/** Uploads `bytes` in 64 KB chunks; after the second chunk the connection "drops" and the client asks where to resume. */
async function uploadWithInterruption(lessonId: number, bytes: Buffer): Promise<UploadState> {
  const chunk = 64 * 1024;
  const started = (await call('POST', '/api/admin/course_uploads', { lesson_id: lessonId, file_name: 'clip.mp4', size: bytes.length })).json().data as UploadState;
  expect(started.offset).toBe(0);
  expect((await putChunk(started.id, 0, bytes.subarray(0, chunk))).json().data.offset).toBe(chunk);
  expect((await putChunk(started.id, chunk, bytes.subarray(chunk, 2 * chunk))).json().data.offset).toBe(2 * chunk);
  // Interrupted: the client lost the answer and retries the second chunk at the old offset.
  const stale = await putChunk(started.id, chunk, bytes.subarray(chunk, 2 * chunk));
  expect(stale.statusCode).toBe(409);
  expect(stale.json()).toMatchObject({ message: m.uploadOffsetMismatch(2 * chunk), data: { offset: 2 * chunk } });
  // A chunk damaged in transit is refused and nothing is written.
  const damaged = await putChunk(started.id, 2 * chunk, bytes.subarray(2 * chunk, 3 * chunk), sha(Buffer.from('other bytes')));
  expect(damaged.statusCode).toBe(400);
  expect(damaged.json().message).toBe(m.uploadChecksumMismatch);
  // Resume from where the server says it stopped.
  let state = (await call('GET', `/api/admin/course_uploads/${started.id}`)).json().data as UploadState;
  expect(state.offset).toBe(2 * chunk);
  while (state.offset < bytes.length) {
    const res = await putChunk(started.id, state.offset, bytes.subarray(state.offset, state.offset + chunk));
    expect(res.statusCode).toBe(200);
    state = res.json().data;
  }
  return state;
}

describe('resumable upload, transcoding and HLS playback', () => {
  let lessonId: number;
  let course: AdminCourse;

  it('uploads a clip in chunks with one interruption and queues a transcoding job, audited', async () => {
    const made = await newCourse('现金流量表编制实务', 'paid');
    course = made.course;
    lessonId = made.lesson.id;
    const state = await uploadWithInterruption(lessonId, clip);
    expect(state).toMatchObject({ status: 'complete', offset: clip.length, job: { status: 'queued', progress: 0 } });
    const [row] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'course_lesson.upload_video'));
    expect(row!.after).toMatchObject({ size: clip.length, width: 1280, height: 720, duration: 4 });
  });

  it('transcodes into 360p and 720p HLS with a poster and the measured duration, then the course can be published', async () => {
    const done = await worker().runOnce();
    expect(done).toMatchObject({ status: 'done', progress: 100, error: null });
    const detail = (await call('GET', `/api/admin/courses/${course.id}`)).json().data as AdminCourse;
    const lesson = detail.lessons[0]!;
    expect(lesson).toMatchObject({ video_ready: true, duration: 4, video_job: { status: 'done' } });
    expect(lesson.video_url).toMatch(/^\/media\/hls\/[0-9a-f]{32}\/master\.m3u8\?exp=\d+&sig=/);
    const poster = await t.app.inject({ method: 'GET', url: lesson.poster_url! });
    expect(poster.statusCode).toBe(200);
    expect(poster.headers['content-type']).toBe('image/jpeg');
    const master = (await t.app.inject({ method: 'GET', url: lesson.video_url! })).body;
    expect(master.match(/RESOLUTION=\d+x(\d+)/g)).toEqual(['RESOLUTION=640x360', 'RESOLUTION=1280x720']);
    expect((await call('POST', `/api/admin/courses/${course.id}/publish`)).statusCode).toBe(200);
  });

  it('serves a paid lesson only to a buyer, and its playlists and segments only through signed, expiring URLs', async () => {
    const denied = await t.app.inject({ method: 'GET', url: `/coursepoolapi/course_pools/tower_show_lesson?id=${lessonId}`, headers: learner.headers });
    expect(denied.statusCode).toBe(403);
    const buyer = await createUser(t);
    await courseCatalog(t.db).grantCourse({ userId: buyer.id, courseId: course.id, source: 'staff', now: t.clock.now() });
    const shown = (await t.app.inject({ method: 'GET', url: `/coursepoolapi/course_pools/tower_show_lesson?id=${lessonId}`, headers: buyer.headers })).json().data;
    expect(shown.duration).toBe(4);
    const masterUrl = shown.video_url as string;
    const query = masterUrl.split('?')[1]!;
    const master = await t.app.inject({ method: 'GET', url: masterUrl });
    expect(master.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    const variant = master.body.split('\n').find((l) => l.startsWith('v0/'))!;
    expect(variant).toBe(`v0/index.m3u8?${query}`);
    const base = masterUrl.split('master.m3u8')[0]!;
    const playlist = await t.app.inject({ method: 'GET', url: base + variant });
    const segment = playlist.body.split('\n').find((l) => l.startsWith('seg'))!;
    expect(segment).toMatch(new RegExp(`^seg\\d+\\.ts\\?${query.replace(/[?]/g, '\\?')}$`));
    const ts = await t.app.inject({ method: 'GET', url: `${base}v0/${segment}`, headers: { range: 'bytes=0-187' } });
    expect(ts.statusCode).toBe(206);
    expect(ts.rawPayload[0]).toBe(0x47);

    const bare = `${base}v0/${segment.split('?')[0]}`;
    expect((await t.app.inject({ method: 'GET', url: bare })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `${bare}?${withTamperedSignature(query)}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `${base}..%2F..%2F..%2Fpackage.json?${query}` })).statusCode).toBe(404);
    t.clock.advance(8 * 3_600_000);
    expect((await t.app.inject({ method: 'GET', url: `${base}v0/${segment}` })).statusCode).toBe(404);
  });

  it('marks a failed transcoding with ffmpeg\'s reason and keeps the lesson on its previous video', async () => {
    const [before] = await t.db.select().from(coursesLessons).where(eq(coursesLessons.id, lessonId));
    const broken = path.join('uploads', 'course-videos', 'broken.part');
    await fs.mkdir(path.join(t.config.dataDir, 'uploads', 'course-videos'), { recursive: true });
    // The head of an MP4 without the rest: ffmpeg cannot read it.
    await fs.writeFile(path.join(t.config.dataDir, broken), clip.subarray(0, 2048));
    await videoJobsRepository.enqueue(t.db, { lessonId, uploadId: null, source: broken, now: t.clock.now() });
    const failed = await worker().runOnce();
    expect(failed!.status).toBe('failed');
    expect(failed!.error).toMatch(/^无法读取视频：.*(moov atom not found|Invalid data)/);
    const [after] = await t.db.select().from(coursesLessons).where(eq(coursesLessons.id, lessonId));
    expect(after!.videoFile).toBe(before!.videoFile);
    const shownJob = (await call('GET', `/api/admin/courses/${course.id}`)).json().data.lessons[0].video_job;
    expect(shownJob).toMatchObject({ status: 'failed', error: failed!.error });
  });

  it('retries a job whose worker died once its lease ran out', async () => {
    const { lesson } = await newCourse('资金预算与现金管理', 'free');
    const state = await uploadWithInterruption(lesson.id, clip);
    // A worker claims the job and its process dies before finishing (no heartbeat, no result).
    const claimed = await videoJobsRepository.claim(t.db, 'dead-process', t.clock.now());
    expect(claimed!.id).toBe(state.job!.id);
    expect(await worker().runOnce()).toBeUndefined();
    t.clock.advance(JOB_LEASE_MS + 1_000);
    const retried = await worker().runOnce();
    expect(retried).toMatchObject({ id: state.job!.id, status: 'done', attempts: 2 });
    const [row] = await t.db.select().from(coursesVideoJobs).where(eq(coursesVideoJobs.id, state.job!.id));
    expect(row!.lockedBy).toBeNull();
  });

  it('refuses a file that is not a video by its content, and keeps nothing of it', async () => {
    const { lesson } = await newCourse('非视频文件上传', 'free');
    const pdf = Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n'.repeat(20));
    const started = (await call('POST', '/api/admin/course_uploads', { lesson_id: lesson.id, file_name: 'lesson.mp4', size: pdf.length })).json().data;
    const res = await putChunk(started.id, 0, pdf);
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe(m.uploadNotVideo);
    expect((await call('GET', `/api/admin/course_uploads/${started.id}`)).json().data.status).toBe('failed');
    await expect(fs.stat(path.join(t.config.dataDir, 'uploads', 'course-videos', `${started.id}.part`))).rejects.toThrow();
    expect((await putChunk(started.id, 0, pdf)).statusCode).toBe(404);
  });
});
