import { Button, Result } from 'antd';
import { useEffect, type ReactNode } from 'react';
import { Navigate, useMatches } from 'react-router';
import { deepestHandle } from '@/shared/lib/routing';
import { selectRole, useSessionStore } from '@/shared/lib/session/session-store';
import { PageSpin } from '@/shared/ui/page-spin';
import { ROLE_FALLBACK_PATH } from './role-fallback';


/** Enforces `handle.roles` of the deepest matched route; waits for the user (role) to load first. */
export function RoleGuard({ children }: { children: ReactNode }) {
  const roles = deepestHandle(useMatches())?.roles;
  const role = useSessionStore(selectRole);
  const token = useSessionStore((s) => s.token);
  const status = useSessionStore((s) => s.userStatus);
  const loadCurrentUser = useSessionStore((s) => s.loadCurrentUser);

  useEffect(() => {
    if (token && !role && status === 'idle') void loadCurrentUser();
  }, [token, role, status, loadCurrentUser]);

  if (!roles) return <>{children}</>;
  if (!role) {
    if (status === 'error') {
      return (
        <Result
          status="warning"
          title="用户信息加载失败"
          subTitle="暂时无法确认您的账号类型，请稍后重试。"
          extra={
            <Button type="primary" onClick={() => void loadCurrentUser()}>
              重试
            </Button>
          }
        />
      );
    }
    return <PageSpin />;
  }
  if (!roles.includes(role)) return <Navigate to={ROLE_FALLBACK_PATH} replace />;
  return <>{children}</>;
}
