import { describe, expect, it } from 'vitest';
import { recruitingRoutes } from '@app/contracts/recruiting/recruiting.routes';
import { BOARD_POST_PATH } from './board-post-api';

describe('job post page call', () => {
  it('uses the path of the recruiting route descriptor', () => {
    expect(BOARD_POST_PATH).toBe(recruitingRoutes.boardPost.path);
    expect(recruitingRoutes.boardPost.method).toBe('GET');
  });
});
