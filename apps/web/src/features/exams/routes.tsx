import type { RouteObject } from 'react-router';
import { pageRoute } from '@/shared/lib/routing';

export const publicRoutes: RouteObject[] = [
  // SPEC §2: the exam notice page is titled with the exam platform's name.
  // The notice with the 修订提示 of the standards the exam teaches, composed in app/ (two features).
  pageRoute({ path: 'examNotice/:typeName', title: '考试认证平台', antd: false, page: () => import('@/app/pages/exams/exam-notice-page') }),
  // The paper: login only, outside the centre so the questions have the whole width.
  pageRoute({ path: 'exam/:attemptId', title: '在线考试', auth: true, page: () => import('./pages/exam-page') }),
  // Public certificate check (the QR code on every certificate points here).
  pageRoute({ path: 'certificate/:number', title: '证书查验', page: () => import('./pages/certificate-check-page') }),
];

export const centreRoutes: RouteObject[] = [
  pageRoute({ path: 'examination', title: '在线考试', page: () => import('./pages/examination-page') }),
];

/** Staff screens under /admin (app/router/admin-routes.ts). */
export const adminRoutes: RouteObject[] = [
  pageRoute({ path: 'exam-types', permission: 'exams', title: '考试项目与公告', page: () => import('./pages/admin-types-page') }),
  pageRoute({ path: 'exam-questions', permission: 'exams', title: '考试题库', page: () => import('./pages/admin-questions-page') }),
  pageRoute({ path: 'exam-papers', permission: 'exams', title: '试卷管理', page: () => import('./pages/admin-papers-page') }),
  pageRoute({ path: 'exam-sessions', permission: 'exams', title: '考试场次', page: () => import('./pages/admin-sessions-page') }),
  pageRoute({ path: 'exam-grading', permission: 'grading', title: '阅卷', page: () => import('./pages/admin-grading-page') }),
  pageRoute({ path: 'exam-certificates', permission: 'exams', title: '证书管理', page: () => import('./pages/admin-certificates-page') }),
];
