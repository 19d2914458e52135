/**
 * Endpoint paths used by learning screens. The ranking sits on home (first load), where the zod-carrying
 * descriptor modules must not be imported; learning-paths.test.ts keeps these equal to the contracts.
 */
export const LEARNING_PATHS = {
  homePageRank: '/api/home_page_rank',
  watchCreate: '/coursepoolapi/course_pools/watch_create',
  lessonPresence: '/api/lesson_presence',
  myCourses: '/api/my_courses',
  showLesson: '/coursepoolapi/course_pools/tower_show_lesson',
  showCourse: '/coursepoolapi/course_pools/tower_show_course',
  answerQuestion: '/coursepoolapi/course_pools/answer_lesson_question',
  notes: '/api/notes',
  noteLike: '/api/notes/like',
} as const;
