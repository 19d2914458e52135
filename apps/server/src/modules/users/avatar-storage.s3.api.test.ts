import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStorage, type Storage } from '../../lib/storage';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { PNG } from '../../testing/images';
import { registerUser } from '../auth/auth.test-support';

let t: TestApp;
let storage: Storage;
beforeAll(async () => {
  t = await createTestApp({ storage: 's3' });
  storage = createStorage(t.config);
});
afterAll(() => t.close());

async function upload(token: string) {
  const boundary = '----avatar-s3-boundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`),
    PNG,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/users/avatar',
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, token },
  });
  expect(res.statusCode).toBe(200);
  return (res.json() as { data: { avatar: string } }).data.avatar;
}

const keysOf = async (prefix: string) => {
  const keys: string[] = [];
  for await (const f of storage.list(prefix)) keys.push(f.key);
  return keys;
};

describe('avatars on object storage', () => {
  it('keeps the avatar in the bucket, redirects its URL to a link that gives the WebP, and removes a replaced one', async () => {
    const u = await registerUser(t);
    const first = await upload(u.token);
    expect(first).toMatch(/^\/uploads\/avatars\/[0-9a-f]{32}\.webp$/);
    const base = path.basename(first, '.webp');
    expect((await keysOf('uploads/avatars/')).filter((k) => k.includes(base)).sort()).toEqual(
      [`uploads/avatars/${base}-160.webp`, `uploads/avatars/${base}.webp`].sort(),
    );

    const served = await t.app.inject({ method: 'GET', url: first });
    expect(served.statusCode).toBe(302);
    expect(served.rawPayload.length).toBe(0);
    const file = await fetch(served.headers.location!);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/webp');
    const bytes = Buffer.from(await file.arrayBuffer());
    expect(bytes.subarray(0, 4).toString()).toBe('RIFF');
    expect(bytes.subarray(8, 12).toString()).toBe('WEBP');

    const second = await upload(u.token);
    expect(second).not.toBe(first);
    expect((await keysOf('uploads/avatars/')).filter((k) => k.includes(base))).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: first })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: second })).statusCode).toBe(302);
  });

  it('writes nothing under DATA_DIR', async () => {
    const u = await registerUser(t);
    await upload(u.token);
    await expect(fs.access(path.join(t.config.dataDir, 'uploads'))).rejects.toThrow();
  });
});

describe('pages on object storage', () => {
  it('let images, media and fetches come from the bucket, and nothing else from anywhere new', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    const csp = String(res.headers['content-security-policy']);
    const bucket = new URL(t.config.storage.driver === 's3' ? t.config.storage.endpoint! : '').origin;
    expect(csp).toContain(`img-src 'self' data: blob: ${bucket}`);
    expect(csp).toContain(`media-src 'self' blob: ${bucket}`);
    expect(csp).toContain(`connect-src 'self' ${bucket}`);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(new RegExp(`script-src[^;]*${bucket.replace(/[.:/]/g, '\\$&')}`));
  });
});
