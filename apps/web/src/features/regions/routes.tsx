import type { RouteObject } from 'react-router';

// /learnBase is drawn by the content feature (learning-base pages are edited with the other content).
export const publicRoutes: RouteObject[] = [];

export const centreRoutes: RouteObject[] = [];
