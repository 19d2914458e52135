// Shares the browser tests out between the shards of `npm test` by their measured durations, so the shards end
// together. Playwright's own --shard splits by test count, and one phone-walk test takes as long as forty small ones.
//
// A unit of work is a whole spec file, or, for a file whose tests run in parallel mode (each stands alone), one test
// line of it (`file:line`, which also takes the tests a loop makes on that line). Units go, longest first, to the
// shard with the least work so far (longest-processing-time scheduling). A test with no measured duration counts as
// the median of the known ones.
import { readFileSync } from 'node:fs';

/**
 * The tests `playwright test --list --reporter=json` reports: file (relative to the test dir), line, and the title
 * path (describe titles and the test title) that keys its duration.
 * @returns {{ file: string, line: number, key: string }[]}
 */
export function listedTests(listJson) {
  /** @type {{ file: string, line: number, key: string }[]} */
  const out = [];
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      out.push({ file: spec.file, line: spec.line, key: testKey(spec.file, [...titles, spec.title]) });
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  // The top suites are the files: their title is the file name, not part of the test's title path.
  for (const file of listJson.suites ?? []) walk(file, []);
  return out;
}

/** The durations table's key of a test. */
export function testKey(file, titles) {
  return `${file} › ${titles.filter(Boolean).join(' › ')}`;
}

/**
 * @param {{ file: string, line: number, key: string }[]} tests
 * @param {Record<string, number>} durations seconds by test key
 * @param {number} shards
 * @param {(file: string) => boolean} splittable whether a file's tests may go to different shards
 * @returns {{ args: string[], seconds: number }[]} per shard: the CLI filters (files or file:line) and its estimate
 */
export function planShards(tests, durations, shards, splittable) {
  const known = Object.values(durations).filter((s) => s > 0).sort((a, b) => a - b);
  const fallback = known.length ? known[Math.floor(known.length / 2)] : 10;
  /** @type {Map<string, number>} */
  const units = new Map();
  for (const t of tests) {
    const unit = splittable(t.file) ? `${t.file}:${t.line}` : t.file;
    units.set(unit, (units.get(unit) ?? 0) + (durations[t.key] ?? fallback));
  }
  const plan = Array.from({ length: shards }, () => ({ args: /** @type {string[]} */ ([]), seconds: 0 }));
  const ordered = [...units].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  for (const [unit, seconds] of ordered) {
    const least = plan.reduce((min, s) => (s.seconds < min.seconds ? s : min), plan[0]);
    least.args.push(unit);
    least.seconds += seconds;
  }
  for (const s of plan) s.args.sort();
  return plan;
}

/**
 * The Playwright CLI filter of a unit: the file's path ending as a regular expression (a bare `centre.spec.ts` would
 * also match `phone-centre.spec.ts`), with its `:line` when it is one test line.
 */
export function cliFilter(unit) {
  const [, file, line] = /^(.*?)(?::(\d+))?$/.exec(unit);
  const re = `/${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`;
  return line ? `${re}:${line}` : re;
}

/** Whether a spec file runs its tests in parallel mode (so its tests may be shared out one by one). */
export function runsInParallelMode(file) {
  return /test\.describe\.configure\(\s*\{\s*mode:\s*'parallel'/.test(readFileSync(file, 'utf8'));
}

/**
 * The durations table updated with a run's Playwright JSON report: each test's time (its last attempt's duration, a
 * retry's first failure is not the test's usual time) replaces the old one.
 * @param {Record<string, number>} durations
 */
export function withMeasuredDurations(durations, reportJson) {
  const next = { ...durations };
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        const last = (t.results ?? []).at(-1);
        if (last && typeof last.duration === 'number' && last.status !== 'skipped') {
          next[testKey(spec.file, [...titles, spec.title])] = Math.round(last.duration / 100) / 10;
        }
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  for (const file of reportJson?.suites ?? []) walk(file, []);
  return next;
}
