import type { RouteObject } from 'react-router';
import { pageRoute, underConstruction } from '@/shared/lib/routing';

export const publicRoutes: RouteObject[] = [pageRoute({ path: 'learnBase', title: '学习基地', page: underConstruction })];

export const centreRoutes: RouteObject[] = [];
