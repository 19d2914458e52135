import { BellOutlined, DownOutlined, UserOutlined } from '@ant-design/icons';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useSessionStore } from '@/shared/lib/session/session-store';
import { StoredImg } from '@/shared/ui/stored-img';

/**
 * Header user area (SPEC §2): with a loaded user, a message badge and the avatar menu; without a user (no phone),
 * the 登录 / 注册 links. Hand-made badge and menu instead of antd Badge/Dropdown: the header is part of the first
 * load and antd's Dropdown brings the whole Menu/Trigger stack (~30 KB gzip).
 */
export function UserArea() {
  const token = useSessionStore((s) => s.token);
  const user = useSessionStore((s) => s.user);
  const status = useSessionStore((s) => s.userStatus);

  if (token && user?.phone) return <UserMenu />;
  if (token && status === 'loading') {
    return (
      <div className="user-area" aria-busy="true">
        <span className="user-area__loading">加载中…</span>
      </div>
    );
  }
  return (
    <div className="user-area user-area--guest">
      <Link to="/login" className="user-area__login">
        登录
      </Link>
      <span className="user-area__sep" aria-hidden="true">
        |
      </span>
      <Link to="/login?mode=register" className="user-area__register">
        注册
      </Link>
    </div>
  );
}

function UserMenu() {
  const user = useSessionStore((s) => s.user)!;
  const logout = useSessionStore((s) => s.logout);
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const openedByHover = useRef(false);
  const menuId = useId();
  const displayName = user.nickname?.trim() || user.phone;
  const unread = user.message_num;

  useEffect(() => {
    if (!open) {
      openedByHover.current = false;
      return;
    }
    const onDown = (e: PointerEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      // From inside the menu, focus goes back to the button that opened it (the item is about to disappear).
      if (rootRef.current?.contains(document.activeElement)) triggerRef.current?.focus();
      setOpen(false);
    };
    document.addEventListener('pointerdown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const choose = (action: () => void) => {
    setOpen(false);
    action();
  };

  return (
    <div className="user-area">
      {/* The badge's number is the link's visible text, so the name holds it as its own word (WCAG 2.5.3). */}
      <Link to="/center/message" className="user-area__msg" aria-label={unread > 0 ? `未读消息 ${unread > 99 ? '99+' : unread} 条` : '消息'} title="消息">
        <BellOutlined className="user-area__bell" aria-hidden="true" />
        {unread > 0 && (
          <span className="user-area__badge" aria-hidden="true">
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </Link>
      <div
        className="user-menu"
        ref={rootRef}
        // A mouse opens the menu by hovering; touch and pen open and close it by tapping (no hover-only control).
        onPointerEnter={(e) => {
          if (e.pointerType !== 'mouse') return;
          openedByHover.current = true;
          setOpen(true);
        }}
        onPointerLeave={(e) => {
          if (e.pointerType === 'mouse') setOpen(false);
        }}
        // Tabbing on past the last item (or back before the button) closes the menu.
        onBlur={(e) => {
          if (!e.currentTarget.contains(e.relatedTarget as Node | null) && e.relatedTarget) setOpen(false);
        }}
      >
        <button
          ref={triggerRef}
          type="button"
          className="user-area__trigger"
          aria-haspopup="menu"
          aria-expanded={open}
          aria-controls={menuId}
          // A click right after hovering keeps the menu the pointer just opened; any other click toggles it.
          onClick={() => {
            const keep = openedByHover.current;
            openedByHover.current = false;
            setOpen((was) => keep || !was);
          }}
        >
          <span className="user-area__avatar">
            {user.avatar ? <StoredImg src={user.avatar} sizes="32px" alt="头像" /> : <UserOutlined aria-hidden="true" />}
          </span>
          <span className="user-area__name">{displayName}</span>
          <DownOutlined className="user-area__caret" aria-hidden="true" />
        </button>
        {open && (
          <ul className="user-menu__list" role="menu" id={menuId}>
            <li role="none">
              <button type="button" role="menuitem" onClick={() => choose(() => navigate('/center'))}>
                个人中心
              </button>
            </li>
            {user.is_staff && (
              <li role="none">
                <button type="button" role="menuitem" onClick={() => choose(() => navigate('/admin'))}>
                  管理后台
                </button>
              </li>
            )}
            <li role="none">
              <button type="button" role="menuitem" className="is-danger" onClick={() => choose(() => void logout())}>
                退出登录
              </button>
            </li>
          </ul>
        )}
      </div>
    </div>
  );
}
