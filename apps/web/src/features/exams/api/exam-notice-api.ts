import type { ExamNotice, MyRegistration } from '@app/contracts/exams/exams.schemas';
import type { Order } from '@app/contracts/members/members.schemas';
import { apiClient } from '@/shared/lib/api-client';
import { withParam } from '@/shared/lib/api-path';

/**
 * The exam notice page's calls, by their literal paths (examsRoutes.notice, examsRoutes.register and
 * membersRoutes.createOrder, checked by a test): the route descriptors would bring zod and every exams schema into a
 * page drawn for visitors from a shared link.
 */
export const EXAM_NOTICE_PATH = '/api/exam_types/:typeName';
export const EXAM_REGISTER_PATH = '/api/exam_registrations';
export const ORDER_PATH = '/api/orders';

export const examNoticeApi = {
  notice: (typeName: string) =>
    apiClient.get<ExamNotice>(withParam(EXAM_NOTICE_PATH, 'typeName', typeName), undefined, {
      silent: true,
    }),
  /** The page shows the refusal itself (window, eligibility, payment). */
  register: (sessionId: number) =>
    apiClient.post<MyRegistration>(EXAM_REGISTER_PATH, { session_id: sessionId }, { silent: true }),
  /** A paid registration is an order of the members area (product_type 'exam', product_id: the session). */
  orderExam: (sessionId: number) =>
    apiClient.post<Order>(ORDER_PATH, { product_type: 'exam', product_id: sessionId }, { silent: true }),
};
