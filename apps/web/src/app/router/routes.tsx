import { Navigate, type RouteObject } from 'react-router';
import * as auth from '@/features/auth/routes';
import * as content from '@/features/content/routes';
import * as courses from '@/features/courses/routes';
import * as exams from '@/features/exams/routes';
import * as learning from '@/features/learning/routes';
import * as live from '@/features/live/routes';
import * as magazine from '@/features/magazine/routes';
import * as members from '@/features/members/routes';
import * as messages from '@/features/messages/routes';
import * as qa from '@/features/qa/routes';
import * as recruiting from '@/features/recruiting/routes';
import * as regions from '@/features/regions/routes';
import * as credits from '@/features/credits/routes';
import * as talent from '@/features/talent/routes';
import * as tools from '@/features/tools/routes';
import * as training from '@/features/training/routes';
import * as users from '@/features/users/routes';
import { LAZY_SCREEN_TIMEOUT_MS } from '@app/contracts/common/constants';
import { LAZY_SCREEN_FAILED, lazyPage, pageRoute, underConstruction, withTimeout, type RouteHandle } from '@/shared/lib/routing';
import { notifier } from '@/shared/lib/notifier';
import { PageSpin } from '@/shared/ui/page-spin';
import RouteErrorPage from '@/shared/ui/route-error-page';
import { GuestOnly } from '../guards/guest-only';
import { RequireAuth } from '../guards/require-auth';
import { loadAntdScope } from '../antd-loader';
import { ROLE_FALLBACK_PATH } from '../guards/role-fallback';
import { RootLayout } from '../layouts/root-layout';
import { ShellLayout } from '../layouts/shell/shell-layout';
import { adminChildren } from './admin-routes';

/** Every feature contributes public routes (inside the shell) and centre routes (under /center). */
const features = [auth, users, courses, learning, messages, members, talent, recruiting, exams, qa, content, regions, credits, training, tools, magazine, live];

const handleOf = (r: RouteObject) => r.handle as RouteHandle | undefined;
const featurePublic = features.flatMap((f) => f.publicRoutes);
const loginRoutes = featurePublic.filter((r) => r.path === 'login');
const openRoutes = featurePublic.filter((r) => r.path !== 'login' && !handleOf(r)?.auth);
const authRoutes = featurePublic.filter((r) => r.path !== 'login' && handleOf(r)?.auth);
const centreChildren = features.flatMap((f) => f.centreRoutes);

export const centreRoute: RouteObject = {
  path: 'center',
  handle: { title: '个人中心', auth: true } satisfies RouteHandle,
  lazy: lazyPage(() => import('../layouts/centre/centre-layout')),
  children: [{ index: true, element: <Navigate to={ROLE_FALLBACK_PATH} replace /> }, ...centreChildren],
};

/**
 * /admin/*: staff screens (StaffGuard inside the layout). /admin is the dashboard (the staff feature's index route);
 * the layout sends roles without 数据概览 to the first screen they may use.
 */
export const adminRoute: RouteObject = {
  path: 'admin',
  handle: { title: '管理后台', auth: true } satisfies RouteHandle,
  lazy: lazyPage(() => import('../layouts/admin/admin-layout')),
  children: adminChildren,
};

/** Loads antd's scope within the lazy-screen timeout; a failure raises the generic notice and the route's error. */
async function ensureAntdScope(): Promise<void> {
  try {
    await withTimeout(loadAntdScope(), LAZY_SCREEN_TIMEOUT_MS);
  } catch (err) {
    notifier.error(LAZY_SCREEN_FAILED, { key: 'lazy-screen-failed' });
    throw err;
  }
}

/**
 * Pathless group of the screens that need antd (handle without `antd: false`). Its `lazy` fetches antd's scope
 * in parallel with the screen's own chunk, so ShellLayout can wrap the screen without a second round trip.
 * It renders nothing itself (no element: the child renders through it).
 */
function withAntd(children: RouteObject[]): RouteObject {
  return {
    id: 'antd',
    lazy: async () => {
      await ensureAntdScope();
      return {};
    },
    children,
  };
}

/** A screen without antd whose `antdWhen` states use it: a loader fetches antd's scope before such a state renders. */
function loadingAntdWhen(route: RouteObject): RouteObject {
  const when = handleOf(route)?.antdWhen;
  if (!when) return route;
  return {
    ...route,
    loader: async ({ request }) => {
      if (when(new URL(request.url).searchParams)) await ensureAntdScope();
      return null;
    },
  };
}

/** Whether a route renders without antd: a screen that says so, or a guard group all of whose screens do. */
function plain(route: RouteObject): boolean {
  const handle = handleOf(route);
  if (handle) return handle.antd === false;
  return !!route.children?.length && route.children.every(plain);
}

/** Screens routed directly under the shell, before splitting off those that render without antd. */
const screens: RouteObject[] = [
  pageRoute({ index: true, title: '首页', antd: false, page: () => import('../pages/home-page') }),
  { element: <GuestOnly />, children: loginRoutes.map(loadingAntdWhen) },
  ...openRoutes.map(loadingAntdWhen),
  { element: <RequireAuth />, children: [...authRoutes, centreRoute, adminRoute] },
  pageRoute({ path: 'not-found', title: '页面不存在', antd: false, notFound: true, page: () => import('@/shared/ui/not-found-page') }),
  pageRoute({ path: 'not-found/underConstruction', title: '功能建设中', antd: false, page: underConstruction }),
  // An unknown address shows the not-found screen where it is (no redirect: a server render answers it with 404).
  pageRoute({ path: '*', title: '页面不存在', antd: false, notFound: true, page: () => import('@/shared/ui/not-found-page') }),
];
const withoutAntd = screens.filter(plain);
const needingAntd = screens.filter((r) => !plain(r));

/** The route table of SPEC §2. */
export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        element: <ShellLayout />,
        children: [
          {
            // Errors of a screen render inside the shell, so header and footer stay usable. The hydrate fallback
            // sits here too: while the first lazy screen loads, the router renders the shell with a spinner.
            errorElement: <RouteErrorPage />,
            hydrateFallbackElement: <PageSpin />,
            children: [...withoutAntd, withAntd(needingAntd)],
          },
        ],
      },
    ],
  },
];
