import { useState } from 'react';
import { Navigate, Outlet } from 'react-router';
import { useSessionStore } from '@/shared/lib/session/session-store';

/**
 * /login for visitors only: a user who already holds a token when arriving goes to / (SPEC §2).
 * The check uses the token at arrival, not a live subscription, so the login screen itself can store the new
 * token and then navigate to its `redirect` target without this guard racing it to /.
 */
export function GuestOnly() {
  const [hadTokenOnArrival] = useState(() => Boolean(useSessionStore.getState().token));
  if (hadTokenOnArrival) return <Navigate to="/" replace />;
  return <Outlet />;
}
