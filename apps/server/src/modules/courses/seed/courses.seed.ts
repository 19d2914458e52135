import { inArray, sql } from 'drizzle-orm';
import type { DescriptionBlock } from '@app/contracts';
import type { SeedModule } from '../../../db/seed/index';
import type { Tx } from '../../../db/client';
import {
  learningCourseProgress,
  learningDailySeconds,
  learningLessonProgress,
} from '../../learning/learning.table';
import { createLearningRepository } from '../../learning/learning.repository';
import { chinaDay } from '../../../lib/china-time';
import { authRepository } from '../../auth/auth.repository';
import { createPasswordHasher } from '../../auth/password-hasher';
import { usersRepository } from '../../users/users.repository';
import { personalAchieve, users } from '../../users';
import {
  courses,
  coursesCourseTags,
  coursesLessonQuestions,
  coursesLessonSubtitles,
  coursesLessons,
  coursesLikes,
  coursesTags,
  coursesTeachers,
} from '../courses.table';
import { COURSES, DEMO_CLIPS, TAG_TREE, TEACHERS, type SeedCourse } from './catalogue';
import { cuesToVtt, demoCaptionCues } from './demo-captions';

const DAY_MS = 86_400_000;
/** The 课程管理 demo account. */
export const COURSE_MANAGER = { phone: '13800138017', password: 'admin_1234', nickname: '课程运营' };

export const coverUrl = (slug: string) => `/media/art/covers/${slug}.svg`;
export const teacherPhotoUrl = (slug: string) => `/media/art/teachers/${slug}.svg`;

function describe(c: SeedCourse): DescriptionBlock[] {
  const blocks: DescriptionBlock[] = [
    { type: 'heading', text: '课程简介' },
    { type: 'paragraph', text: c.summary },
    { type: 'heading', text: '学习目标' },
    { type: 'list', items: c.goals },
    { type: 'heading', text: '适合人群' },
    { type: 'paragraph', text: c.audience },
  ];
  if (c.lessons.length) {
    blocks.push(
      { type: 'heading', text: '课程大纲' },
      { type: 'list', items: c.lessons.map((l, i) => `第${i + 1}讲 ${l.title}`) },
    );
  }
  return blocks;
}

/** The lessons of a seeded course with their clip (open or restricted by who may watch it, reused in turn) and trial flag. */
export function seedLessons(c: SeedCourse, courseIndex: number) {
  return c.lessons.map((l, i) => {
    const isTrial = i === 0 && c.priceType !== 'free';
    const clips = c.priceType === 'free' || isTrial ? DEMO_CLIPS.open : DEMO_CLIPS.restricted;
    const clip = clips[(courseIndex + i) % clips.length]!;
    return {
      ...l,
      sort: i + 1,
      videoFile: clip.file,
      duration: clip.duration,
      isTrial,
    };
  });
}

/**
 * Demo learners so the ranking and "my courses" are not empty: [phone, nickname, courses fully learned, partly learned].
 * The member demo account (created by the users seed, which keeps its nickname) learns too, so its portrait, credit
 * archive and star figures show real hours.
 */
export const DEMO_LEARNERS: [string, string, number, number][] = [
  ['13800138001', '会员学员', 5, 2],
  ['13900000001', '张会计', 14, 4],
  ['13900000002', '李财务', 11, 5],
  ['13900000003', '王审计', 9, 3],
  ['13900000004', '赵税务', 6, 6],
  ['13900000005', '陈预算', 4, 3],
  ['13900000006', '刘出纳', 2, 2],
];

// Multi-row inserts throughout: a first start seeds in a few dozen statements, not thousands.
async function seedCatalogue(tx: Tx, now: Date) {
  // Tags (two levels), by unique name.
  let sort = 0;
  const tops = TAG_TREE.map((top) => ({ name: top.name, sort: (sort += 100) }));
  await tx.insert(coursesTags).values(tops).onConflictDoNothing();
  const parents = new Map((await tx.select().from(coursesTags)).map((t) => [t.name, t.id]));
  const children = TAG_TREE.flatMap((top, ti) =>
    top.children.map((name, ci) => ({
      name,
      parentId: parents.get(top.name)!,
      sort: (ti + 1) * 100 + ci + 1,
    })),
  );
  await tx.insert(coursesTags).values(children).onConflictDoNothing();
  const tagIds = new Map((await tx.select().from(coursesTags)).map((t) => [t.name, t.id]));

  await tx
    .insert(coursesTeachers)
    .values(
      TEACHERS.map((t) => ({
        slug: t.slug,
        name: t.name,
        title: t.title,
        intro: t.intro,
        photo: teacherPhotoUrl(t.slug),
      })),
    )
    .onConflictDoNothing();
  const teacherIds = new Map((await tx.select().from(coursesTeachers)).map((t) => [t.slug, t.id]));

  const lessonsBySlug = new Map(COURSES.map((c, index) => [c.slug, seedLessons(c, index)]));
  await tx
    .insert(courses)
    .values(
      COURSES.map((c) => {
        const lessons = lessonsBySlug.get(c.slug)!;
        const publishedAt = new Date(now.getTime() - c.ageDays * DAY_MS);
        return {
          slug: c.slug,
          title: c.title,
          cover: coverUrl(c.slug),
          summary: c.summary,
          description: describe(c),
          teacherId: teacherIds.get(c.teacher)!,
          kind: c.outerUrl ? ('outer_link' as const) : ('video' as const),
          outerUrl: c.outerUrl ?? null,
          priceType: c.priceType,
          price: c.priceType === 'paid' ? (c.price ?? 0) : 0,
          lessonCount: lessons.length,
          totalDuration: lessons.reduce((sum, l) => sum + l.duration, 0),
          published: true,
          publishedAt,
          createdAt: publishedAt,
          updatedAt: publishedAt,
        };
      }),
    )
    .onConflictDoNothing();
  const courseIds = new Map(
    (
      await tx
        .select({ id: courses.id, slug: courses.slug })
        .from(courses)
        .where(
          inArray(
            courses.slug,
            COURSES.map((c) => c.slug),
          ),
        )
    ).map((c) => [c.slug!, c.id]),
  );
  await tx
    .insert(coursesCourseTags)
    .values(COURSES.map((c) => ({ courseId: courseIds.get(c.slug)!, tagId: tagIds.get(c.tag)! })))
    .onConflictDoNothing();

  const lessonRows = COURSES.flatMap((c) =>
    lessonsBySlug.get(c.slug)!.map((l) => ({
      courseId: courseIds.get(c.slug)!,
      sort: l.sort,
      title: l.title,
      videoFile: l.videoFile,
      duration: l.duration,
      isTrial: l.isTrial,
    })),
  );
  await tx.insert(coursesLessons).values(lessonRows).onConflictDoNothing();
  const lessonIds = new Map(
    (
      await tx
        .select({ id: coursesLessons.id, courseId: coursesLessons.courseId, sort: coursesLessons.sort })
        .from(coursesLessons)
        .where(inArray(coursesLessons.courseId, [...courseIds.values()]))
    ).map((l) => [`${l.courseId}:${l.sort}`, l.id]),
  );
  const questionRows = COURSES.flatMap((c) =>
    lessonsBySlug.get(c.slug)!.flatMap((l) =>
      l.questions.map((q, qi) => {
        const answer = [...q.answer].sort();
        return {
          lessonId: lessonIds.get(`${courseIds.get(c.slug)}:${l.sort}`)!,
          sort: qi + 1,
          kind: answer.length > 1 ? ('multiple' as const) : ('single' as const),
          stem: q.stem,
          options: q.options.map((text, oi) => ({ key: String.fromCharCode(65 + oi), text })),
          answer,
          explanation: q.explanation,
        };
      }),
    ),
  );
  await tx.insert(coursesLessonQuestions).values(questionRows).onConflictDoNothing();

  // Chinese captions of every demo lesson, timed across its clip; a staff's replacement is kept on a later start.
  const subtitleRows = COURSES.flatMap((c) =>
    lessonsBySlug.get(c.slug)!.map((l, i) => {
      const cues = demoCaptionCues(c, i, l.duration);
      return {
        lessonId: lessonIds.get(`${courseIds.get(c.slug)}:${l.sort}`)!,
        vtt: cuesToVtt(cues),
        cueCount: cues.length,
        sourceName: `第${l.sort}讲 ${l.title}.vtt`,
        updatedAt: now,
      };
    }),
  );
  if (subtitleRows.length) await tx.insert(coursesLessonSubtitles).values(subtitleRows).onConflictDoNothing();
}

/**
 * Demo learners with finished and half-learned courses, their daily learning seconds (over the past weeks, so
 * week/month/all-time rankings differ) and achievements — all consistent with each other as real reports would be.
 */
async function seedLearners(tx: Tx, now: Date) {
  const videoCourses = await tx
    .select({ id: courses.id })
    .from(courses)
    .where(
      inArray(
        courses.slug,
        COURSES.filter((c) => !c.outerUrl).map((c) => c.slug),
      ),
    )
    .orderBy(courses.id);
  const allLessons = await tx
    .select({ id: coursesLessons.id, courseId: coursesLessons.courseId, duration: coursesLessons.duration })
    .from(coursesLessons)
    .where(
      inArray(
        coursesLessons.courseId,
        videoCourses.map((c) => c.id),
      ),
    )
    .orderBy(coursesLessons.courseId, coursesLessons.sort);
  const lessonsOf = (courseId: number) => allLessons.filter((l) => l.courseId === courseId);

  await tx
    .insert(users)
    .values(
      DEMO_LEARNERS.map(([phone, nickname]) => ({
        phone,
        nickname,
        role: 'personal' as const,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .onConflictDoNothing();
  const ids = new Map(
    (
      await tx
        .select({ id: users.id, phone: users.phone })
        .from(users)
        .where(
          inArray(
            users.phone,
            DEMO_LEARNERS.map((d) => d[0]),
          ),
        )
    ).map((u) => [u.phone, u.id]),
  );
  const started = new Set(
    (
      await tx
        .selectDistinct({ userId: learningCourseProgress.userId })
        .from(learningCourseProgress)
        .where(inArray(learningCourseProgress.userId, [...ids.values()]))
    ).map((r) => r.userId),
  );

  const lessonRows: (typeof learningLessonProgress.$inferInsert)[] = [];
  const courseRows: (typeof learningCourseProgress.$inferInsert)[] = [];
  const likeRows: (typeof coursesLikes.$inferInsert)[] = [];
  const daily = new Map<string, { userId: number; day: string; seconds: number }>();
  const achieve: (typeof personalAchieve.$inferInsert)[] = [];
  const learners = new Map<number, number>();
  const likes = new Map<number, number>();

  for (const [li, [phone, , full, partial]] of DEMO_LEARNERS.entries()) {
    const userId = ids.get(phone)!;
    // Already seeded (or a real person learning with this phone): leave their record alone.
    if (started.has(userId)) continue;
    let total = 0;
    let finishedCourses = 0;
    const picks = videoCourses
      .slice(li * 3)
      .concat(videoCourses.slice(0, li * 3))
      .slice(0, full + partial);
    for (const [ci, course] of picks.entries()) {
      const lessons = lessonsOf(course.id);
      const isFull = ci < full;
      const learned = isFull ? lessons : lessons.slice(0, 1 + (ci % Math.max(1, lessons.length - 1)));
      const startedAt = new Date(now.getTime() - (40 - ci * 2 - li) * DAY_MS);
      let seconds = 0;
      for (const [k, l] of learned.entries()) {
        const finishedLesson = isFull || k < learned.length - 1;
        const credited = finishedLesson ? l.duration : Math.floor(l.duration / 2);
        seconds += credited;
        const at = new Date(startedAt.getTime() + k * 3_600_000);
        lessonRows.push({
          userId,
          lessonId: l.id,
          courseId: course.id,
          position: credited,
          maxPosition: credited,
          creditedSeconds: credited,
          state: 'paused',
          lastReportAt: at,
          finishedAt: finishedLesson ? at : null,
          createdAt: at,
        });
      }
      const lastAt = new Date(Math.min(now.getTime(), startedAt.getTime() + learned.length * 3_600_000));
      courseRows.push({
        userId,
        courseId: course.id,
        startedAt,
        lastLearnedAt: lastAt,
        lastLessonId: learned[learned.length - 1]?.id ?? null,
        learnSeconds: seconds,
        finishedLessons: isFull ? lessons.length : Math.max(0, learned.length - 1),
        finishedAt: isFull ? lastAt : null,
      });
      learners.set(course.id, (learners.get(course.id) ?? 0) + 1);
      if (isFull && ci % 2 === 0) {
        // Learners who finished a course often like it: hot scores come from learners and likes.
        likeRows.push({ userId, courseId: course.id, createdAt: lastAt });
        likes.set(course.id, (likes.get(course.id) ?? 0) + 1);
      }
      const day = chinaDay(lastAt);
      const d = daily.get(`${userId}|${day}`);
      if (d) d.seconds += seconds;
      else daily.set(`${userId}|${day}`, { userId, day, seconds });
      total += seconds;
      if (isFull) finishedCourses += 1;
    }
    achieve.push({ userId, totalLearnTime: total, finishCourseNum: finishedCourses });
  }
  if (achieve.length === 0) return;

  await tx.insert(learningLessonProgress).values(lessonRows).onConflictDoNothing();
  await tx.insert(learningCourseProgress).values(courseRows).onConflictDoNothing();
  if (likeRows.length) await tx.insert(coursesLikes).values(likeRows).onConflictDoNothing();
  await tx
    .insert(learningDailySeconds)
    .values([...daily.values()])
    .onConflictDoNothing();
  // The rankings read per-period totals kept by the learning-time flush; days written directly are summed here.
  await createLearningRepository(tx).rebuildPeriodTotals();
  for (const a of achieve) {
    await tx
      .insert(personalAchieve)
      .values(a)
      .onConflictDoUpdate({
        target: personalAchieve.userId,
        set: { totalLearnTime: a.totalLearnTime, finishCourseNum: a.finishCourseNum },
      });
  }
  const counts = [...learners.keys()].map(
    (id) => sql`(${id}::int, ${learners.get(id)!}::int, ${likes.get(id) ?? 0}::int)`,
  );
  await tx.execute(sql`UPDATE courses c SET learner_count = c.learner_count + v.learners, like_count = c.like_count + v.likes
    FROM (VALUES ${sql.join(counts, sql`, `)}) AS v(id, learners, likes) WHERE c.id = v.id`);
}

export const coursesSeed: SeedModule = {
  name: 'courses',
  demo: true,
  async run(tx, { clock }) {
    const now = clock.now();
    await seedCatalogue(tx, now);
    await seedLearners(tx, now);
    // The course manager's demo account (README): authors courses in /admin/courses.
    if (!(await authRepository.findUserByPhone(tx, COURSE_MANAGER.phone)))
      await usersRepository.create(tx, {
        phone: COURSE_MANAGER.phone,
        passwordHash: await createPasswordHasher().hash(COURSE_MANAGER.password),
        role: 'personal',
        nickname: COURSE_MANAGER.nickname,
        staffRoles: ['course_manager'],
        now,
      });
  },
};
