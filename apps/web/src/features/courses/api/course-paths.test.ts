import { describe, expect, it } from 'vitest';
import { coursesRoutes } from '@app/contracts/courses/courses.routes';
import { COURSE_PATHS } from './course-paths';

describe('course endpoint paths', () => {
  it('match the contract descriptors', () => {
    for (const [name, path] of Object.entries(COURSE_PATHS)) {
      expect(coursesRoutes[name as keyof typeof COURSE_PATHS].path).toBe(path);
    }
  });
});
