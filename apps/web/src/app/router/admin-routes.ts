import type { RouteObject } from 'react-router';
import type { Permission } from '@app/contracts/staff/staff.rules';
import * as content from '@/features/content/routes';
import * as courses from '@/features/courses/routes';
import * as credits from '@/features/credits/routes';
import * as exams from '@/features/exams/routes';
import * as live from '@/features/live/routes';
import * as magazine from '@/features/magazine/routes';
import * as members from '@/features/members/routes';
import * as moderation from '@/features/moderation/routes';
import * as qa from '@/features/qa/routes';
import * as recruiting from '@/features/recruiting/routes';
import * as regions from '@/features/regions/routes';
import * as staff from '@/features/staff/routes';
import * as standards from '@/features/standards/routes';
import * as talent from '@/features/talent/routes';
import * as tools from '@/features/tools/routes';
import * as training from '@/features/training/routes';
import type { RouteHandle } from '@/shared/lib/routing';

const featureRoutes = [talent, members, tools, qa, moderation, exams, recruiting, content, regions, courses, credits, training, standards, magazine, live, staff].flatMap(
  (f) => f.adminRoutes,
);
/** Staff screens, each contributed by its feature (`adminRoutes`), routed under /admin; the home (index) first. */
export const adminChildren: RouteObject[] = [
  ...featureRoutes.filter((r) => r.index),
  ...featureRoutes.filter((r) => !r.index),
];

export interface AdminMenuEntry {
  path: string;
  title: string;
  /** The expert workspace: shown to accounts linked to an expert profile. */
  expert: boolean;
  /** The permission the screen needs; every staff screen declares one (admin-routes.test.ts). */
  permission: Permission | null;
}

/** The /admin side menu: one entry per staff screen, in the order above. */
export const adminMenu: AdminMenuEntry[] = adminChildren.filter((r) => (r.handle as RouteHandle).menu !== false).map((r) => {
  const handle = r.handle as RouteHandle;
  return {
    // The index route is /admin itself (the dashboard).
    path: r.index ? '/admin' : `/admin/${r.path ?? ''}`,
    title: handle.title,
    expert: handle.expert === true,
    permission: handle.permission ?? null,
  };
});

/** The entries an account sees: staff screens its permissions allow, and the expert workspace when it is an expert. */
export function visibleAdminMenu(permissions: readonly string[], expert: boolean): AdminMenuEntry[] {
  const granted = new Set(permissions);
  return adminMenu.filter((e) => (e.expert ? expert : e.permission !== null && granted.has(e.permission)));
}
