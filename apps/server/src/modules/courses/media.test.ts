import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createUser } from '../../testing/test-users';
import { courseBySlug, withTamperedSignature } from './course-test-helpers';
import { assetVideosDir, parseRange } from './media';

describe('parseRange', () => {
  it('reads the range forms of RFC 9110', () => {
    expect(parseRange(undefined, 100)).toBeNull();
    expect(parseRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=50-500', 100)).toEqual({ start: 50, end: 99 });
    expect(parseRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=9-3', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=0-1,5-6', 100)).toBeNull();
    expect(parseRange('items=0-1', 100)).toBeNull();
  });
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function lessonVideoUrl() {
  const me = await createUser(t);
  const lesson = (await courseBySlug(t.db, 'accounting-basics')).lessons[0]!;
  const res = await t.app.inject({ method: 'GET', url: `/coursepoolapi/course_pools/tower_show_lesson?id=${lesson.id}`, headers: me.headers });
  return { url: res.json().data.video_url as string, file: lesson.videoFile! };
}

describe('lesson videos', () => {
  it('answers a Range request with 206 and exactly the requested bytes', async () => {
    const { url, file } = await lessonVideoUrl();
    const bytes = readFileSync(path.join(assetVideosDir, file));
    const res = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=100-1099' } });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-type']).toBe('video/mp4');
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers['content-range']).toBe(`bytes 100-1099/${bytes.length}`);
    expect(res.headers['content-length']).toBe('1000');
    expect(res.headers['cache-control']).toContain('max-age');
    expect(Buffer.compare(res.rawPayload, bytes.subarray(100, 1100))).toBe(0);

    const tail = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=-16' } });
    expect(Buffer.compare(tail.rawPayload, bytes.subarray(bytes.length - 16))).toBe(0);
    const whole = await t.app.inject({ method: 'GET', url });
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.length).toBe(bytes.length);
    const bad = await t.app.inject({ method: 'GET', url, headers: { range: `bytes=${bytes.length}-` } });
    expect(bad.statusCode).toBe(416);
    expect(bad.headers['content-range']).toBe(`bytes */${bytes.length}`);
  });

  it('refuses unsigned, tampered, expired and path-traversal URLs', async () => {
    const { url, file } = await lessonVideoUrl();
    expect((await t.app.inject({ method: 'GET', url: `/media/videos/${file}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: withTamperedSignature(url) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: url.replace(file, 'lesson-z.mp4') })).statusCode).toBe(404);
    for (const evil of ['..%2F..%2Fpackage.json', '..%2Fsrc%2Fapp.ts', '%2Fetc%2Fpasswd']) {
      const res = await t.app.inject({ method: 'GET', url: `/media/videos/${evil}?exp=9999999999&sig=x` });
      expect(res.statusCode).not.toBe(200);
      expect(res.statusCode).not.toBe(206);
    }
    t.clock.advance(7 * 3600 * 1000);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });

  it('serves the generated SVG covers and teacher photos', async () => {
    const c = (await t.app.inject({ method: 'GET', url: '/coursepoolapi/course_pools?per=1' })).json().data.list[0];
    const cover = await t.app.inject({ method: 'GET', url: c.cover });
    expect(cover.statusCode).toBe(200);
    expect(cover.headers['content-type']).toContain('image/svg+xml');
    expect(cover.body).toContain('<svg');
    const detail = (await t.app.inject({ method: 'GET', url: `/coursepoolapi/course_pools/tower_show_course?id=${c.id}` })).json().data;
    const photo = await t.app.inject({ method: 'GET', url: detail.teacher.photo });
    expect(photo.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/media/art/covers/nope.svg' })).statusCode).toBe(404);
  });
});
