import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { liveClasses } from '../../live/live.table';
import { courses, coursesLessons } from '../courses.table';
import { createTestApp, type TestApp } from '../../../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('never gives a lesson anyone may watch the same video file as a lesson behind membership or purchase', async () => {
  const rows = await t.db
    .select({ file: coursesLessons.videoFile, trial: coursesLessons.isTrial, priceType: courses.priceType })
    .from(coursesLessons)
    .innerJoin(courses, eq(courses.id, coursesLessons.courseId));
  const open = new Set(rows.filter((r) => r.file && (r.priceType === 'free' || r.trial)).map((r) => r.file));
  const restricted = new Set(rows.filter((r) => r.file && r.priceType !== 'free' && !r.trial).map((r) => r.file));
  expect(open.size).toBeGreaterThan(0);
  expect(restricted.size).toBeGreaterThan(0);
  expect([...open].filter((f) => restricted.has(f))).toEqual([]);

  const replays = await t.db.select({ recording: liveClasses.recording, access: liveClasses.access }).from(liveClasses);
  const memberReplays = replays.filter((r) => r.recording && r.access === 'member_free').map((r) => r.recording);
  expect(memberReplays.length).toBeGreaterThan(0);
  expect(memberReplays.filter((f) => open.has(f))).toEqual([]);
});
