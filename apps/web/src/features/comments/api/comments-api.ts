import type { CommentsPage, CommentsQuery, CourseComment, CreateCommentBody } from '@app/contracts';
import { commentsRoutes } from '@app/contracts';
import { apiClient } from '@/shared/lib/api-client';

export const commentsApi = {
  list: (query: CommentsQuery) => apiClient.get<CommentsPage>(commentsRoutes.list.path, query),
  create: (body: CreateCommentBody) => apiClient.post<CourseComment>(commentsRoutes.create.path, body),
  remove: (id: number) => apiClient.delete<null>(commentsRoutes.remove.path.replace(':id', String(id))),
};

export const commentKeys = {
  all: ['comments'] as const,
  list: (query: CommentsQuery) => ['comments', 'list', query] as const,
};
