// Test helpers of the course area: lookups of seeded courses and of learning progress.
// Learners with live sessions: createUser from src/testing/test-users.ts.
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { TestApp } from '../../testing/test-app';
import { personalAchieve } from '../users/users.table';
import { learningBufferOf } from '../learning/learning.module-services';
import { courses, coursesLessons } from './courses.table';

export async function courseBySlug(db: Db, slug: string) {
  const [c] = await db.select().from(courses).where(eq(courses.slug, slug));
  if (!c) throw new Error(`no seeded course ${slug}`);
  const lessons = await db
    .select()
    .from(coursesLessons)
    .where(eq(coursesLessons.courseId, c.id))
    .orderBy(coursesLessons.sort);
  return { ...c, lessons };
}

export async function achievementsOf(db: Db, userId: number) {
  const [a] = await db.select().from(personalAchieve).where(eq(personalAchieve.userId, userId));
  return a ?? { totalLearnTime: 0, finishCourseNum: 0 };
}

export async function dailySecondsOf(db: Db, userId: number): Promise<number> {
  const res = (await db.execute(
    sql`SELECT COALESCE(sum(seconds), 0)::int AS s FROM learning_daily_seconds WHERE user_id = ${userId}`,
  )) as unknown as {
    rows: { s: number }[];
  };
  return res.rows[0]?.s ?? 0;
}

export async function flushLearning(t: TestApp): Promise<void> {
  await learningBufferOf(t.db)?.flush();
}

/**
 * The URL (or query) with the first character of its `sig` changed to another one: always a wrong signature (a
 * fixed replacement letter equals the original one time in 64).
 */
export function withTamperedSignature(url: string): string {
  return url.replace(/sig=(.)/, (_, first: string) => `sig=${first === 'A' ? 'B' : 'A'}`);
}
