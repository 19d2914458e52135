// Lighthouse (mobile defaults, as lighthouse.bench.mjs) over the lesson player /train/play/{courseId}/{lessonId},
// signed in: the demo learner logs in through the API, the session token is put where the site reads it
// (localStorage `verify`), and Lighthouse keeps the storage (disableStorageReset) but starts every run with an empty
// HTTP cache. Budgets: LCP <= 2.5 s, CLS <= 0.1 (the phone work's acceptance); TBT and accessibility are reported
// against the public pages' budgets. The baseline is /not-found/underConstruction of the same build, as in lighthouse.bench.mjs.
//
//   node bench/lighthouse-player.bench.mjs [--runs 3] [--data-dir DIR]      (from the root, after `npm run build`)
//
// --data-dir runs on a copy of a data directory the platform has already prepared (PGlite with the demo data), for a
// machine too busy to migrate and seed a new one within the start-up timeout.
import { cpSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import nodePath from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import puppeteer from 'puppeteer-core';
import { BUDGETS, CHROMIUM, FLAGS, measure } from './lighthouse.bench.mjs';
import { assertBuilt, machine, preparedDataDir, round, startPlatform, stop, writeResult } from './lib.mjs';

const LEARNER = { phone: '13800138000', password: 'demo_1234' };
export const PLAYER_BUDGETS = { lcp_ms: BUDGETS.lcp_ms, cls: BUDGETS.cls };

async function envelope(res) {
  const body = await res.json();
  if (body.code !== 200) throw new Error(`${res.url} answered ${body.code}: ${body.message}`);
  return body.data;
}

/** The first lesson of the first free course of the demo catalogue that has lessons: one every learner may play. */
async function freeLessonPath(base) {
  const list = await envelope(await fetch(`${base}/coursepoolapi/course_pools?page=1&per=50`));
  for (const c of list.list) {
    const course = await envelope(await fetch(`${base}/coursepoolapi/course_pools/tower_show_course?id=${c.id}`));
    if (course.price_type === 'free' && course.lessons.length > 0) return `/train/play/${course.id}/${course.lessons[0].id}`;
  }
  throw new Error('no free course with lessons in the demo data');
}

async function login(base) {
  const res = await fetch(`${base}/api/users/account_login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(LEARNER),
  });
  return (await envelope(res)).token;
}

export async function run({ runs = 3, dataFrom } = {}) {
  assertBuilt();
  let dataDir;
  if (dataFrom) {
    dataDir = mkdtempSync(nodePath.join(os.tmpdir(), 'bench-data-'));
    cpSync(dataFrom, dataDir, { recursive: true });
  } else dataDir = await preparedDataDir();
  const platform = await startPlatform(dataDir);
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: FLAGS });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
  try {
    const path = await freeLessonPath(platform.url);
    const token = await login(platform.url);
    const page = await browser.newPage();
    // Any page of the site's origin, to write its storage.
    await page.goto(`${platform.url}/not-found`);
    // (Expressions, not functions: this file is linted as Node code.)
    await page.evaluate(`localStorage.setItem('verify', ${JSON.stringify(token)})`);
    const cdp = await page.createCDPSession();
    const signedIn = {
      page,
      // Storage stays (the session), the HTTP cache goes: every run loads the player as a first visit would.
      beforeRun: async () => {
        await cdp.send('Network.clearBrowserCache');
        await page.goto('about:blank');
      },
    };

    const rows = [];
    const base = await measure(chrome, `${platform.url}/not-found/underConstruction`, runs);
    rows.push({ page: 'baseline: /not-found/underConstruction (signed out)', path: '/not-found/underConstruction', ...base });
    const m = await measure(chrome, `${platform.url}${path}`, runs, signedIn);
    // The page measured must be the player, not the login page a lost session would redirect to.
    const player = { page: 'lesson player (signed in)', path, ...m };
    rows.push(player);
    const verify = await page.evaluate(`localStorage.getItem('verify')`);
    if (verify !== token) throw new Error('the session was lost during the runs');
    if (page.url().includes('/login')) throw new Error(`the player redirected to ${page.url()}`);
    for (const r of rows) {
      r.lcp_vs_baseline = round(r.lcp_ms / Math.max(1, base.lcp_ms), 2);
      r.within_player_budget = r.lcp_ms <= PLAYER_BUDGETS.lcp_ms && r.cls <= PLAYER_BUDGETS.cls;
      console.log(
        `[lighthouse-player] ${r.page} ${r.path}: LCP ${r.lcp_ms} ms, CLS ${r.cls}, TBT ${r.tbt_ms} ms, perf ${r.performance}, a11y ${r.accessibility}, LCP element ${r.lcp_element}`,
      );
    }
    return {
      method: `Lighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, mobile defaults (simulated throttling: 150 ms RTT, 1.6 Mbps, 4x CPU slowdown), Debian Chromium headless, median of ${runs} runs by LCP; signed in as the demo learner (localStorage verify kept, HTTP cache cleared before each run); the platform on PGlite with demo data, NODE_ENV=production`,
      machine: machine(),
      budgets: PLAYER_BUDGETS,
      pages: rows,
    };
  } finally {
    await browser.disconnect();
    await chrome.kill();
    await stop(platform.proc);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const arg = (name) => {
    const i = process.argv.indexOf(name);
    return i > 0 ? process.argv[i + 1] : undefined;
  };
  const result = await run({ runs: Number(arg('--runs') ?? 3), dataFrom: arg('--data-dir') });
  console.log(`[lighthouse-player] wrote ${writeResult('lighthouse-player', result)}`);
}
