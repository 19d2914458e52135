import type { RouteObject } from 'react-router';
import { pageRoute } from '@/shared/lib/routing';

/** The news, case and expert screens are drawn without antd (`antd: false`): where a shared link or a search lands. */
export const publicRoutes: RouteObject[] = [
  pageRoute({ path: 'linkPage', title: '链接跳转', page: () => import('./pages/link-page') }),
  pageRoute({ path: 'studentServe', title: '学员服务', page: () => import('./pages/student-serve-page') }),
  pageRoute({
    path: 'studentServe/lobbyPage/:id',
    title: '服务大厅',
    page: () => import('./pages/lobby-page'),
  }),
  pageRoute({ path: 'publicityPage/:type', title: '专题宣传', page: () => import('./pages/publicity-page') }),
  pageRoute({ path: 'help-center', title: '帮助中心', page: () => import('./pages/help-center-page') }),
  pageRoute({
    path: 'newsInformation',
    title: '新闻资讯',
    antd: false,
    page: () => import('./pages/news-list-page'),
  }),
  pageRoute({
    path: 'newsInformation/details',
    title: '资讯详情',
    antd: false,
    page: () => import('./pages/news-detail-page'),
  }),
  pageRoute({
    path: 'expertDatabase',
    title: '智库专家',
    antd: false,
    page: () => import('./pages/expert-list-page'),
  }),
  pageRoute({
    path: 'expertDatabase/:expertId',
    title: '专家主页',
    antd: false,
    page: () => import('./pages/expert-page'),
  }),
  pageRoute({
    path: 'caseDatabase',
    title: '案例库',
    antd: false,
    page: () => import('./pages/case-list-page'),
  }),
  pageRoute({
    path: 'caseDatabase/article/:caseId',
    title: '案例详情',
    antd: false,
    page: () => import('./pages/case-detail-page'),
  }),
  pageRoute({ path: 'learnBase', title: '学习基地', page: () => import('./pages/learn-base-page') }),
  pageRoute({
    path: 'projectCooperate',
    title: '项目合作',
    page: () => import('./pages/project-cooperate-page'),
  }),
  pageRoute({ path: 'aboutus', title: '关于我们', page: () => import('./pages/about-page') }),
];

export const centreRoutes: RouteObject[] = [];

/** Staff screens under /admin (app/router/admin-routes.ts): the content editor's work. */
export const adminRoutes: RouteObject[] = [
  pageRoute({
    path: 'content-articles',
    permission: 'content',
    title: '新闻与案例',
    page: () => import('./pages/admin-articles-page'),
  }),
  pageRoute({
    path: 'content-pages',
    permission: 'content',
    title: '专家与栏目页',
    page: () => import('./pages/admin-pages-page'),
  }),
  pageRoute({
    path: 'content-leads',
    permission: 'content',
    title: '合作线索',
    page: () => import('./pages/admin-leads-page'),
  }),
];
