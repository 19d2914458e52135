import type { RouteObject } from 'react-router';
import * as content from '@/features/content/routes';
import * as exams from '@/features/exams/routes';
import * as members from '@/features/members/routes';
import * as qa from '@/features/qa/routes';
import * as recruiting from '@/features/recruiting/routes';
import * as talent from '@/features/talent/routes';
import * as tools from '@/features/tools/routes';
import type { RouteHandle } from '@/shared/lib/routing';

/** Staff screens, each contributed by its feature (`adminRoutes`), routed under /admin. */
export const adminChildren: RouteObject[] = [talent, members, tools, qa, exams, recruiting, content].flatMap((f) => f.adminRoutes);

/** The /admin side menu: one entry per staff screen, in the order above. */
export const adminMenu: { path: string; title: string; expert: boolean }[] = adminChildren.map((r) => ({
  path: `/admin/${r.path ?? ''}`,
  title: (r.handle as RouteHandle).title,
  expert: (r.handle as RouteHandle).expert === true,
}));
