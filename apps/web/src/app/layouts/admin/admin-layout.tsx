import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button, ConfigProvider, Menu, Result, type ThemeConfig } from 'antd';
import { useState } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { staffMessages } from '@app/contracts/staff/staff.rules';
import { useSessionStore } from '@/shared/lib/session/session-store';
import { PageSpin } from '@/shared/ui/page-spin';
import { StaffGuard } from '../../guards/staff-guard';
import { appTheme } from '../../theme';
import { adminMenu, useIsExpert, visibleAdminMenu } from './admin-menu';
import './admin.css';

/** Below this width (tablets) the side menu starts folded, so the screen gets the width; a button unfolds it. */
const NARROW_CONSOLE_QUERY = '(max-width: 1023px)';
const startsFolded = () => typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(NARROW_CONSOLE_QUERY).matches;

/** The console keeps the standard theme in 关怀模式 too (docs/decisions.md): dense staff screens, desk-first. */
const CONSOLE_THEME: ThemeConfig = { ...appTheme, inherit: false };

const trimmed = (pathname: string) => pathname.replace(/\/+$/, '') || '/';
/** /admin (the dashboard) matches only itself; every other screen also matches its sub-paths. */
const matches = (pathname: string, path: string) =>
  path === '/admin' ? trimmed(pathname) === path : pathname === path || pathname.startsWith(`${path}/`);

/**
 * /admin/*: the side menu and the routed screen. Staff see the screens their roles' permissions allow; an expert
 * account sees the expert workspace, and a non-staff expert is sent there from any other screen. /admin itself
 * is the dashboard for roles holding 数据概览 and otherwise opens the first screen of the menu; a screen outside the
 * roles shows 无权访问 naming the missing permission.
 *
 * Desk-first; on a tablet (below 1024 px) the side menu starts folded to a button and folds again after a choice, and
 * a wide table scrolls inside its own box (admin.css), so nothing scrolls the page sideways.
 */
export default function AdminLayout() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const user = useSessionStore((s) => s.user);
  const [folded, setFolded] = useState(startsFolded);
  const expert = useIsExpert(!!user);
  // A session stored by an older version may lack the list: treat it as none until the user is reloaded.
  const permissions = user && Array.isArray(user.permissions) ? user.permissions : [];
  const menu = user ? visibleAdminMenu(permissions, expert === true) : adminMenu;
  const selected = menu.find((e) => matches(pathname, e.path));
  const screen = adminMenu.find((e) => matches(pathname, e.path));
  const atIndex = trimmed(pathname) === '/admin';
  // /admin is the dashboard for roles holding 数据概览; anyone else is sent to their first screen.
  const firstScreen = menu.find((e) => e.path !== '/admin');

  if (user && !user.is_staff && expert === undefined) return <PageSpin />;
  if (user && !user.is_staff && expert && !selected && menu[0]) return <Navigate to={menu[0].path} replace />;
  if (user && atIndex && !selected && firstScreen) return <Navigate to={firstScreen.path} replace />;

  let content = <Outlet />;
  if (user && screen && !selected && screen.permission && !atIndex) {
    content = (
      <Result
        status="403"
        title="无权访问"
        subTitle={staffMessages.permissionDenied(screen.permission)}
        extra={
          menu[0] ? (
            <Button type="primary" onClick={() => navigate(menu[0]!.path)}>
              返回{menu[0].title}
            </Button>
          ) : undefined
        }
      />
    );
  } else if (user && atIndex && !selected && !firstScreen) {
    content = <Result status="info" title="暂无可用的管理功能" subTitle="您的角色还没有可用的管理页面，请联系管理员分配角色。" />;
  }

  return (
    <StaffGuard allow={expert === true}>
      <ConfigProvider theme={CONSOLE_THEME}>
        <div className={folded ? 'page-container admin admin--folded' : 'page-container admin'}>
          <aside className="admin__side">
            <div className="admin__head">
              {!folded && <div className="admin__title">{user && !user.is_staff ? '专家工作台' : '管理后台'}</div>}
              <Button
                type="text"
                className="admin__fold"
                aria-expanded={!folded}
                aria-label={folded ? '展开菜单' : '收起菜单'}
                title={folded ? '展开菜单' : '收起菜单'}
                icon={folded ? <MenuUnfoldOutlined aria-hidden="true" /> : <MenuFoldOutlined aria-hidden="true" />}
                onClick={() => setFolded((f) => !f)}
              />
            </div>
            {!folded && (
              <nav aria-label="管理后台菜单">
                <Menu
                  mode="inline"
                  selectedKeys={selected ? [selected.path] : []}
                  items={menu.map((e) => ({ key: e.path, label: e.title }))}
                  onClick={({ key }) => {
                    navigate(key);
                    if (startsFolded()) setFolded(true);
                  }}
                />
              </nav>
            )}
          </aside>
          <section className="admin__content" data-skip-target tabIndex={-1}>
            {content}
          </section>
        </div>
      </ConfigProvider>
    </StaffGuard>
  );
}
