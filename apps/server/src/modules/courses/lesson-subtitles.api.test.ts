// Lesson subtitles end to end: staff upload (WebVTT, SRT in UTF-8 and GBK), refusals naming the line, learners
// reading them with exactly the video's entitlement, and the HLS master playlist carrying the subtitles rendition.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseAdminMessages as m, type AdminCourse, type AdminLessonSubtitle, type LessonDetail } from '@app/contracts';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createUser, type TestUser } from '../../testing/test-users';
import { auditLog } from '../audit/audit.table';
import { courseBySlug, withTamperedSignature } from './course-test-helpers';
import { coursesLessons } from './courses.table';
import { firstPtsOf } from './lesson-subtitles';

let t: TestApp;
let manager: TestUser;
let learner: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  manager = await createUser(t, { staff: ['course_manager'] });
  learner = await createUser(t);
});
afterAll(() => t.close());

function multipart(fileName: string, content: Buffer) {
  const boundary = '----subtitle-test-boundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const upload = (lessonId: number, fileName: string, content: Buffer, who = manager) => {
  const body = multipart(fileName, content);
  return t.app.inject({
    method: 'PUT',
    url: `/api/admin/course_lessons/${lessonId}/subtitles`,
    payload: body.payload,
    headers: { ...who.headers, ...body.headers },
  });
};
const list = async (lessonId: number) =>
  (await t.app.inject({ method: 'GET', url: `/api/admin/course_lessons/${lessonId}/subtitles`, headers: manager.headers })).json()
    .data as AdminLessonSubtitle[];
const showLesson = (lessonId: number, who: TestUser) =>
  t.app.inject({ method: 'GET', url: `/coursepoolapi/course_pools/tower_show_lesson?id=${lessonId}`, headers: who.headers });
const get = (url: string) => t.app.inject({ method: 'GET', url });

/** The WebVTT a learner's player loads for a lesson. */
async function learnerVtt(lessonId: number, who = learner): Promise<string> {
  const lesson = (await showLesson(lessonId, who)).json().data as LessonDetail;
  expect(lesson.subtitles).toHaveLength(1);
  expect(lesson.subtitles[0]).toMatchObject({ lang: 'zh-CN', label: '中文' });
  const res = await get(lesson.subtitles[0]!.url);
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('text/vtt; charset=utf-8');
  return res.body;
}

const SRT = `1
00:00:01,000 --> 00:00:04,500
各位学员好，今天讲会计信息质量要求。

2
00:00:05,000 --> 00:00:09,000
可靠性要求以实际发生的交易为依据。
`;
const VTT = 'WEBVTT\n\n00:00:01.000 --> 00:00:03.000\n第一句：准则体系的层级\n\n00:00:04.000 --> 00:00:08.000\n第二句：基本准则统驭具体准则\n';

describe('staff upload', () => {
  let lessonId: number;
  let duration: number;
  beforeAll(async () => {
    const course = await courseBySlug(t.db, 'cas-overview');
    lessonId = course.lessons[0]!.id;
    duration = course.lessons[0]!.duration;
  });

  it('replaces the demo captions with an uploaded WebVTT file, listed with its name and cue count, audited', async () => {
    expect((await list(lessonId))[0]).toMatchObject({ lang: 'zh-CN', label: '中文' });
    const res = await upload(lessonId, '第一讲.vtt', Buffer.from(VTT));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: m.subtitleSaved, data: { lesson_id: lessonId, cue_count: 2, source_name: '第一讲.vtt' } });
    expect(await list(lessonId)).toEqual([res.json().data]);
    expect(await learnerVtt(lessonId)).toBe(VTT);
    const [row] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'course_lesson.upload_subtitles'), eq(auditLog.entityId, String(lessonId))));
    expect(row!.after).toMatchObject({ cueCount: 2, sourceName: '第一讲.vtt', format: 'vtt' });
    expect(row!.before).toMatchObject({ lang: 'zh-CN' });
    // The course editor's lesson list shows it too.
    const course = (await t.app.inject({ method: 'GET', url: `/api/admin/courses/${(await courseBySlug(t.db, 'cas-overview')).id}`, headers: manager.headers })).json()
      .data as AdminCourse;
    expect(course.lessons[0]!.subtitles[0]).toMatchObject({ cue_count: 2, source_name: '第一讲.vtt' });
  });

  it('converts a UTF-8 SRT file to WebVTT, keeping the text and writing times as HH:MM:SS.mmm', async () => {
    const res = await upload(lessonId, 'lesson.srt', Buffer.from(SRT, 'utf8'));
    expect(res.json()).toMatchObject({ code: 200, data: { cue_count: 2, source_name: 'lesson.srt' } });
    const vtt = await learnerVtt(lessonId);
    expect(vtt).toMatch(/^WEBVTT\n/);
    expect(vtt).toContain('00:00:01.000 --> 00:00:04.500\n各位学员好，今天讲会计信息质量要求。');
    expect(vtt).toContain('00:00:05.000 --> 00:00:09.000\n可靠性要求以实际发生的交易为依据。');
  });

  it('reads a GBK-encoded SRT file as Chinese text', async () => {
    const gbk = iconv.encode(SRT.replace('各位学员好', '大家好'), 'gbk');
    expect(gbk.includes(Buffer.from('大家好', 'utf8'))).toBe(false);
    const res = await upload(lessonId, '字幕GBK.srt', gbk);
    expect(res.json()).toMatchObject({ code: 200, data: { cue_count: 2, source_name: '字幕GBK.srt' } });
    expect(await learnerVtt(lessonId)).toContain('大家好，今天讲会计信息质量要求。');
  });

  it('refuses a malformed file with the line number in the message and on the file field, keeping the old subtitles', async () => {
    const before = await list(lessonId);
    const bad = VTT.replace('00:00:04.000 --> 00:00:08.000', '00:00:04 --> 00:00:08.000');
    const res = await upload(lessonId, 'bad.vtt', Buffer.from(bad));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 400,
      message: '字幕文件第 6 行：时间格式不正确',
      data: { fieldErrors: { file: '字幕文件第 6 行：时间格式不正确' } },
    });
    const srt = await upload(lessonId, 'bad.srt', Buffer.from(SRT.replace('00:00:05,000', '00:00:5,000')));
    expect(srt.json().message).toBe('字幕文件第 6 行：时间格式不正确');
    expect(await list(lessonId)).toEqual(before);
  });

  it('refuses cues past the lesson, empty files, files without cues, other formats and files over 1 MB', async () => {
    const late = await upload(lessonId, 'late.vtt', Buffer.from(`WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n开场\n\n00:00:03.000 --> 00:10:00.000\n太长了\n`));
    expect(late.json()).toMatchObject({ code: 400, message: `字幕文件第 6 行：结束时间 00:10:00.000 超出课时时长 00:${String(duration).padStart(2, '0')}` });
    expect((await upload(lessonId, 'empty.srt', Buffer.alloc(0))).json()).toMatchObject({ code: 400, message: m.subtitleEmpty });
    expect((await upload(lessonId, 'notes.vtt', Buffer.from('WEBVTT\n\nNOTE 还没有字幕\n'))).json()).toMatchObject({ code: 400, message: m.subtitleNoCues });
    expect((await upload(lessonId, 'x.ass', Buffer.from('[Script Info]\nTitle: 字幕'))).json()).toMatchObject({ code: 400, message: m.subtitleBadType });
    const big = await upload(lessonId, 'big.vtt', Buffer.concat([Buffer.from(VTT), Buffer.alloc(1024 * 1024, 0x20)]));
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe(m.subtitleTooLarge);
  });

  it('keeps subtitle writes to course staff', async () => {
    expect((await upload(lessonId, 'x.vtt', Buffer.from(VTT), learner)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/course_lessons/${lessonId}/subtitles`, headers: learner.headers })).statusCode).toBe(403);
    expect((await upload(999_999, 'x.vtt', Buffer.from(VTT))).json()).toMatchObject({ code: 404, message: m.lessonNotFound });
  });

  it('deletes the subtitles, audited; learners then get none', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: `/api/admin/course_lessons/${lessonId}/subtitles`, headers: manager.headers });
    expect(res.json()).toMatchObject({ code: 200, message: m.subtitleDeleted });
    expect(await list(lessonId)).toEqual([]);
    expect(((await showLesson(lessonId, learner)).json().data as LessonDetail).subtitles).toEqual([]);
    const again = await t.app.inject({ method: 'DELETE', url: `/api/admin/course_lessons/${lessonId}/subtitles`, headers: manager.headers });
    expect(again.json()).toMatchObject({ code: 404, message: m.subtitleNotFound });
    const rows = await t.db.select().from(auditLog).where(eq(auditLog.action, 'course_lesson.delete_subtitles'));
    expect(rows).toHaveLength(1);
  });
});

describe('learner access', () => {
  it('gives a member-only lesson\'s subtitles to members only, and a trial lesson\'s to every learner, as the video', async () => {
    const course = await courseBySlug(t.db, 'cas-14-revenue');
    const [trial, locked] = course.lessons;
    expect(trial!.isTrial).toBe(true);
    // The demo lessons ship with Chinese captions.
    expect(await learnerVtt(trial!.id)).toContain('欢迎学习《企业会计准则第14号——收入精讲》');

    const refused = await showLesson(locked!.id, learner);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().data).toBeNull();
    // Neither the trial lesson's signature nor a tampered one opens the locked lesson's subtitles.
    const trialUrl = ((await showLesson(trial!.id, learner)).json().data as LessonDetail).subtitles[0]!.url;
    expect((await get(trialUrl.replace(`/${trial!.id}-`, `/${locked!.id}-`))).statusCode).toBe(404);
    expect((await get(withTamperedSignature(trialUrl))).statusCode).toBe(404);
    expect((await get(trialUrl.split('?')[0]!)).statusCode).toBe(404);

    const member = await createUser(t, { memberDays: 30 });
    expect(await learnerVtt(locked!.id, member)).toContain('今天是第2讲');
  });
});

/** One MPEG-TS packet opening a video PES whose PTS is `pts`. */
function tsPacket(pts: number): Buffer {
  const p = Buffer.alloc(188, 0xff);
  p.set([0x47, 0x41, 0x00, 0x10], 0);
  p.set([0x00, 0x00, 0x01, 0xe0, 0x00, 0x00, 0x80, 0x80, 0x05], 4);
  p[13] = 0x21 | ((Math.floor(pts / 2 ** 30) & 0x07) << 1);
  p[14] = (pts >> 22) & 0xff;
  p[15] = (((pts >> 15) & 0x7f) << 1) | 1;
  p[16] = (pts >> 7) & 0xff;
  p[17] = ((pts & 0x7f) << 1) | 1;
  return p;
}

describe('HLS rendition', () => {
  it('reads the first timestamp of an MPEG-TS segment', () => {
    expect(firstPtsOf(tsPacket(126_000))).toBe(126_000);
    expect(firstPtsOf(Buffer.from('not a transport stream'))).toBeNull();
  });

  it('adds the subtitles rendition to a transcoded lesson\'s master playlist, signed like its segments', async () => {
    const course = await courseBySlug(t.db, 'accounting-basics');
    const [withSubs, without] = course.lessons;
    const names = [randomBytes(16).toString('hex'), randomBytes(16).toString('hex')];
    const master = '#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-STREAM-INF:BANDWIDTH=900000,RESOLUTION=640x360\nv0/index.m3u8\n\n#EXT-X-STREAM-INF:BANDWIDTH=2800000,RESOLUTION=1280x720\nv1/index.m3u8\n';
    for (const name of names) {
      const dir = path.join(t.config.dataDir, 'videos', 'hls', name);
      await fs.mkdir(path.join(dir, 'v0'), { recursive: true });
      await fs.writeFile(path.join(dir, 'master.m3u8'), master);
      await fs.writeFile(path.join(dir, 'v0', 'index.m3u8'), '#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXTINF:6.0,\nseg00000.ts\n#EXT-X-ENDLIST\n');
      await fs.writeFile(path.join(dir, 'v0', 'seg00000.ts'), tsPacket(126_000));
    }
    await t.db.update(coursesLessons).set({ videoFile: `hls/${names[0]}` }).where(eq(coursesLessons.id, withSubs!.id));
    await t.db.update(coursesLessons).set({ videoFile: `hls/${names[1]}` }).where(eq(coursesLessons.id, without!.id));
    const del = await t.app.inject({ method: 'DELETE', url: `/api/admin/course_lessons/${without!.id}/subtitles`, headers: manager.headers });
    expect(del.statusCode).toBe(200);

    const lesson = (await showLesson(withSubs!.id, learner)).json().data as LessonDetail;
    const query = lesson.video_url.split('?')[1]!;
    const text = (await get(lesson.video_url)).body;
    expect(text).toContain(
      `#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="中文",LANGUAGE="zh-CN",DEFAULT=YES,AUTOSELECT=YES,URI="subs/zh-CN.m3u8?${query}"`,
    );
    const variants = text.split('\n').filter((l) => l.startsWith('#EXT-X-STREAM-INF:'));
    expect(variants).toHaveLength(2);
    for (const v of variants) expect(v.endsWith(',SUBTITLES="subs"')).toBe(true);
    expect(text).toContain(`v0/index.m3u8?${query}`);

    const base = lesson.video_url.split('master.m3u8')[0]!;
    const playlist = await get(`${base}subs/zh-CN.m3u8?${query}`);
    expect(playlist.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    expect(playlist.body).toContain(`#EXTINF:${withSubs!.duration}.000,\nzh-CN.vtt?${query}\n#EXT-X-ENDLIST`);
    const segment = await get(`${base}subs/zh-CN.vtt?${query}`);
    expect(segment.headers['content-type']).toBe('text/vtt; charset=utf-8');
    expect(segment.body).toMatch(/^WEBVTT\nX-TIMESTAMP-MAP=MPEGTS:126000,LOCAL:00:00:00.000\n/);
    expect(segment.body).toContain('今天是第1讲');
    // The rendition's files need the video's signature.
    expect((await get(`${base}subs/zh-CN.vtt?${withTamperedSignature(query)}`)).statusCode).toBe(404);

    // A lesson without subtitles keeps its master playlist as transcoded.
    const plain = (await showLesson(without!.id, learner)).json().data as LessonDetail;
    const plainText = (await get(plain.video_url)).body;
    expect(plainText).not.toContain('EXT-X-MEDIA');
    expect(plainText).not.toContain('SUBTITLES=');
  });
});
