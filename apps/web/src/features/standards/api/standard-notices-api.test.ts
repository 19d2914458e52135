import { describe, expect, it } from 'vitest';
import { standardsRoutes } from '@app/contracts/standards/standards.routes';
import { STANDARD_NOTICES_PATH } from './standard-notices-api';

describe('standard notice calls', () => {
  it('use the path of the standards route descriptor', () => {
    expect([standardsRoutes.notices.method, STANDARD_NOTICES_PATH]).toEqual(['GET', standardsRoutes.notices.path]);
  });
});
