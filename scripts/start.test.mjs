// `npm start` builds only what is missing or out of date (scripts/start.mjs).
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { builds, isStale, newestMtime } from './start.mjs';

const dir = mkdtempSync(path.join(tmpdir(), 'start-test-'));
after(() => rmSync(dir, { recursive: true, force: true }));

/** Writes a file with the given modification time (seconds since the epoch). */
function file(name, mtime) {
  const p = path.join(dir, name);
  mkdirSync(path.dirname(p), { recursive: true });
  writeFileSync(p, name);
  utimesSync(p, mtime, mtime);
  return p;
}

describe('npm start decides what to build', () => {
  it('builds when the output is missing', () => {
    const src = file('a/src/main.ts', 1000);
    assert.equal(isStale(path.join(dir, 'a/dist/index.html'), [path.join(dir, 'a/src')]), true);
    assert.equal(newestMtime([src]), 1000 * 1000);
  });

  it('skips the build when every source is older than the output, and rebuilds after a source changes', () => {
    file('b/src/main.ts', 1000);
    file('b/src/deep/page.tsx', 1500);
    const out = file('b/dist/index.html', 2000);
    const sources = [path.join(dir, 'b/src')];
    assert.equal(isStale(out, sources), false);
    file('b/src/deep/page.tsx', 2500);
    assert.equal(isStale(out, sources), true);
  });

  it('ignores node_modules and dist inside a source folder, and source paths that do not exist', () => {
    const out = file('c/out.js', 2000);
    file('c/src/main.ts', 1000);
    file('c/src/node_modules/x/index.js', 9000);
    file('c/src/dist/old.js', 9000);
    assert.equal(isStale(out, [path.join(dir, 'c/src'), path.join(dir, 'c/missing')]), false);
  });

  it('rebuilds when one of several outputs is missing or older than a source', () => {
    file('d/src/main.ts', 1000);
    const site = file('d/dist/index.html', 2000);
    const sources = [path.join(dir, 'd/src')];
    assert.equal(isStale([site, path.join(dir, 'd/dist-ssr/entry.js')], sources), true);
    const ssr = file('d/dist-ssr/entry.js', 900);
    assert.equal(isStale([site, ssr], sources), true);
    file('d/dist-ssr/entry.js', 2100);
    assert.equal(isStale([site, ssr], sources), false);
  });

  it('watches the web and the server builds, each with the shared contracts and the lock file', () => {
    assert.deepEqual(builds.map((b) => b.name), ['web', 'server']);
    for (const b of builds) {
      assert.ok(b.sources.some((s) => s.endsWith(path.join('contracts', 'src'))), b.name);
      assert.ok(b.sources.some((s) => s.endsWith('package-lock.json')), b.name);
    }
  });
});
