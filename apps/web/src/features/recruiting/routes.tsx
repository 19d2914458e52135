import type { RouteObject } from 'react-router';
import { pageRoute, underConstruction } from '@/shared/lib/routing';
import { BOTH_ROLES } from '@/shared/config/roles';

export const publicRoutes: RouteObject[] = [
  pageRoute({ path: 'jobDetail', title: '招聘求职', page: underConstruction }),
  pageRoute({ path: 'jobDetail/jinfo', title: '职位详情', page: underConstruction }),
  pageRoute({ path: 'filtrate', title: '人才查询', page: underConstruction }),
  pageRoute({ path: 'recommend', title: '人才推荐', page: underConstruction }),
];

export const centreRoutes: RouteObject[] = [
  pageRoute({ path: 'talent-pool', title: '人才库', roles: BOTH_ROLES, page: underConstruction }),
  pageRoute({ path: 'recruitment', title: '我的招聘', page: underConstruction }),
  // Personal accounts see their sent applications, company accounts the received ones (company menu 收到的简历).
  pageRoute({ path: 'applyJob', title: '求职投递', page: underConstruction }),
  pageRoute({ path: 'recruitment/companyEdit', title: '企业信息', page: underConstruction }),
  pageRoute({ path: 'recruitment/postEdit', title: '职位编辑', page: underConstruction }),
  pageRoute({ path: 'recruitment/resumePreview', title: '简历预览', page: underConstruction }),
];
