import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';

/** A built web app as apps/web's build leaves it: text files with .br and .gz siblings (one asset without). */
const INDEX = '<!doctype html><html lang="zh-CN"><head><title>财务管理协会人才培训平台</title></head><body><div id="root"></div></body></html>';
const ASSET = `export const greeting = ${JSON.stringify('欢迎'.repeat(200))};\n`;
const PLAIN_ASSET = 'export const x = 1;\n';

let t: TestApp;
let distDir: string;

async function writeWithSiblings(file: string, text: string): Promise<void> {
  const body = Buffer.from(text);
  await fs.writeFile(file, body);
  await fs.writeFile(`${file}.br`, brotliCompressSync(body));
  await fs.writeFile(`${file}.gz`, gzipSync(body, { level: 9 }));
}

beforeAll(async () => {
  distDir = await fs.mkdtemp(path.join(os.tmpdir(), 'web-dist-'));
  await fs.mkdir(path.join(distDir, 'assets'));
  await writeWithSiblings(path.join(distDir, 'index.html'), INDEX);
  await writeWithSiblings(path.join(distDir, 'assets', 'app-3f2a1c.js'), ASSET);
  await fs.writeFile(path.join(distDir, 'assets', 'tiny-9b8c7d.js'), PLAIN_ASSET);
  t = await createTestApp({ env: { WEB_DIST_DIR: distDir } });
});

afterAll(async () => {
  await t.close();
  await fs.rm(distDir, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('web app: precompressed files', () => {
  it('sends the brotli sibling of an asset to a client that accepts br, with the asset type and long cache', async () => {
    const res = await get('/assets/app-3f2a1c.js', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.rawPayload.length).toBeLessThan(Buffer.byteLength(ASSET));
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(ASSET);
  });

  it('sends gzip to a client that accepts only gzip', async () => {
    const res = await get('/assets/app-3f2a1c.js', 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload).toString()).toBe(ASSET);
  });

  it('sends the plain file (identity) without Accept-Encoding, still varying on it', async () => {
    const res = await get('/assets/app-3f2a1c.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.payload).toBe(ASSET);
  });

  it('falls back to the plain file when an asset has no compressed sibling', async () => {
    const res = await get('/assets/tiny-9b8c7d.js', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.payload).toBe(PLAIN_ASSET);
  });

  it('answers public routes and / with the compressed app shell and their own head, never cached', async () => {
    // The lesson player too: the server may draw its shared frame (entry-server.tsx).
    for (const url of ['/', '/train', '/train/play/1/2']) {
      const res = await get(url, 'br');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      const html = brotliDecompressSync(res.rawPayload).toString();
      expect(html, url).toContain('<div id="root"></div>');
      expect(html, url).toContain('<title>财务管理协会人才培训平台</title>');
      expect(html, url).toContain(`<link rel="canonical" href="http://localhost:3000${url}" />`);
    }
  });

  it('answers login-only routes with index.html as built, never cached', async () => {
    for (const url of ['/center/student', '/admin', '/payment/1']) {
      const res = await get(url, 'br');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toBe(INDEX);
    }
  });

  it('sends every page already in care mode (class on <html>) when the browser has the care_mode cookie', async () => {
    for (const url of ['/', '/train', '/center/student']) {
      const care = await t.app.inject({ method: 'GET', url, headers: { cookie: 'other=x; care_mode=1' } });
      expect(care.statusCode, url).toBe(200);
      expect(care.body, url).toContain('<html lang="zh-CN" class="care-mode">');
      const plain = await t.app.inject({ method: 'GET', url, headers: { cookie: 'care_mode=0' } });
      expect(plain.body, url).toContain('<html lang="zh-CN">');
      expect(plain.body, url).not.toContain('care-mode');
    }
  });

  it('still 404s a missing hashed asset and leaves API JSON uncompressed', async () => {
    expect((await get('/assets/app-old.js', 'br')).statusCode).toBe(404);
    const api = await get('/api/problems', 'br, gzip');
    expect(api.statusCode).toBe(200);
    expect(api.headers['content-encoding']).toBeUndefined();
    expect(api.json()).toMatchObject({ code: 200 });
  });
});
