import { Menu } from 'antd';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { StaffGuard } from '../../guards/staff-guard';
import { adminMenu } from './admin-menu';
import './admin.css';

/** /admin/*: the staff side menu (one entry per feature staff screen) and the routed screen, staff only. */
export default function AdminLayout() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const selected = adminMenu.find((e) => pathname === e.path || pathname.startsWith(`${e.path}/`));

  return (
    <StaffGuard>
      <div className="page-container admin">
        <aside className="admin__side">
          <div className="admin__title">管理后台</div>
          <nav aria-label="管理后台菜单">
            <Menu
              mode="inline"
              selectedKeys={selected ? [selected.path] : []}
              items={adminMenu.map((e) => ({ key: e.path, label: e.title }))}
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
