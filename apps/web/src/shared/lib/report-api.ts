import { moderationRoutes, type ReportBody } from '@app/contracts';
import { apiClient } from './api-client';

/**
 * 举报: sends another user's course comment, Q&A question or live-chat message to the moderation queue.
 * Lives in shared/ because the comments, Q&A and live features all report, and features do not import each other.
 * Silent: the report dialog shows the error itself.
 */
export const reportApi = {
  report: (body: ReportBody) => apiClient.post<null>(moderationRoutes.report.path, body, { silent: true }),
};
