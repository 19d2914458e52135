// The server-side renderer hook of the web plugin, with a stand-in renderer module in dist-ssr/ (the real one is
// built from apps/web and exercised by the browser suite): markup and head land in the page, the renderer's API
// calls are answered in-process, renders are cached per host and URL, and a failing render falls back to the shell.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';
import { ssrEntryOf } from './web-ssr';

const INDEX = '<!doctype html><html lang="zh-CN"><head><meta name="description" content="平台简介" /><title>站点</title></head><body><div id="root"></div></body></html>';

const ENTRY = `
let fetchApi;
let renders = 0;
export function installServerFetch(f) { fetchApi = f; }
export async function render({ url, host }) {
  renders += 1;
  if (url.startsWith('/boom')) throw new Error('render failed');
  if (url.startsWith('/no-such-page')) return { head: '', body: '<main>页面不存在</main>', routeTitle: '页面不存在', status: 404 };
  const problems = await fetchApi({ method: 'GET', url: '/api/problems' });
  return {
    head: '<style data-test>.x{}</style>',
    body: '<main>' + url + ' @ ' + host + ' #' + renders + ' problems:' + problems.status + ':' + problems.body.code + '</main>',
    routeTitle: '课程中心',
  };
}
`;

let t: TestApp;
let root: string;

beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'web-ssr-'));
  const dist = path.join(root, 'dist');
  await fs.mkdir(dist);
  await fs.writeFile(path.join(dist, 'index.html'), INDEX);
  const entry = ssrEntryOf(dist);
  await fs.mkdir(path.dirname(entry));
  await fs.writeFile(entry, ENTRY);
  t = await createTestApp({ env: { WEB_DIST_DIR: dist } });
});
afterAll(async () => {
  await t.close();
  await fs.rm(root, { recursive: true, force: true });
});

const get = (url: string, host = 'localhost') => t.app.inject({ method: 'GET', url, headers: { host } });

describe('server-side rendered public pages', () => {
  it("puts the renderer's markup into the root element and its head into the head, titled by the route", async () => {
    const res = await get('/train?page=2');
    expect(res.statusCode).toBe(200);
    expect(res.payload).toContain('<div id="root"><main>/train?page=2 @ localhost #1 problems:200:200</main></div>');
    expect(res.payload).toContain('<style data-test>.x{}</style>');
    expect(res.payload).toContain('<title>财务管理协会人才培训平台 - 课程中心</title>');
    expect(res.payload).toContain('<meta name="description" content="平台简介" />');
  });

  it('reuses a render for the same host and URL, and renders again for another host', async () => {
    expect((await get('/train?page=2')).payload).toContain('#1 ');
    expect((await get('/train?page=2', 'henan.localhost')).payload).toContain('@ henan.localhost #2 ');
  });

  it('sends the plain shell when the render fails', async () => {
    const res = await get('/boom');
    expect(res.statusCode).toBe(200);
    expect(res.payload).toContain('<div id="root"></div>');
  });

  it('answers 404 with the not-found screen when the renderer finds no page for the address', async () => {
    const res = await get('/no-such-page/at/all');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.payload).toContain('<div id="root"><main>页面不存在</main></div>');
  });

  it('never renders pages behind a login on the server', async () => {
    expect((await get('/center/student')).payload).toBe(INDEX);
  });
});
