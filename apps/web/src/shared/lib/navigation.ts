/**
 * Lets non-React code (session store, HTTP client) navigate through the data router, so a forced logout
 * does not reload the page. The router registers itself on creation; before that a hard navigation is used.
 */
type NavigateFn = (to: string, options?: { replace?: boolean }) => void;

let navigator: NavigateFn | null = null;

export function bindNavigator(fn: NavigateFn | null): void {
  navigator = fn;
}

export function navigateTo(to: string, options?: { replace?: boolean }): void {
  if (navigator) navigator(to, options);
  else if (options?.replace) window.location.replace(to);
  else window.location.assign(to);
}

/** Current path with query, as used in `/login?redirect=`. */
export function currentPathWithSearch(): string {
  return `${window.location.pathname}${window.location.search}`;
}

export function loginPathWithRedirect(redirect: string): string {
  return `/login?redirect=${encodeURIComponent(redirect)}`;
}

/** Leaving the site for another one (WeChat's authorise page, a payment channel): an object so tests can watch it. */
export const leaveSite = {
  assign: (url: string) => window.location.assign(url),
};
