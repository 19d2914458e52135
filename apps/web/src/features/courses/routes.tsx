import type { RouteObject } from 'react-router';
import { pageRoute } from '@/shared/lib/routing';
import { BOTH_ROLES } from '@/shared/config/roles';

export const publicRoutes: RouteObject[] = [
  // The course list and search are drawn without antd (a visitor's first screens).
  pageRoute({ path: 'train', title: '课程中心', antd: false, page: () => import('./pages/train-page') }),
  // The course page combines courses and comments, so it lives in app/ (ARCHITECTURE convention 9).
  pageRoute({ path: 'train/detail/:courseId', title: '课程详情', antd: false, page: () => import('@/app/pages/learning/course-detail-page') }),
  pageRoute({ path: 'train/outerlink/:courseId', title: '外部课程', page: () => import('./pages/outer-link-page') }),
  // ?courseName= is the header search text.
  pageRoute({ path: 'courseSearch', title: '课程搜索', antd: false, page: () => import('./pages/course-search-page') }),
];

export const centreRoutes: RouteObject[] = [
  // 学习中 / 已完成 (learning) and 我的收藏 (courses): composed in app/.
  pageRoute({ path: 'lesson', title: '我的课程', roles: BOTH_ROLES, page: () => import('@/app/pages/learning/my-lessons-page') }),
];

/** Staff screens (permission `courses`: 内容编辑, 课程管理). */
export const adminRoutes: RouteObject[] = [
  pageRoute({ path: 'courses', permission: 'courses', title: '课程管理', page: () => import('./pages/admin-courses-page') }),
  pageRoute({ path: 'courses/new', permission: 'courses', menu: false, title: '新建课程', page: () => import('./pages/admin-course-editor-page') }),
  pageRoute({ path: 'courses/:courseId', permission: 'courses', menu: false, title: '编辑课程', page: () => import('./pages/admin-course-editor-page') }),
  pageRoute({ path: 'course-tags', permission: 'courses', title: '课程标签与讲师', page: () => import('./pages/admin-course-tags-page') }),
];
