import type { RouteObject } from 'react-router';
import { pageRoute, underConstruction } from '@/shared/lib/routing';

export const publicRoutes: RouteObject[] = [
  pageRoute({ path: 'linkPage', title: '链接跳转', page: underConstruction }),
  pageRoute({ path: 'studentServe', title: '学员服务', page: underConstruction }),
  pageRoute({ path: 'studentServe/lobbyPage/:id', title: '服务大厅', page: underConstruction }),
  pageRoute({ path: 'publicityPage/:type', title: '专题宣传', page: underConstruction }),
  pageRoute({ path: 'help-center', title: '帮助中心', page: () => import('./pages/help-center-page') }),
  pageRoute({ path: 'newsInformation', title: '新闻资讯', page: underConstruction }),
  pageRoute({ path: 'newsInformation/details', title: '资讯详情', page: underConstruction }),
  pageRoute({ path: 'expertDatabase', title: '智库专家', page: underConstruction }),
  pageRoute({ path: 'caseDatabase', title: '案例库', page: underConstruction }),
  pageRoute({ path: 'caseDatabase/article/:caseId', title: '案例详情', page: underConstruction }),
  pageRoute({ path: 'projectCooperate', title: '项目合作', page: underConstruction }),
  pageRoute({ path: 'aboutus', title: '关于我们', page: underConstruction }),
];

export const centreRoutes: RouteObject[] = [];
