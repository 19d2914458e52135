import { useLayoutEffect, useRef, useSyncExternalStore } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { NAV_SPACER_PX } from '@app/contracts/common/constants';
import { LEARNING_BASES } from '@app/contracts/common/dictionaries';
import { useCommonData, useSiteName } from '@/features/content/api/use-common-data';
import { ASSOCIATION_LINK_LABEL, courseSearchPath, TOP_NAV_LINKS } from '@/shared/config/navigation';
import { learningBaseName, regionFromHostname, useHostname } from '@/shared/lib/region';
import { CareModeButton } from './care-mode-button';
import { LogoMark } from './logo-mark';
import { UserArea } from './user-area';
import { ScrollCue } from '@/shared/ui/scroll-cue';
import { SearchBox } from '@/shared/ui/search-box';

function subscribeScroll(onChange: () => void): () => void {
  window.addEventListener('scroll', onChange, { passive: true });
  return () => window.removeEventListener('scroll', onChange);
}

/**
 * On home only, the navigation bar sticks to the top once the page scrolls past its original offset; a spacer of
 * NAV_SPACER_PX (the bar's height) takes its place so the content does not jump.
 */
function useFixedNav(enabled: boolean) {
  const navRef = useRef<HTMLElement>(null);
  const offset = useRef(Number.POSITIVE_INFINITY);
  const scrolledPast = useSyncExternalStore(
    subscribeScroll,
    () => window.scrollY > offset.current,
    () => false,
  );
  const fixed = enabled && scrolledPast;

  useLayoutEffect(() => {
    // Measured only while in normal flow, so the stored offset is the original one.
    const el = navRef.current;
    if (!fixed && el) offset.current = el.getBoundingClientRect().top + window.scrollY;
  });

  return { navRef, fixed };
}

/** On a phone, the current page's link starts in view even when it sits past the screen's edge (关于我们). */
function showActiveLink(strip: HTMLElement) {
  const active = strip.querySelector<HTMLElement>('.is-active');
  if (!active || strip.scrollWidth <= strip.clientWidth) return;
  strip.scrollLeft = Math.max(0, active.offsetLeft - (strip.clientWidth - active.offsetWidth) / 2);
}

export function SiteHeader() {
  const siteName = useSiteName();
  const { data: common } = useCommonData();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const hostname = useHostname();
  const region = regionFromHostname(hostname, { ...LEARNING_BASES, ...common?.learning_bases });
  const { navRef, fixed } = useFixedNav(pathname === '/');

  return (
    <header className="site-header">
      <div className="site-header__top">
        <div className="page-container site-header__top-inner">
          <Link to="/" className="site-logo" aria-label={`${siteName}首页`}>
            <LogoMark />
            <span className="site-logo__text">
              <span className="site-logo__name">{siteName}</span>
              {region && <span className="site-logo__region">{learningBaseName(region)}</span>}
            </span>
          </Link>
          <div className="site-header__tools">
            <SearchBox className="site-header__search" onSearch={(text) => navigate(courseSearchPath(text))} />
            <CareModeButton />
          </div>
          <UserArea />
        </div>
      </div>
      {fixed && <div className="site-nav-spacer" style={{ height: NAV_SPACER_PX }} aria-hidden="true" />}
      <nav
        ref={navRef}
        className={fixed ? 'site-nav site-nav--fixed' : 'site-nav'}
        style={{ height: NAV_SPACER_PX }}
        aria-label="主导航"
      >
        <div className="page-container site-nav__inner">
          {/* On a phone the links scroll sideways in one row; the fade and arrow show that more follow. */}
          <ScrollCue label="主导航" className="site-nav__strip" onViewport={showActiveLink}>
            <ul className="site-nav__links">
              {TOP_NAV_LINKS.map((link) => (
                <li key={link.to}>
                  <NavLink to={link.to} end={link.to === '/'} className={({ isActive }) => (isActive ? 'site-nav__link is-active' : 'site-nav__link')}>
                    {link.label}
                  </NavLink>
                </li>
              ))}
              {common?.association_url && (
                <li className="site-nav__external-item">
                  <a className="site-nav__external" href={common.association_url} target="_blank" rel="noopener noreferrer">
                    {ASSOCIATION_LINK_LABEL}
                  </a>
                </li>
              )}
            </ul>
          </ScrollCue>
        </div>
      </nav>
    </header>
  );
}
