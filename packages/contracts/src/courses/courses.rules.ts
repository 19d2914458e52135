/** Limits and Chinese messages of the course pool (SPEC §7 course calls). */

/** How a course is delivered: lessons with videos on this site, or a link to another site. */
export const COURSE_KINDS = ['video', 'outer_link'] as const;
export type CourseKind = (typeof COURSE_KINDS)[number];

/** Who may watch: everyone logged in, members, or buyers of the course. */
export const COURSE_PRICE_TYPES = ['free', 'member', 'paid'] as const;
export type CoursePriceType = (typeof COURSE_PRICE_TYPES)[number];

export const COURSE_PRICE_TYPE_LABELS: Record<CoursePriceType, string> = {
  free: '免费',
  member: '会员专享',
  paid: '付费',
};

/** List order: `hotest` by hot score (learners and likes), `newest` by publication time (SPEC §7 `newhot`). */
export const COURSE_SORTS = ['hotest', 'newest'] as const;
export type CourseSort = (typeof COURSE_SORTS)[number];

export const LESSON_QUESTION_KINDS = ['single', 'multiple'] as const;
export type LessonQuestionKind = (typeof LESSON_QUESTION_KINDS)[number];

export const LESSON_QUESTION_KIND_LABELS: Record<LessonQuestionKind, string> = {
  single: '单选题',
  multiple: '多选题',
};

export const COURSE_KEYWORD_MAX = 50;

/**
 * The course list reaches rows by page number (OFFSET) only up to this many rows before the page; deeper pages
 * are reached with the `cursor` of a neighbouring page (keyset pagination, docs/decisions.md). At 16 a page that is
 * page 63; at 10 a page, page 101.
 */
export const COURSE_LIST_MAX_OFFSET = 1_000;
/** The last page a list of `per` courses a page reaches by number alone. */
export const courseListMaxOffsetPage = (per: number) => Math.floor(COURSE_LIST_MAX_OFFSET / per) + 1;
export const COURSE_CURSOR_MAX = 200;

/**
 * Hot score = learners × 2 + likes × 3 + favourites. Computed by the database (generated column); the formula is
 * here only so the site can explain it.
 */
export const HOT_SCORE_WEIGHTS = { learners: 2, likes: 3, favorites: 1 } as const;

export const courseMessages = {
  courseNotFound: '课程不存在或已下架',
  cursorInvalid: '翻页参数已失效，请从第一页重新浏览',
  pageTooDeep: (maxPage: number) => `按页码最多翻到第${maxPage}页，更多课程请用“下一页”继续浏览`,
  lessonNotFound: '课时不存在',
  questionNotFound: '题目不存在',
  keywordTooLong: `搜索关键词不能超过${COURSE_KEYWORD_MAX}个字`,
  courseIdRequired: '请指定课程',
  lessonIdRequired: '请指定课时',
  outerLinkHasNoLessons: '该课程为外部链接课程，请前往外部页面学习',
  notOuterLink: '该课程不是外部链接课程',
  answerRequired: '请选择答案',
  singleChoiceOneAnswer: '单选题只能选择一个答案',
  invalidOption: '选项不存在',
  liked: '点赞成功',
  unliked: '已取消点赞',
  favorited: '收藏成功',
  unfavorited: '已取消收藏',
} as const;
