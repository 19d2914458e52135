import { describe, expect, it } from 'vitest';
import { authRoutes } from '@app/contracts/auth/auth.routes';
import { AUTH_PATHS } from './auth-api';

describe('account calls', () => {
  it('use the paths of the auth route descriptors, all POST', () => {
    for (const name of Object.keys(AUTH_PATHS) as (keyof typeof AUTH_PATHS)[]) {
      expect(AUTH_PATHS[name], name).toBe(authRoutes[name].path);
      expect(authRoutes[name].method, name).toBe('POST');
    }
  });
});
