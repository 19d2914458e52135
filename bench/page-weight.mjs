// (b) First-load JS and CSS of `/` in KB after gzip, against the 200 KB budget and Open edX's reference.
//
// Two figures: the static one parses apps/web/dist/index.html (entry script, modulepreloads, stylesheets);
// the loaded one opens `/` in Chromium on the built server and adds up every same-origin script and
// stylesheet the page fetched until the network was idle (it includes the home route's lazy chunk).
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { preparedDataDir, round, startPlatform, stop, webDist, writeResult } from './lib.mjs';

export const BUDGET_KB = 200;
/** Reference: first-load JS+CSS (gzip) of an Open edX learner page, about 1,380 KB; the project's comparison point. */
export const OPEN_EDX_KB = 1380;
const CHROMIUM = '/usr/bin/chromium';

const kb = (bytes) => round(bytes / 1024, 1);
const gz = (buf) => gzipSync(buf).length;

export function staticFirstLoad() {
  const html = readFileSync(path.join(webDist, 'index.html'), 'utf8');
  const files = new Map();
  for (const tag of html.match(/<(script|link)\b[^>]*>/g) ?? []) {
    const src = /\b(?:src|href)="([^"]+)"/.exec(tag)?.[1];
    if (!src || /^(https?:)?\/\//.test(src)) continue;
    let kind = null;
    if (tag.startsWith('<script') && /type="module"/.test(tag)) kind = 'js';
    else if (/rel="modulepreload"/.test(tag)) kind = 'js';
    else if (/rel="stylesheet"/.test(tag)) kind = 'css';
    if (kind) files.set(src, kind);
  }
  let js = 0;
  let css = 0;
  const list = [];
  for (const [src, kind] of files) {
    const buf = readFileSync(path.join(webDist, src.replace(/^\//, '')));
    const size = gz(buf);
    if (kind === 'js') js += size;
    else css += size;
    list.push({ file: src, kind, raw_kb: kb(buf.length), gzip_kb: kb(size) });
  }
  return { js_kb: kb(js), css_kb: kb(css), total_kb: kb(js + css), files: list };
}

async function loadedFirstLoad() {
  const { chromium } = await import('playwright-core');
  const dataDir = await preparedDataDir();
  const platform = await startPlatform(dataDir);
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  try {
    const page = await browser.newPage();
    const seen = [];
    page.on('response', (res) => {
      const type = res.request().resourceType();
      if ((type === 'script' || type === 'stylesheet') && res.url().startsWith(platform.url)) seen.push(res);
    });
    await page.goto(platform.url + '/', { waitUntil: 'networkidle' });
    let js = 0;
    let css = 0;
    const list = [];
    for (const res of seen) {
      const size = gz(await res.body());
      const kind = res.request().resourceType() === 'script' ? 'js' : 'css';
      if (kind === 'js') js += size;
      else css += size;
      list.push({ file: new URL(res.url()).pathname, kind, gzip_kb: kb(size) });
    }
    return { js_kb: kb(js), css_kb: kb(css), total_kb: kb(js + css), files: list };
  } finally {
    await browser.close();
    await stop(platform.proc);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function run() {
  const fromHtml = staticFirstLoad();
  const loaded = await loadedFirstLoad();
  return {
    method:
      'gzip (zlib default level) of each file. index.html: entry script + modulepreload + stylesheet links of apps/web/dist/index.html. loaded: every same-origin script and stylesheet Chromium fetched for `/` until network idle',
    budget_kb: BUDGET_KB,
    open_edx_kb: OPEN_EDX_KB,
    index_html: { ...fromHtml, ratio_to_budget: round(fromHtml.total_kb / BUDGET_KB), ratio_to_open_edx: round(fromHtml.total_kb / OPEN_EDX_KB) },
    loaded: { ...loaded, ratio_to_budget: round(loaded.total_kb / BUDGET_KB), ratio_to_open_edx: round(loaded.total_kb / OPEN_EDX_KB) },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await run();
  console.log(JSON.stringify(result, null, 2));
  writeResult('page-weight', result);
}
