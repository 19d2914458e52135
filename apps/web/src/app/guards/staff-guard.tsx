import { Button, Result } from 'antd';
import { useEffect, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useSessionStore } from '@/shared/lib/session/session-store';
import { PageSpin } from '@/shared/ui/page-spin';

/**
 * Staff screens (/admin/*): waits for the current user, then shows the screen only to staff accounts. The server
 * refuses every staff endpoint to anyone else anyway; this keeps others from a screen that could only fail.
 * `allow` admits a non-staff account the layout has its own screens for (expert accounts: the expert workspace).
 */
export function StaffGuard({ children, allow = false }: { children: ReactNode; allow?: boolean }) {
  const token = useSessionStore((s) => s.token);
  const user = useSessionStore((s) => s.user);
  const status = useSessionStore((s) => s.userStatus);
  const loadCurrentUser = useSessionStore((s) => s.loadCurrentUser);
  const navigate = useNavigate();

  useEffect(() => {
    if (token && !user && status === 'idle') void loadCurrentUser();
  }, [token, user, status, loadCurrentUser]);

  if (!user) {
    if (status === 'error') {
      return (
        <Result
          status="warning"
          title="用户信息加载失败"
          subTitle="暂时无法确认您的账号权限，请稍后重试。"
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
  if (!user.is_staff && !allow) {
    return (
      <Result
        status="403"
        title="无权访问"
        subTitle="管理后台仅限协会工作人员使用。"
        extra={
          <Button type="primary" onClick={() => navigate('/')}>
            返回首页
          </Button>
        }
      />
    );
  }
  return <>{children}</>;
}
