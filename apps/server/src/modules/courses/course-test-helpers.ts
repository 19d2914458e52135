// Test helpers of the course area: learners with live sessions, and lookups of seeded courses.
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { TestApp } from '../../testing/test-app';
import { authRepository } from '../auth/auth.repository';
import { generateSessionToken, hashSessionToken } from '../auth/secrets';
import { usersRepository } from '../users/users.repository';
import { personalAchieve } from '../users/users.table';
import { learningBufferOf } from './courses.module-services';
import { courses, coursesLessons } from './courses.table';

let seq = 0;

/** A personal account with a live session; `member` gives a membership ending in 30 days. */
export async function createLearner(t: TestApp, opts: { member?: boolean; nickname?: string } = {}) {
  const now = t.clock.now();
  const phone = `1370${String(process.pid % 1000).padStart(3, '0')}${String(++seq).padStart(4, '0')}`;
  const id = await usersRepository.create(t.db, {
    phone,
    passwordHash: null,
    role: 'personal',
    nickname: opts.nickname ?? null,
    memberEndAt: opts.member ? new Date(now.getTime() + 30 * 86_400_000) : null,
    now,
  });
  if (id === null) throw new Error(`phone ${phone} taken`);
  const token = generateSessionToken();
  await authRepository.insertSession(t.db, {
    userId: id,
    tokenHash: hashSessionToken(token),
    now,
    expiresAt: new Date(now.getTime() + 30 * 86_400_000),
  });
  return { id, phone, token, headers: { token } };
}

export async function courseBySlug(db: Db, slug: string) {
  const [c] = await db.select().from(courses).where(eq(courses.slug, slug));
  if (!c) throw new Error(`no seeded course ${slug}`);
  const lessons = await db.select().from(coursesLessons).where(eq(coursesLessons.courseId, c.id)).orderBy(coursesLessons.sort);
  return { ...c, lessons };
}

export async function achievementsOf(db: Db, userId: number) {
  const [a] = await db.select().from(personalAchieve).where(eq(personalAchieve.userId, userId));
  return a ?? { totalLearnTime: 0, finishCourseNum: 0 };
}

export async function dailySecondsOf(db: Db, userId: number): Promise<number> {
  const res = (await db.execute(sql`SELECT COALESCE(sum(seconds), 0)::int AS s FROM learning_daily_seconds WHERE user_id = ${userId}`)) as unknown as {
    rows: { s: number }[];
  };
  return res.rows[0]?.s ?? 0;
}

export async function flushLearning(t: TestApp): Promise<void> {
  await learningBufferOf(t.db)?.flush();
}
