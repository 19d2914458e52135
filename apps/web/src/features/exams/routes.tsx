import type { RouteObject } from 'react-router';
import { pageRoute, underConstruction } from '@/shared/lib/routing';

export const publicRoutes: RouteObject[] = [
  // SPEC §2: the exam notice page is titled with the exam platform's name.
  pageRoute({ path: 'examNotice/:typeName', title: '考试认证平台', page: underConstruction }),
];

export const centreRoutes: RouteObject[] = [
  pageRoute({ path: 'examination', title: '在线考试', page: underConstruction }),
];
