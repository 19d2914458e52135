import type { RouteObject } from 'react-router';
import * as members from '@/features/members/routes';
import * as recruiting from '@/features/recruiting/routes';
import * as talent from '@/features/talent/routes';
import type { RouteHandle } from '@/shared/lib/routing';

/** Staff screens, each contributed by its feature (`adminRoutes`), routed under /admin. */
export const adminChildren: RouteObject[] = [talent, members, recruiting].flatMap((f) => f.adminRoutes);

/** The /admin side menu: one entry per staff screen, in the order above. */
export const adminMenu: { path: string; title: string }[] = adminChildren.map((r) => ({
  path: `/admin/${r.path ?? ''}`,
  title: (r.handle as RouteHandle).title,
}));
