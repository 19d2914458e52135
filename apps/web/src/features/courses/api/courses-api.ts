import type {
  CourseDetail,
  CoursePoolPage,
  CoursePoolQuery,
  FavoriteBody,
  FavoritePage,
  FavoriteResult,
  OuterVisitBody,
  OuterVisitResult,
  PageQuery,
  SupportBody,
  SupportResult,
  TowerTagNode,
} from '@app/contracts';
import { apiClient } from '@/shared/lib/api-client';
import { COURSE_PATHS } from './course-paths';

export const coursesApi = {
  tags: () => apiClient.get<TowerTagNode[]>(COURSE_PATHS.towerTagList),
  list: (query: CoursePoolQuery) => apiClient.get<CoursePoolPage>(COURSE_PATHS.list, query),
  detail: (id: number) => apiClient.get<CourseDetail>(COURSE_PATHS.showCourse, { id }),
  support: (body: SupportBody) => apiClient.post<SupportResult>(COURSE_PATHS.support, body),
  favorite: (body: FavoriteBody) => apiClient.post<FavoriteResult>(COURSE_PATHS.favorite, body),
  favorites: (query: Partial<PageQuery>) => apiClient.get<FavoritePage>(COURSE_PATHS.favoriteList, query),
  outerVisit: (body: OuterVisitBody) => apiClient.post<OuterVisitResult>(COURSE_PATHS.outerVisit, body),
};

export const courseKeys = {
  all: ['courses'] as const,
  tags: () => ['courses', 'tags'] as const,
  list: (query: CoursePoolQuery) => ['courses', 'list', query] as const,
  detail: (id: number) => ['courses', 'detail', id] as const,
  favorites: (query: Partial<PageQuery>) => ['courses', 'favorites', query] as const,
};
