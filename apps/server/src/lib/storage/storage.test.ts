import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { loadConfig } from '../../config/config';
import { AppError } from '../app-error';
import { s3TestEnv } from '../../testing/s3-test-server';
import {
  createStorage,
  MULTIPART_MIN_PART_BYTES,
  sendStoredObject,
  storageOrigins,
  StorageChecksumError,
  StorageConflictError,
  type Storage,
} from './index';

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

async function readAll(stream: NodeJS.ReadableStream | null): Promise<string> {
  if (!stream) return '<none>';
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.from(c as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}

describe.each(['local', 's3'] as const)('storage on the %s driver', (driver) => {
  let dataDir: string;
  let storage: Storage;
  let env: Record<string, string>;

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'storage-test-'));
    env = driver === 's3' ? s3TestEnv(inject('s3Endpoint')) : {};
    storage = createStorage(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, ...env }));
  });
  afterAll(() => fs.rm(dataDir, { recursive: true, force: true }));

  it('keeps a file and reads it back whole, by byte range, and by size', async () => {
    await storage.put('uploads/notes/a.txt', '会计继续教育 2026', { contentType: 'text/plain; charset=utf-8' });
    expect((await storage.read('uploads/notes/a.txt'))?.toString('utf8')).toBe('会计继续教育 2026');
    // "会计" is 6 bytes in UTF-8.
    expect(await readAll(await storage.stream('uploads/notes/a.txt', { start: 0, end: 5 }))).toBe('会计');
    const info = await storage.stat('uploads/notes/a.txt');
    expect(info?.size).toBe(Buffer.byteLength('会计继续教育 2026'));
    expect(info?.mtime).toBeInstanceOf(Date);
  });

  it('answers null for a file it does not hold, and deletes without error twice', async () => {
    expect(await storage.read('uploads/notes/none.txt')).toBeNull();
    expect(await storage.stream('uploads/notes/none.txt')).toBeNull();
    expect(await storage.stat('uploads/notes/none.txt')).toBeNull();
    await storage.put('uploads/notes/gone.txt', 'x', { contentType: 'text/plain' });
    await storage.delete('uploads/notes/gone.txt');
    await storage.delete('uploads/notes/gone.txt');
    expect(await storage.stat('uploads/notes/gone.txt')).toBeNull();
  });

  it('refuses to overwrite a file when asked to write only a new one', async () => {
    await storage.put('uploads/notes/once.txt', 'first', { contentType: 'text/plain', ifAbsent: true });
    await expect(storage.put('uploads/notes/once.txt', 'second', { contentType: 'text/plain', ifAbsent: true })).rejects.toBeInstanceOf(
      StorageConflictError,
    );
    expect((await storage.read('uploads/notes/once.txt'))?.toString()).toBe('first');
  });

  it('refuses keys that could leave the storage root', async () => {
    for (const bad of ['../etc/passwd', 'uploads/../../x', '/abs', 'a//b', '.hidden/x', 'a\\b', '']) {
      await expect(storage.put(bad, 'x', { contentType: 'text/plain' })).rejects.toThrow(/invalid storage key/);
    }
  });

  it('lists files under a prefix in key order and deletes a whole prefix', async () => {
    for (const name of ['seg2.ts', 'seg1.ts', 'index.m3u8']) {
      await storage.put(`videos/hls/abc/v0/${name}`, name, { contentType: 'application/octet-stream' });
    }
    await storage.put('videos/hls/abd/master.m3u8', 'other', { contentType: 'application/vnd.apple.mpegurl' });
    const listed = [];
    for await (const o of storage.list('videos/hls/abc/')) listed.push(o);
    expect(listed.map((o) => o.key)).toEqual(['videos/hls/abc/v0/index.m3u8', 'videos/hls/abc/v0/seg1.ts', 'videos/hls/abc/v0/seg2.ts']);
    expect(listed[1]!.size).toBe(7);
    await storage.deletePrefix('videos/hls/abc/');
    const after = [];
    for await (const o of storage.list('videos/hls/')) after.push(o.key);
    expect(after).toEqual(['videos/hls/abd/master.m3u8']);
    await expect(storage.deletePrefix('')).rejects.toThrow();
  });

  it('copies a stored file to a local path and stores a local file', async () => {
    const src = path.join(dataDir, 'local-src.bin');
    const bytes = randomBytes(300_000);
    await fs.writeFile(src, bytes);
    await storage.putFile('videos/src/clip.bin', src, { contentType: 'application/octet-stream' });
    const dest = path.join(dataDir, 'work', 'copy.bin');
    await fs.mkdir(path.dirname(dest), { recursive: true });
    expect(await storage.download('videos/src/clip.bin', dest)).toBe(true);
    expect(sha(await fs.readFile(dest))).toBe(sha(bytes));
    expect(await storage.download('videos/src/none.bin', dest)).toBe(false);
  });

  it('joins a multipart upload resumed in a new process, and refuses a damaged part', async () => {
    const part1 = randomBytes(MULTIPART_MIN_PART_BYTES);
    const part2 = randomBytes(1234);
    const key = 'uploads/course-videos/77.mp4';
    const uploadId = await storage.multipart.create(key, 'video/mp4');
    const p1 = await storage.multipart.uploadPart(key, uploadId, 1, part1, sha(part1));
    // The upload continues on another process (or after a restart) with only the id and the parts' ETags.
    const resumed = createStorage(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, ...env }));
    const damaged = Buffer.from(part2);
    damaged[0] = damaged[0]! ^ 0xff;
    await expect(resumed.multipart.uploadPart(key, uploadId, 2, damaged, sha(part2))).rejects.toBeInstanceOf(StorageChecksumError);
    const p2 = await resumed.multipart.uploadPart(key, uploadId, 2, part2, sha(part2));
    await resumed.multipart.complete(key, uploadId, [p2, p1]);
    const whole = await storage.read(key);
    expect(whole?.length).toBe(part1.length + part2.length);
    expect(sha(whole!)).toBe(sha(Buffer.concat([part1, part2])));
  });

  // s3rver does not implement AbortMultipartUpload (docs/decisions.md); on a real bucket the same call is S3's own.
  it.runIf(driver === 'local')('abandons a multipart upload without leaving a file', async () => {
    const key = 'uploads/course-videos/78.mp4';
    const uploadId = await storage.multipart.create(key, 'video/mp4');
    const part = randomBytes(1000);
    await storage.multipart.uploadPart(key, uploadId, 1, part, sha(part));
    await storage.multipart.abort(key, uploadId);
    expect(await storage.stat(key)).toBeNull();
  });

  describe('answering a stored file', () => {
    const app = Fastify();
    beforeAll(async () => {
      await storage.put('uploads/docs/scan.pdf', '%PDF-1.4 scan of a licence', { contentType: 'application/pdf' });
      app.setErrorHandler((err: Error & { code?: number }, _req, reply) => reply.code(typeof err.code === 'number' ? err.code : 500).send({ message: err.message }));
      app.get('/file/:name', (request, reply) =>
        sendStoredObject(request, reply, storage, `uploads/docs/${(request.params as { name: string }).name}`, {
          contentType: 'application/pdf',
          access: 'private',
          ttlS: 60,
          notFound: new AppError(404, '文件不存在'),
          disposition: 'attachment; filename="scan.pdf"',
        }),
      );
      await app.ready();
    });
    afterAll(() => app.close());

    it('answers a missing file with the route’s not-found error', async () => {
      const res = await app.inject({ url: '/file/none.pdf' });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('文件不存在');
    });

    it(
      driver === 'local' ? 'streams the bytes itself, with Range and never cached' : 'redirects to a signed link that reads the file from storage',
      async () => {
        const res = await app.inject({ url: '/file/scan.pdf', headers: { range: 'bytes=0-7' } });
        if (driver === 'local') {
          expect(res.statusCode).toBe(206);
          expect(res.body).toBe('%PDF-1.4');
          expect(res.headers['cache-control']).toBe('private, no-store');
          expect(res.headers['content-disposition']).toBe('attachment; filename="scan.pdf"');
          expect(res.headers['x-content-type-options']).toBe('nosniff');
        } else {
          expect(res.statusCode).toBe(302);
          const file = await fetch(res.headers.location!, { headers: { range: 'bytes=0-7' } });
          expect(file.status).toBe(206);
          expect(await file.text()).toBe('%PDF-1.4');
          expect(file.headers.get('content-type')).toBe('application/pdf');
          expect(file.headers.get('content-disposition')).toBe('attachment; filename="scan.pdf"');
        }
      },
    );
  });

  if (driver === 's3') {
    it('gives the web client the link in an envelope when it asks for one, so its session token never goes to the bucket', async () => {
      const app = Fastify();
      await storage.put('uploads/docs/evidence.pdf', '%PDF-1.4 evidence', { contentType: 'application/pdf' });
      app.get('/file', (request, reply) =>
        sendStoredObject(request, reply, storage, 'uploads/docs/evidence.pdf', {
          contentType: 'application/pdf',
          access: 'private',
          ttlS: 60,
          notFound: new AppError(404, '文件不存在'),
        }),
      );
      const res = await app.inject({ url: '/file', headers: { 'x-file-link': '1' } });
      await app.close();
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-file-link']).toBe('1');
      expect(res.headers['cache-control']).toBe('private, no-store');
      const file = await fetch(res.json().data.url);
      expect(await file.text()).toBe('%PDF-1.4 evidence');
    });

    it('signs read links that work before expiry, and fail when tampered with or expired', async () => {
      await storage.put('uploads/docs/full-issue.pdf', '%PDF-1.7 full issue', { contentType: 'application/pdf' });
      const url = (await storage.signedReadUrl('uploads/docs/full-issue.pdf', { expiresInS: 1 }))!;
      expect((await fetch(url)).status).toBe(200);
      const tampered = url.replace('full-issue.pdf', 'full-issuf.pdf');
      expect((await fetch(tampered)).status).toBe(403);
      const badSig = url.replace(/X-Amz-Signature=([0-9a-f])/, (_m, c: string) => `X-Amz-Signature=${c === '0' ? '1' : '0'}`);
      expect((await fetch(badSig)).status).toBe(403);
      await new Promise((resolve) => setTimeout(resolve, 2_100));
      expect((await fetch(url)).status).toBe(403);
    });

    it('signs a direct upload that stores the file', async () => {
      const upload = (await storage.signedUpload('uploads/docs/direct.txt', { expiresInS: 60, contentType: 'text/plain' }))!;
      const put = await fetch(upload.url, { method: upload.method, headers: upload.headers, body: '直传' });
      expect(put.status).toBe(200);
      expect((await storage.read('uploads/docs/direct.txt'))?.toString()).toBe('直传');
    });
  } else {
    it('gives no links of its own: the app answers every file', async () => {
      expect(await storage.signedReadUrl('uploads/notes/a.txt', { expiresInS: 60 })).toBeNull();
      expect(await storage.signedUpload('uploads/notes/a.txt', { expiresInS: 60, contentType: 'text/plain' })).toBeNull();
      expect(storage.publicUrl('uploads/notes/a.txt')).toBeNull();
    });
  }
});

describe('storage configuration', () => {
  const s3 = (env: Record<string, string>) =>
    loadConfig({ NODE_ENV: 'test', STORAGE_DRIVER: 's3', S3_BUCKET: 'cfma-training', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's', ...env }).storage;

  it('names the origins pages read stored files from, for the page security policy', () => {
    expect(storageOrigins(loadConfig({ NODE_ENV: 'test' }).storage)).toEqual([]);
    expect(storageOrigins(s3({ S3_ENDPOINT: 'https://oss-cn-hangzhou.aliyuncs.com', S3_REGION: 'oss-cn-hangzhou' }))).toEqual([
      'https://cfma-training.oss-cn-hangzhou.aliyuncs.com',
    ]);
    expect(storageOrigins(s3({ S3_ENDPOINT: 'http://10.0.0.5:9000', S3_FORCE_PATH_STYLE: 'true', STORAGE_PUBLIC_BASE_URL: 'https://cdn.example.cn/files' }))).toEqual([
      'http://10.0.0.5:9000',
      'https://cdn.example.cn',
    ]);
    expect(storageOrigins(s3({ S3_REGION: 'cn-north-1' }))).toEqual(['https://cfma-training.s3.cn-north-1.amazonaws.com']);
  });

  it('requires the bucket and keys for the S3 driver', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', STORAGE_DRIVER: 's3' })).toThrow(/S3_BUCKET.*S3_ACCESS_KEY_ID.*S3_SECRET_ACCESS_KEY/s);
  });

  it('never prints the secret key when it is malformed', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', STORAGE_DRIVER: 's3', S3_BUCKET: 'Bad_Bucket', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 'topsecret' })).toThrow(
      /S3_BUCKET/,
    );
  });

  it('links public files through the CDN base URL with the bucket prefix', () => {
    const storage = createStorage(
      loadConfig({
        NODE_ENV: 'test',
        STORAGE_DRIVER: 's3',
        S3_BUCKET: 'cfma-training',
        S3_ACCESS_KEY_ID: 'k',
        S3_SECRET_ACCESS_KEY: 's',
        S3_PREFIX: 'site/',
        STORAGE_PUBLIC_BASE_URL: 'https://cdn.example.cn/',
      }),
    );
    expect(storage.publicUrl('uploads/avatars/ab.webp')).toBe('https://cdn.example.cn/site/uploads/avatars/ab.webp');
  });
});
