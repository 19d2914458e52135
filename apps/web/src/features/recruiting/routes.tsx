import type { RouteObject } from 'react-router';
import { pageRoute } from '@/shared/lib/routing';
import { BOTH_ROLES } from '@/shared/config/roles';

export const publicRoutes: RouteObject[] = [
  pageRoute({ path: 'jobDetail', title: '招聘求职', page: () => import('./pages/job-board-page') }),
  pageRoute({ path: 'jobDetail/jinfo', title: '职位详情', antd: false, page: () => import('./pages/job-info-page') }),
  // Company accounts query; everyone else is told why they cannot (DECISIONS 13).
  pageRoute({ path: 'filtrate', title: '人才查询', page: () => import('./pages/filtrate-page') }),
  pageRoute({ path: 'recommend', title: '人才推荐', page: () => import('./pages/recommend-page') }),
];

export const centreRoutes: RouteObject[] = [
  pageRoute({
    path: 'talent-pool',
    title: '人才库',
    roles: BOTH_ROLES,
    page: () => import('./pages/talent-pool-page'),
  }),
  pageRoute({ path: 'recruitment', title: '我的招聘', page: () => import('./pages/recruitment-page') }),
  // Personal accounts see their sent applications, company accounts the received ones (company menu 收到的简历).
  pageRoute({ path: 'applyJob', title: '我的求职', roleTitles: { company: '收到的简历' }, page: () => import('./pages/apply-job-page') }),
  pageRoute({
    path: 'recruitment/companyEdit',
    title: '企业信息',
    page: () => import('./pages/company-edit-page'),
  }),
  pageRoute({
    path: 'recruitment/postEdit',
    title: '职位编辑',
    page: () => import('./pages/post-edit-page'),
  }),
  pageRoute({
    path: 'recruitment/resumePreview',
    title: '简历预览',
    page: () => import('./pages/resume-preview-page'),
  }),
];

/** Staff screens under /admin (app/router/admin-routes.ts). */
export const adminRoutes: RouteObject[] = [
  pageRoute({ path: 'companies', title: '企业认证审核', permission: 'companies', page: () => import('./pages/admin-companies-page') }),
  pageRoute({ path: 'job-posts', title: '职位审核', permission: 'job_posts', page: () => import('./pages/admin-posts-page') }),
];
