// The bundle check that `npm test` runs after building the site with NODE_ENV=development.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { findDevelopmentBuild, REACT_DEVELOPMENT_MARKERS } from './check-production-bundle.mjs';

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
});
