#!/usr/bin/env node
/**
 * Honest first-load measurement: opens `path` on a running build in a real Chromium (fresh profile, empty cache),
 * waits for network idle, and sums the gzip size (zlib level 9 of the decoded body) of every JS and CSS response
 * the page fetched: entry scripts, modulepreloads and every lazy chunk loaded to show the page.
 *
 *   node apps/web/scripts/measure-first-load.mjs [baseUrl=http://localhost:4173] [path=/] [--json]
 *
 * Programmatic: `import { measureFirstLoad } from './measure-first-load.mjs'` ->
 *   { jsGzipBytes, cssGzipBytes, jsTransferBytes, cssTransferBytes, files: [{ url, type, rawBytes, gzipBytes, transferBytes, encoding }] }
 * transferBytes is what crossed the wire (smaller than gzipBytes when the server sends brotli).
 */
import { gzipSync } from 'node:zlib';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * @param {{ baseUrl: string, path?: string, timeoutMs?: number, viewport?: { width: number, height: number } }} options
 */
export async function measureFirstLoad({ baseUrl, path = '/', timeoutMs = 60_000, viewport = { width: 1366, height: 900 } }) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS, headless: true });
  try {
    const context = await browser.newContext({ viewport, serviceWorkers: 'block' });
    const page = await context.newPage();
    /** @type {Promise<any>[]} */
    const pending = [];
    page.on('response', (response) => {
      const type = response.request().resourceType();
      const url = response.url();
      const isJs = type === 'script' || /\.m?js(\?|$)/.test(new URL(url).pathname);
      const isCss = type === 'stylesheet' || /\.css(\?|$)/.test(new URL(url).pathname);
      if (!isJs && !isCss) return;
      pending.push(
        (async () => {
          const body = await response.body().catch(() => null);
          if (!body) return null;
          const sizes = await response.request().sizes().catch(() => null);
          const headers = await response.allHeaders().catch(() => ({}));
          return {
            url: url.startsWith(baseUrl) ? url.slice(baseUrl.replace(/\/$/, '').length) : url,
            type: isJs ? 'js' : 'css',
            status: response.status(),
            rawBytes: body.length,
            gzipBytes: gzipSync(body, { level: 9 }).length,
            transferBytes: sizes ? sizes.responseBodySize : body.length,
            encoding: headers['content-encoding'] ?? 'identity',
          };
        })(),
      );
    });
    const target = new URL(path, baseUrl).toString();
    await page.goto(target, { waitUntil: 'networkidle', timeout: timeoutMs });
    // A lazy chunk requested right at the idle edge still counts: settle once more.
    await page.waitForLoadState('networkidle', { timeout: timeoutMs });
    const files = (await Promise.all(pending)).filter(Boolean);
    const sum = (kind, key) => files.filter((f) => f.type === kind).reduce((n, f) => n + f[key], 0);
    await context.close();
    return {
      url: target,
      jsGzipBytes: sum('js', 'gzipBytes'),
      cssGzipBytes: sum('css', 'gzipBytes'),
      jsTransferBytes: sum('js', 'transferBytes'),
      cssTransferBytes: sum('css', 'transferBytes'),
      files: files.sort((a, b) => b.gzipBytes - a.gzipBytes),
    };
  } finally {
    await browser.close();
  }
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

async function main() {
  const args = process.argv.slice(2).filter((a) => !a.startsWith('--'));
  const json = process.argv.includes('--json');
  const baseUrl = args[0] ?? 'http://localhost:4173';
  const path = args[1] ?? '/';
  const result = await measureFirstLoad({ baseUrl, path });
  if (json) {
    console.log(JSON.stringify(result, null, 2));
    return;
  }
  for (const f of result.files) {
    console.log(`${String(f.gzipBytes).padStart(8)} gz ${String(f.transferBytes).padStart(8)} wire ${f.encoding.padEnd(8)} ${f.type.padEnd(3)} ${f.url}`);
  }
  console.log(`JS  gzip ${kb(result.jsGzipBytes)} (${result.jsGzipBytes} B), on the wire ${kb(result.jsTransferBytes)}`);
  console.log(`CSS gzip ${kb(result.cssGzipBytes)} (${result.cssGzipBytes} B), on the wire ${kb(result.cssTransferBytes)}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
