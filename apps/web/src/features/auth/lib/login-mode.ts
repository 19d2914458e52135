/** The modes of /login (?mode=): login, registration and password recovery. */
export type LoginMode = 'login' | 'register' | 'forgot';

export function loginModeOf(raw: string | null): LoginMode {
  return raw === 'register' || raw === 'forgot' ? raw : 'login';
}
