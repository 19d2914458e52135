import { useQuery } from '@tanstack/react-query';
import type { StandardNotices } from '@app/contracts/standards/standards.schemas';
import { apiClient } from '@/shared/lib/api-client';

/**
 * The public notice's call, by its literal path (standardsRoutes.notices, checked by a test): the route descriptors
 * would bring zod and every schema of the area into the course and exam pages visitors open from a shared link.
 */
export const STANDARD_NOTICES_PATH = '/api/standards/notices';

/** Which page asks: a course page (its id) or an exam notice (the exam type's URL key). */
export type NoticeTarget = { courseId: number } | { examType: string };

export const standardNoticeKeys = {
  all: ['standards', 'notices'] as const,
  of: (t: NoticeTarget) => ['standards', 'notices', 'courseId' in t ? `course:${t.courseId}` : `exam:${t.examType}`] as const,
};

export const standardNoticesApi = {
  notices: (t: NoticeTarget) =>
    apiClient.get<StandardNotices>(
      STANDARD_NOTICES_PATH,
      'courseId' in t ? { course_id: t.courseId } : { exam_type: t.examType },
      // A notice that does not load is no notice: the page says nothing rather than an error.
      { silent: true },
    ),
};

/** The changes a course or exam type has not been updated for (empty: no notice). */
export function useStandardNotices(t: NoticeTarget) {
  const valid = 'courseId' in t ? t.courseId > 0 : t.examType !== '';
  return useQuery({
    queryKey: standardNoticeKeys.of(t),
    queryFn: () => standardNoticesApi.notices(t),
    enabled: valid,
    retry: false,
  });
}
