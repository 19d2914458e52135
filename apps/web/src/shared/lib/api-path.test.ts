import { describe, expect, it } from 'vitest';
import { withId, withParam } from './api-path';

describe('api paths', () => {
  it('fills in an id, and a named parameter URL-encoded', () => {
    expect(withId('/api/job_board/:id', 42)).toBe('/api/job_board/42');
    expect(withParam('/api/exam_types/:typeName', 'typeName', '管理会计 初级')).toBe(
      `/api/exam_types/${encodeURIComponent('管理会计 初级')}`,
    );
  });
});
