import { AppstoreOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Drawer, Menu } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { CentreMenuEntry } from './centre-menu';

interface CentrePhoneMenuProps {
  entries: readonly CentreMenuEntry[];
  selected: string | undefined;
}

/**
 * The centre's menu on a phone (useIsPhone): a bar naming the current entry with a 菜单 button that opens a drawer
 * holding the same entries as the desk's side menu (already filtered by role: SPEC §2, DECISIONS reading 2).
 */
export function CentrePhoneMenu({ entries, selected }: CentrePhoneMenuProps) {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const current = entries.find((e) => e.key === selected);
  return (
    <div className="centre-phone-menu">
      <span className="centre-phone-menu__current">{current?.label ?? '个人中心'}</span>
      <Button
        icon={<AppstoreOutlined aria-hidden="true" />}
        className="centre-phone-menu__open"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        菜单
      </Button>
      <Drawer
        title="个人中心"
        placement="left"
        size={300}
        open={open}
        onClose={() => setOpen(false)}
        closable={{ 'aria-label': '关闭菜单' }}
        className="centre-phone-menu__drawer"
        styles={{ body: { padding: '8px 0' } }}
      >
        <nav aria-label="个人中心菜单">
          <Menu
            mode="inline"
            selectedKeys={selected ? [selected] : []}
            items={entries.map((e) => ({ key: e.key, label: e.label }))}
            onClick={({ key }) => {
              const entry = entries.find((e) => e.key === key);
              setOpen(false);
              if (entry) navigate(entry.path);
            }}
          />
        </nav>
      </Drawer>
    </div>
  );
}

/** On /center/student on a phone: every entry of the role's menu as a grid of tiles, the centre's start screen. */
export function CentreEntryGrid({ entries }: { entries: readonly CentreMenuEntry[] }) {
  return (
    <nav className="centre-entry-grid" aria-label="个人中心入口">
      <ul>
        {entries.map((e) => (
          <li key={e.key}>
            <Link to={e.path}>
              <span>{e.label}</span>
              <RightOutlined aria-hidden="true" />
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
