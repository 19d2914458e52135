/**
 * Endpoint paths of the course pool. Written out rather than read from `coursesRoutes`, because the descriptor
 * module pulls zod, and home (first load) shows hot courses and tags. course-paths.test.ts keeps them equal.
 */
export const COURSE_PATHS = {
  towerTagList: '/coursepoolapi/course_pools/tower_tag_list',
  list: '/coursepoolapi/course_pools',
  showCourse: '/coursepoolapi/course_pools/tower_show_course',
  support: '/coursepoolapi/course_pools/support',
  favorite: '/coursepoolapi/course_pools/favorite',
  favoriteList: '/coursepoolapi/course_pools/favorite_list',
  outerVisit: '/coursepoolapi/course_pools/outer_visit',
} as const;
