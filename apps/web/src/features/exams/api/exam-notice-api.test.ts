import { describe, expect, it } from 'vitest';
import { examsRoutes } from '@app/contracts/exams/exams.routes';
import { membersRoutes } from '@app/contracts/members/members.routes';
import { EXAM_NOTICE_PATH, EXAM_REGISTER_PATH, ORDER_PATH } from './exam-notice-api';

describe('exam notice page calls', () => {
  it('use the paths of the exams and members route descriptors', () => {
    expect(EXAM_NOTICE_PATH).toBe(examsRoutes.notice.path);
    expect([examsRoutes.register.method, EXAM_REGISTER_PATH]).toEqual(['POST', examsRoutes.register.path]);
    expect([membersRoutes.createOrder.method, ORDER_PATH]).toEqual(['POST', membersRoutes.createOrder.path]);
  });
});
