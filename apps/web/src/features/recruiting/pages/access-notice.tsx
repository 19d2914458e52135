import { Button, Result } from 'antd';
import { Link, useLocation } from 'react-router';
import { useSessionStore } from '@/shared/lib/session/session-store';

/** Why a visitor or a personal account cannot use a company screen (DECISIONS 13). */
export function CompanyOnlyNotice({ what }: { what: string }) {
  const token = useSessionStore((s) => s.token);
  const location = useLocation();
  if (!token)
    return (
      <Result
        status="403"
        title={`${what}仅向认证企业开放`}
        subTitle="请使用企业账号登录后查看。"
        extra={
          <Link to={`/login?redirect=${encodeURIComponent(location.pathname + location.search)}`}>
            <Button type="primary">登录企业账号</Button>
          </Link>
        }
      />
    );
  return (
    <Result
      status="403"
      title={`${what}仅向企业账号开放`}
      subTitle="个人账号可以在招聘求职中查看职位并投递简历，或完善人才画像让企业找到您。"
      extra={
        <Link to="/jobDetail">
          <Button type="primary">去看职位</Button>
        </Link>
      }
    />
  );
}
