import type { RouteObject } from 'react-router';
import { pageRoute, underConstruction } from '@/shared/lib/routing';
import { BOTH_ROLES } from '@/shared/config/roles';

export const publicRoutes: RouteObject[] = [pageRoute({ path: 'quiz', title: '在线问答', page: underConstruction })];

export const centreRoutes: RouteObject[] = [
  pageRoute({ path: 'finance-consult', title: '财税咨询', roles: BOTH_ROLES, page: underConstruction }),
  pageRoute({ path: 'quiz', title: '我的提问', page: underConstruction }),
  pageRoute({ path: 'quizInfo', title: '提问详情', page: underConstruction }),
  pageRoute({ path: 'quizQuestion', title: '我要提问', page: underConstruction }),
];
