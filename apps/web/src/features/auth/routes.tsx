import type { RouteObject } from 'react-router';
import { pageRoute } from '@/shared/lib/routing';
import { BOTH_ROLES } from '@/shared/config/roles';
import { loginModeOf } from './lib/login-mode';

/** Auth screens. /login is wrapped by the guest guard in app/router (a logged-in user goes to /). */
export const publicRoutes: RouteObject[] = [
  // The login mode is plain (a visitor's first screen); registration and recovery use antd forms.
  pageRoute({
    path: 'login',
    title: '登录',
    antd: false,
    antdWhen: (search) => loginModeOf(search.get('mode')) !== 'login',
    page: () => import('./pages/login-page'),
  }),
];

export const centreRoutes: RouteObject[] = [
  // SPEC §2 lists setting as personal-only, but DECISIONS.md 2 gives company accounts an 账号设置 entry too;
  // a menu entry that bounces its own user would be broken, so both roles may open it.
  // 个人信息 (?tab=profile) and 账号设置 (?tab=account) share the screen with the password and phone forms.
  pageRoute({
    path: 'setting',
    title: '账号设置',
    roles: BOTH_ROLES,
    page: () => import('./pages/setting-page'),
  }),
];
