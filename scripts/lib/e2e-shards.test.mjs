import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cliFilter, listedTests, planShards, withMeasuredDurations } from './e2e-shards.mjs';

const list = {
  suites: [
    {
      title: 'walk.spec.ts',
      file: 'walk.spec.ts',
      specs: [],
      suites: [
        {
          title: 'phone walk',
          specs: [
            { title: 'visitor', file: 'walk.spec.ts', line: 10 },
            { title: 'member', file: 'walk.spec.ts', line: 20 },
          ],
        },
      ],
    },
    { title: 'centre.spec.ts', file: 'centre.spec.ts', specs: [{ title: 'menu', file: 'centre.spec.ts', line: 5 }, { title: 'logout', file: 'centre.spec.ts', line: 9 }] },
    { title: 'phone-centre.spec.ts', file: 'phone-centre.spec.ts', specs: [{ title: 'fits', file: 'phone-centre.spec.ts', line: 3 }] },
  ],
};

test('a test is keyed by its file and title path, without the file suite', () => {
  assert.deepEqual(
    listedTests(list).map((t) => t.key),
    ['walk.spec.ts › phone walk › visitor', 'walk.spec.ts › phone walk › member', 'centre.spec.ts › menu', 'centre.spec.ts › logout', 'phone-centre.spec.ts › fits'],
  );
});

test('shards are balanced by duration, a parallel-mode file shared out by test line, other files kept whole', () => {
  const durations = {
    'walk.spec.ts › phone walk › visitor': 100,
    'walk.spec.ts › phone walk › member': 90,
    'centre.spec.ts › menu': 30,
    'centre.spec.ts › logout': 20,
    'phone-centre.spec.ts › fits': 40,
  };
  const plan = planShards(listedTests(list), durations, 2, (file) => file === 'walk.spec.ts');
  assert.deepEqual(plan, [
    { args: ['phone-centre.spec.ts', 'walk.spec.ts:10'], seconds: 140 },
    { args: ['centre.spec.ts', 'walk.spec.ts:20'], seconds: 140 },
  ]);
});

test('a test without a recorded duration counts as the median of the known ones', () => {
  const plan = planShards(listedTests(list), { 'walk.spec.ts › phone walk › visitor': 100, 'centre.spec.ts › menu': 10, 'centre.spec.ts › logout': 30 }, 1, () => false);
  // walk: 100 + median(30) for member; centre: 40; phone-centre: 30.
  assert.equal(plan[0].seconds, 200);
});

test('a file filter matches only that file, and keeps its line', () => {
  // Playwright reads the whole argument as a regular expression, leading slash included.
  const file = new RegExp(cliFilter('centre.spec.ts'));
  assert.ok(file.test('/repo/apps/web/e2e/centre.spec.ts'));
  assert.ok(!file.test('/repo/apps/web/e2e/phone-centre.spec.ts'));
  assert.equal(cliFilter('walk.spec.ts:20'), '/walk\\.spec\\.ts$:20');
});

test("a run's report replaces a test's recorded duration with its last attempt", () => {
  const report = {
    suites: [{ title: 'centre.spec.ts', specs: [{ title: 'menu', file: 'centre.spec.ts', tests: [{ results: [{ duration: 30_000, status: 'failed' }, { duration: 4_260, status: 'passed' }] }] }] }],
  };
  assert.deepEqual(withMeasuredDurations({ 'centre.spec.ts › menu': 9, 'x.spec.ts › y': 1 }, report), { 'centre.spec.ts › menu': 4.3, 'x.spec.ts › y': 1 });
});
