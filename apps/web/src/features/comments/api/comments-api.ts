import type { CommentsPage, CommentsQuery, CourseComment, CreateCommentBody, ReportBody } from '@app/contracts';
import { commentsRoutes, moderationRoutes } from '@app/contracts';
import { apiClient } from '@/shared/lib/api-client';

export const commentsApi = {
  list: (query: CommentsQuery) => apiClient.get<CommentsPage>(commentsRoutes.list.path, query),
  create: (body: CreateCommentBody) => apiClient.post<CourseComment>(commentsRoutes.create.path, body),
  remove: (id: number) => apiClient.delete<null>(commentsRoutes.remove.path.replace(':id', String(id))),
  /** Reports another user's comment to the moderation queue (silent: the dialog shows the error). */
  report: (id: number, reason: ReportBody['reason'], note: string) =>
    apiClient.post<null>(moderationRoutes.report.path, { kind: 'comment', id, reason, note }, { silent: true }),
};

export const commentKeys = {
  all: ['comments'] as const,
  list: (query: CommentsQuery) => ['comments', 'list', query] as const,
};
