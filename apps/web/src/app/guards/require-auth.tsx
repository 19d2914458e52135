import { Navigate, Outlet, useLocation } from 'react-router';
import { loginPathWithRedirect } from '@/shared/lib/navigation';
import { useSessionStore } from '@/shared/lib/session/session-store';

/** Login-required routes (all /center/*, /train/play/...): without a token go to /login?redirect=<path+search>. */
export function RequireAuth() {
  const token = useSessionStore((s) => s.token);
  const location = useLocation();
  if (!token) return <Navigate to={loginPathWithRedirect(`${location.pathname}${location.search}`)} replace />;
  return <Outlet />;
}
