import { Menu } from 'antd';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { useSessionStore } from '@/shared/lib/session/session-store';
import { PageSpin } from '@/shared/ui/page-spin';
import { StaffGuard } from '../../guards/staff-guard';
import { adminMenu, useIsExpert } from './admin-menu';
import './admin.css';

/**
 * /admin/*: the side menu and the routed screen. Staff see every staff screen; an expert account sees the screens
 * marked for experts (the expert workspace), and a non-staff expert is sent there from any other.
 */
export default function AdminLayout() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const user = useSessionStore((s) => s.user);
  const expert = useIsExpert(!!user);
  // Staff see every staff screen, and the expert workspace only when the account is also an expert.
  const menu = !user
    ? adminMenu
    : user.is_staff
      ? adminMenu.filter((e) => !e.expert || expert === true)
      : adminMenu.filter((e) => e.expert && expert === true);
  const selected = menu.find((e) => pathname === e.path || pathname.startsWith(`${e.path}/`));

  if (user && !user.is_staff && expert === undefined) return <PageSpin />;
  if (user && !user.is_staff && expert && !selected && menu[0]) return <Navigate to={menu[0].path} replace />;

  return (
    <StaffGuard allow={expert === true}>
      <div className="page-container admin">
        <aside className="admin__side">
          <div className="admin__title">{user && !user.is_staff ? '专家工作台' : '管理后台'}</div>
          <nav aria-label="管理后台菜单">
            <Menu
              mode="inline"
              selectedKeys={selected ? [selected.path] : []}
              items={menu.map((e) => ({ key: e.path, label: e.title }))}
              onClick={({ key }) => navigate(key)}
            />
          </nav>
        </aside>
        <section className="admin__content">
          <Outlet />
        </section>
      </div>
    </StaffGuard>
  );
}
