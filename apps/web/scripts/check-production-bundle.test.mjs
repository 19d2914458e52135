// The bundle check that `npm test` runs after building the site with NODE_ENV=development.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { findDevelopmentBuild, findFirstLoadLibraries, REACT_DEVELOPMENT_MARKERS } from './check-production-bundle.mjs';

const dir = mkdtempSync(path.join(tmpdir(), 'bundle-test-'));
after(() => rmSync(dir, { recursive: true, force: true }));

describe('production bundle check', () => {
  it("finds React's development build by its development-only warnings", () => {
    mkdirSync(path.join(dir, 'dev/assets'), { recursive: true });
    writeFileSync(path.join(dir, 'dev/assets/react-vendor.js'), `console.error('${REACT_DEVELOPMENT_MARKERS[0]}')`);
    writeFileSync(path.join(dir, 'dev/assets/app.css'), REACT_DEVELOPMENT_MARKERS[0]);
    assert.deepEqual(findDevelopmentBuild(path.join(dir, 'dev')), [
      { file: path.join('assets', 'react-vendor.js'), marker: REACT_DEVELOPMENT_MARKERS[0] },
    ]);
  });

  it('passes a bundle without them', () => {
    mkdirSync(path.join(dir, 'prod/assets'), { recursive: true });
    writeFileSync(path.join(dir, 'prod/assets/react-vendor.js'), 'function t(){return 1}');
    assert.deepEqual(findDevelopmentBuild(path.join(dir, 'prod')), []);
  });

  it('finds zod in a script index.html links, and not in a lazy chunk', () => {
    mkdirSync(path.join(dir, 'site/assets'), { recursive: true });
    writeFileSync(
      path.join(dir, 'site/index.html'),
      '<script type="module" crossorigin src="/assets/index.js"></script><link rel="modulepreload" crossorigin href="/assets/ids.js">',
    );
    writeFileSync(path.join(dir, 'site/assets/index.js'), 'import "./ids.js"');
    writeFileSync(path.join(dir, 'site/assets/ids.js'), 'function e(t){return t._zod.def}');
    writeFileSync(path.join(dir, 'site/assets/form.js'), 'function e(t){return t._zod.def}');
    assert.deepEqual(findFirstLoadLibraries(path.join(dir, 'site')), [{ file: 'assets/ids.js', library: 'zod' }]);
    writeFileSync(path.join(dir, 'site/assets/ids.js'), 'function e(t){return t}');
    assert.deepEqual(findFirstLoadLibraries(path.join(dir, 'site')), []);
  });
});
