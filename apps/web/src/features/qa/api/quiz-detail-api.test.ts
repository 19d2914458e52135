import { describe, expect, it } from 'vitest';
import { qaRoutes } from '@app/contracts/qa/qa.routes';
import { QUIZ_DETAIL_PATH, QUIZ_VOTE_PATH } from './quiz-detail-api';

describe('question page calls', () => {
  it('use the paths of the Q&A route descriptors', () => {
    expect(QUIZ_DETAIL_PATH).toBe(qaRoutes.detail.path);
    expect(QUIZ_VOTE_PATH).toBe(qaRoutes.vote.path);
    expect(qaRoutes.vote.method).toBe('POST');
  });
});
