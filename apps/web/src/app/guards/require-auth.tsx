import { Navigate, Outlet, useLocation, useMatches, useParams } from 'react-router';
import { deepestHandle } from '@/shared/lib/routing';
import { useServerRender } from '@/shared/lib/server-render';
import { loginPathWithRedirect } from '@/shared/lib/navigation';
import { useSessionStore } from '@/shared/lib/session/session-store';

/** Login-required routes (all /center/*, /train/play/...): without a token go to /login?redirect=<path+search>. */
export function RequireAuth() {
  const token = useSessionStore((s) => s.token);
  const location = useLocation();
  const matches = useMatches();
  const params = useParams();
  // The server renders as a visitor: a screen with a shared frame shows that frame (entry-server.tsx).
  const frame = deepestHandle(matches)?.frame;
  if (useServerRender() && frame) return frame(params);
  if (!token)
    return <Navigate to={loginPathWithRedirect(`${location.pathname}${location.search}`)} replace />;
  return <Outlet />;
}
