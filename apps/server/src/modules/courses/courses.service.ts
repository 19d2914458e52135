import {
  courseMessages,
  type CourseDetail,
  type CourseMine,
  type CourseCard,
  type CoursePage,
  type CoursePoolPage,
  type CoursePriceType,
  courseListMaxOffsetPage,
  coursePoolQuerySchema,
  type FavoritePage,
  type FavoriteResult,
  type LessonProgress,
  type OuterVisitResult,
  memberCoursesQuerySchema,
  type PageQuery,
  type SupportResult,
  type TowerTagNode,
} from '@app/contracts';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { createTtlCache } from '../../lib/ttl-cache';
import type { Clock } from '../../lib/clock';
import { pageWindow, toPaged } from '../../lib/pagination';
import type { CourseKey, CoursesRepository } from './courses.repository';
import { decodeCursor, encodeCursor, listFingerprint, type CourseListFilters } from './course-cursor';

type CourseQueryOut = z.output<typeof coursePoolQuerySchema>;
type MemberQueryOut = z.output<typeof memberCoursesQuerySchema>;

export interface AccessCourse {
  id: number;
  priceType: 'free' | 'member' | 'paid';
}

/** A viewer's progress through one course, as the course page shows it. */
export interface ViewerCourseProgress {
  started: boolean;
  finished: boolean;
  lastLessonId: number | null;
  /** Progress of the lessons the viewer has opened, by lesson id. */
  lessons: Map<number, LessonProgress>;
}

/**
 * What the course page needs of the learning area, declared here and implemented by learning (the app wires it),
 * so that courses never depends on learning: learning depends on courses' catalogue, not the other way round.
 */
export interface CourseProgressSource {
  progressOf(
    userId: number,
    courseId: number,
    /** The course's lesson durations (seconds by lesson id), for percentages; a promise so both load together. */
    lessonDurations: Promise<Map<number, number>>,
  ): Promise<ViewerCourseProgress>;
}

/**
 * Catalogue lists are the same for every visitor and change rarely, so each process keeps them for a few seconds:
 * counters (likes, learners) on list pages may lag by up to LIST_CACHE_MS; course pages and writes never do.
 */
export const LIST_CACHE_MS = 5_000;
/** How long a filter's course count is reused by the pages reached by cursor (their "共 N 门课程"). */
export const TOTAL_CACHE_MS = 60_000;

export function createCoursesService(deps: { coursesRepo: CoursesRepository; clock: Clock }) {
  const { coursesRepo: repo, clock } = deps;
  const cached = createTtlCache({ ttlMs: LIST_CACHE_MS });

  /** Free courses: everyone logged in; member courses: a live membership; paid: a grant (bought or given). */
  function accessFrom(priceType: CoursePriceType, facts: { memberEndAt: Date | null; granted: boolean }) {
    if (priceType === 'free') return true;
    if (priceType === 'member') return facts.memberEndAt !== null && facts.memberEndAt > clock.now();
    return facts.granted;
  }

  async function hasAccess(userId: number, course: AccessCourse): Promise<boolean> {
    if (course.priceType === 'free') return true;
    return accessFrom(course.priceType, await repo.accessFacts(userId, course.id));
  }

  return {
    hasAccess,

    /**
     * A lesson as its player opens it for `userId`, in one statement, with `access`: the lesson is a trial or the
     * course is open to the user (hasAccess's rule). Undefined for an unknown lesson or an unpublished course.
     */
    async lessonPage(userId: number, lessonId: number) {
      const found = await repo.lessonPage(lessonId, userId);
      if (!found) return undefined;
      const { facts, ...page } = found;
      return { ...page, access: found.lesson.isTrial || accessFrom(found.course.priceType, facts) };
    },

    tagList(): Promise<TowerTagNode[]> {
      return cached('tags', async () => {
        const rows = await repo.tagTree();
        const top = rows.filter((r) => r.parent_id === null);
        return top.map((t) => ({
          id: t.id,
          name: t.name,
          course_count: t.course_count,
          children: rows
            .filter((c) => c.parent_id === t.id)
            .map((c) => ({ id: c.id, name: c.name, course_count: c.course_count })),
        }));
      });
    },

    /**
     * The course list. Pages up to COURSE_LIST_MAX_OFFSET rows deep by number (OFFSET, exact total in the same
     * statement); any page by the `cursor` of its neighbour (keyset over the list's index, the filter's total
     * cached for TOTAL_CACHE_MS). Every page carries the cursors of the pages after and before it.
     */
    list(q: CourseQueryOut): Promise<CoursePoolPage> {
      return cached(
        `list:${JSON.stringify([q.tag, q.keyword, q.price_type, q.newhot, q.page, q.per, q.cursor])}`,
        async () => {
          const filters: CourseListFilters = {
            tag: q.tag,
            keyword: q.keyword || undefined,
            priceType: q.price_type,
            sort: q.newhot,
            per: q.per,
          };
          const f = { ...filters, limit: q.per };
          const withCursors = (
            list: CourseCard[],
            keys: CourseKey[],
            total: number,
            page: number,
            more: boolean,
          ) => ({
            list,
            total,
            page,
            per: q.per,
            next_cursor:
              more && keys.length > 0
                ? encodeCursor(filters, 'next', keys[keys.length - 1]!, page + 1)
                : null,
            prev_cursor:
              page > 1 && keys.length > 0 ? encodeCursor(filters, 'prev', keys[0]!, page - 1) : null,
          });
          if (q.cursor) {
            const c = decodeCursor(q.cursor, filters);
            const [rows, total] = await Promise.all([
              // One row more than a page going forward tells whether another page follows.
              repo.pageFrom({ ...f, limit: c.dir === 'next' ? q.per + 1 : q.per }, c.dir, c.key),
              cached(`total:${listFingerprint(filters)}`, () => repo.count(f), TOTAL_CACHE_MS),
            ]);
            const more = c.dir === 'prev' || rows.list.length > q.per;
            return withCursors(rows.list.slice(0, q.per), rows.keys.slice(0, q.per), total, c.page, more);
          }
          const maxPage = courseListMaxOffsetPage(q.per);
          if (q.page > maxPage) {
            const message = courseMessages.pageTooDeep(maxPage);
            throw AppError.badRequest(message, { page: message });
          }
          const { limit, offset } = pageWindow(q);
          const { list, total, keys } = await repo.page({ ...f, limit, offset });
          return withCursors(list, keys, total, q.page, offset + list.length < total);
        },
      );
    },

    async memberCourses(q: MemberQueryOut): Promise<CoursePage> {
      const { limit, offset } = pageWindow(q);
      const { list, total } = await repo.page({
        tag: q.tag,
        priceType: 'member',
        sort: 'newest',
        limit,
        offset,
      });
      return toPaged(list, total, q);
    },

    async detail(
      id: number,
      viewerId: number | null,
      progressSource: CourseProgressSource,
    ): Promise<CourseDetail> {
      // Two statements at once: the page with the viewer's facts (one statement, see coursePage), and the learning
      // area's progress, which waits for the lessons' durations only to compute percentages.
      const page = repo.coursePage(id, viewerId);
      const [found, viewer] = await Promise.all([
        page,
        viewerId === null
          ? null
          : progressSource.progressOf(
              viewerId,
              id,
              page.then((p) => new Map((p?.lessons ?? []).map((l) => [l.id, l.duration]))),
            ),
      ]);
      if (!found) throw AppError.notFound(courseMessages.courseNotFound);
      const { card, teacher, lessons } = found;
      const facts = found.viewer;
      let mine: CourseMine | null = null;
      let access = false;
      let progress = new Map<number, LessonProgress>();
      if (viewerId !== null && viewer) {
        access = accessFrom(card.price_type, facts);
        progress = viewer.lessons;
        mine = {
          liked: facts.liked,
          favorited: facts.favorited,
          has_access: access,
          started: viewer.started,
          finished: viewer.finished,
          finished_lessons: [...progress.values()].filter((p) => p.finished).length,
          last_lesson_id: viewer.lastLessonId,
        };
      }
      return {
        ...card,
        description: found.description,
        teacher,
        outer_url: card.kind === 'outer_link' ? found.outerUrl : null,
        lessons: lessons.map((l) => ({
          id: l.id,
          title: l.title,
          sort: l.sort,
          duration: l.duration,
          is_trial: l.isTrial,
          question_count: l.questionCount,
          can_watch: viewerId === null ? l.isTrial || card.price_type === 'free' : l.isTrial || access,
          progress: progress.get(l.id) ?? null,
        })),
        mine,
      };
    },

    /** Records a visit of an outer-link course (userId null for visitors) and answers where to go. */
    async outerVisit(courseId: number, userId: number | null): Promise<OuterVisitResult> {
      const found = await repo.publishedCourse(courseId);
      if (!found) throw AppError.notFound(courseMessages.courseNotFound);
      const { course } = found;
      if (course.kind !== 'outer_link' || !course.outerUrl) {
        throw AppError.badRequest(courseMessages.notOuterLink, { course_id: courseMessages.notOuterLink });
      }
      const learnerCount = await repo.recordOuterVisit(course.id, userId, clock.now());
      return { course_id: course.id, outer_url: course.outerUrl, learner_count: learnerCount };
    },

    async support(userId: number, courseId: number, value: boolean | undefined): Promise<SupportResult> {
      const r = await mark('like', userId, courseId, value);
      return { liked: r.on, like_count: r.count };
    },

    async favorite(userId: number, courseId: number, value: boolean | undefined): Promise<FavoriteResult> {
      const r = await mark('favorite', userId, courseId, value);
      return { favorited: r.on, favorite_count: r.count };
    },

    async favoriteList(userId: number, q: PageQuery): Promise<FavoritePage> {
      const { limit, offset } = pageWindow(q);
      const { list, total } = await repo.favoritePage(userId, limit, offset);
      return toPaged(list, total, q);
    },
  };

  async function mark(
    kind: 'like' | 'favorite',
    userId: number,
    courseId: number,
    value: boolean | undefined,
  ) {
    const found = await repo.publishedCourse(courseId);
    if (!found) throw AppError.notFound(courseMessages.courseNotFound);
    const row = await repo.setMark(kind, userId, courseId, value, clock.now());
    if (!row) throw AppError.notFound(courseMessages.courseNotFound);
    let on: boolean;
    if (value !== undefined) on = value;
    else if (row.inserted > 0) on = true;
    else if (row.deleted > 0) on = false;
    else on = await repo.hasMark(kind, userId, courseId);
    return { on, count: row.count };
  }
}

export type CoursesService = ReturnType<typeof createCoursesService>;
/** A lesson as its player opens it (CourseAccess.lessonPage). */
export type LessonPage = NonNullable<Awaited<ReturnType<CoursesService['lessonPage']>>>;
