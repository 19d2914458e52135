import type { ComponentType, ReactNode } from 'react';
import type { Params, RouteObject, UIMatch } from 'react-router';
import { LAZY_SCREEN_TIMEOUT_MS } from '@app/contracts/common/constants';
import type { Permission } from '@app/contracts/staff/staff.rules';
import type { Role } from '@app/contracts/users/users.schemas';
import { notifier } from './notifier';

/** Metadata every route carries in `handle` (read by the title, the guards and the centre menu). */
export interface RouteHandle {
  /** Chinese route name: document.title is `${siteName} - ${title}`. */
  title: string;
  /** The route name for a role where one screen serves both roles under different names (company 收到的简历). */
  roleTitles?: Partial<Record<Role, string>>;
  /** Login required: without a token the guard sends the user to /login?redirect=... */
  auth?: boolean;
  /** Roles allowed (centre routes). Absent means any logged-in user. */
  roles?: readonly Role[];
  /**
   * `false`: the screen uses no antd component or App.useApp(), so it renders without antd's providers and
   * its first load does not fetch antd (home). Absent means the screen gets antd's scope.
   */
  antd?: false;
  /**
   * With `antd: false`: the states of the screen, by its query string, that do use antd (e.g. /login's registration
   * and recovery modes). Such a state loads antd's scope before it renders (a route loader, see app/router).
   */
  antdWhen?: (search: URLSearchParams) => boolean;
  /** A screen under /admin that expert accounts (not staff) may also open; they see only these in the menu. */
  expert?: boolean;
  /** A staff screen under /admin: the permission its endpoints need (the menu shows it to roles that grant it). */
  permission?: Permission;
  /** A staff screen reached from another one (an editor opened from its list): routed, but not in the /admin menu. */
  menu?: false;
  /** The not-found screen: a server render of it answers HTTP 404. */
  notFound?: true;
  /**
   * A login screen's frame that is the same for everyone (public data only): the server draws it inside the site's
   * shell in the screen's place (the session lives in the browser), so a phone paints before the client's code runs;
   * the client then draws the screen over it. Its root element carries `data-ssr-frame`.
   */
  frame?: (params: Params) => ReactNode;
}

export const LAZY_SCREEN_FAILED = '页面加载失败，请刷新重试';

type PageModule = { default: ComponentType };
export type PageImporter = () => Promise<PageModule>;

/** Rejects when the import has not settled within `ms`. */
export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('lazy screen timeout')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (err: unknown) => {
        clearTimeout(timer);
        reject(err instanceof Error ? err : new Error(String(err)));
      },
    );
  });
}

/**
 * A route `lazy` function for a page module. A chunk that fails or takes longer than LAZY_SCREEN_TIMEOUT_MS
 * raises one generic notice (keyed, so repeated failures do not stack) and lets the route errorElement
 * show the reload screen.
 */
export function lazyPage(importer: PageImporter, timeoutMs = LAZY_SCREEN_TIMEOUT_MS) {
  return async () => {
    try {
      const mod = await withTimeout(importer(), timeoutMs);
      return { Component: mod.default };
    } catch (err) {
      notifier.error(LAZY_SCREEN_FAILED, { key: 'lazy-screen-failed' });
      throw err;
    }
  };
}

/** The shared "功能建设中" screen: the only allowed stand-in until a feature issue builds its page. */
export const underConstruction: PageImporter = () => import('../ui/under-construction-page');

export interface PageRouteInput extends RouteHandle {
  /** Path relative to the parent route ('' or undefined for an index route). */
  path?: string;
  index?: boolean;
  page: PageImporter;
}

/** One lazily loaded page route with its handle. */
export function pageRoute({ path, index, page, ...handle }: PageRouteInput): RouteObject {
  const base = { handle: handle satisfies RouteHandle, lazy: lazyPage(page) };
  return index ? { index: true, ...base } : { path, ...base };
}

/**
 * Whether the matched screen needs antd's scope: only a deepest handle with `antd: false` opts out, and then only
 * where its `antdWhen` does not ask for antd under the query string `search`.
 */
export function screenNeedsAntd(matches: UIMatch[], search = ''): boolean {
  const handle = deepestHandle(matches);
  if (handle?.antd !== false) return true;
  return handle.antdWhen?.(new URLSearchParams(search)) ?? false;
}

/** The route name `role` sees: its own name where the route gives one, else the route's title. */
export function routeTitle(handle: RouteHandle | undefined, role: Role | null): string | undefined {
  return (role && handle?.roleTitles?.[role]) || handle?.title;
}

/** Handle of the deepest matched route that has one. */
export function deepestHandle(matches: UIMatch[]): RouteHandle | undefined {
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const h = matches[i]?.handle as RouteHandle | undefined;
    if (h && typeof h.title === 'string') return h;
  }
  return undefined;
}
