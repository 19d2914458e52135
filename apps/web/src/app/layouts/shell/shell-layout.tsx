import { lazy, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { Outlet, useLocation, useMatches } from 'react-router';
import { screenNeedsAntd } from '@/shared/lib/routing';
import { useSessionStore } from '@/shared/lib/session/session-store';
import { BackToTop } from '@/shared/ui/back-to-top';
import { PageSpin } from '@/shared/ui/page-spin';
import { MAIN_CONTENT_ID, SkipLink } from '@/shared/ui/skip-link';
import { antdScopeComponent } from '../../antd-loader';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import './shell.css';

/**
 * Membership-benefits modal (SPEC §2): its chunk loads only when the flag turns on; a failed load shows nothing.
 * It belongs to home: shown only while home is the page, and leaving home turns the flag off, so a modal whose chunk
 * arrives after the user has moved on never covers another page (and, never shown, is not counted as seen today).
 */
const BenefitsModal = lazy(
  (): Promise<{ default: ComponentType }> =>
    import('@/features/members/components/benefits-modal').catch(() => ({ default: () => null })),
);

const HOME_PATH = '/';

/** antd's scope around the screen; the component is pinned at mount so a later load never remounts the screen. */
function AntdBoundary({ children }: { children: ReactNode }) {
  const [Scope] = useState(antdScopeComponent);
  return <Scope>{children}</Scope>;
}

/**
 * The common page shell of SPEC §2: the skip link (跳到主要内容, first in the tab order), header, the routed screen,
 * footer, back-to-top.
 *
 * Header, footer and back-to-top are plain React + CSS, so they paint from the entry chunk alone. antd (theme,
 * locale, App.useApp) wraps the routed screen only when the screen needs it: a route whose handle says
 * `antd: false` (home, the login mode of /login) renders without it, which keeps antd out of the first load of `/` (budget: 200 KB gzip).
 * Once a screen has needed antd the scope stays mounted for later screens too, so its notices survive the
 * navigation (e.g. "登录成功" then home) and leaving and re-entering never remounts it.
 */
export function ShellLayout() {
  const { pathname, search } = useLocation();
  const needsAntd = screenNeedsAntd(useMatches(), search);
  const [antdMounted, setAntdMounted] = useState(needsAntd);
  if (needsAntd && !antdMounted) setAntdMounted(true);
  const benefitsVisible = useSessionStore((s) => s.benefitsModalVisible);
  const onHome = pathname === HOME_PATH;
  useEffect(() => {
    if (benefitsVisible && !onHome) useSessionStore.getState().setBenefitsModal(false);
  }, [benefitsVisible, onHome]);
  return (
    <div className="site-shell">
      <SkipLink />
      <SiteHeader />
      <main className="site-main" id={MAIN_CONTENT_ID} tabIndex={-1}>
        <Suspense fallback={<PageSpin />}>
          {antdMounted ? (
            <AntdBoundary>
              <Outlet />
            </AntdBoundary>
          ) : (
            <Outlet />
          )}
        </Suspense>
      </main>
      <SiteFooter />
      <BackToTop />
      {benefitsVisible && onHome && (
        <Suspense fallback={null}>
          <BenefitsModal />
        </Suspense>
      )}
    </div>
  );
}
