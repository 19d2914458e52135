import { createContext, useContext } from 'react';
import { LEARNING_BASES } from '@app/contracts/common/dictionaries';

/**
 * Learning-base code of a regional sub-domain (DECISIONS.md "Regional sites"): the first label of the host,
 * e.g. henan.example.org or henan.localhost -> henan. Null on the main site.
 */
export function regionCodeFromHostname(hostname: string, bases: Record<string, string> = LEARNING_BASES): string | null {
  const labels = hostname.toLowerCase().split('.');
  if (labels.length < 2) return null; // bare "localhost" or an IP-less single label is the main site
  const first = labels[0] ?? '';
  return Object.prototype.hasOwnProperty.call(bases, first) ? first : null;
}

/** Learning-base region of a regional sub-domain: henan.example.org -> 河南. Null on the main site. */
export function regionFromHostname(hostname: string, bases: Record<string, string> = LEARNING_BASES): string | null {
  const code = regionCodeFromHostname(hostname, bases);
  return code === null ? null : (bases[code] ?? null);
}

/** "河南" -> "河南学习基地" (GLOSSARY-zh.md: 学习基地). */
export function learningBaseName(region: string): string {
  return `${region}学习基地`;
}

/**
 * The host name the page is served under. In the browser it is `window.location.hostname`; a server-side render
 * provides the request's host through `HostnameProvider` (there is no window there).
 */
const HostnameContext = createContext<string | null>(null);
export const HostnameProvider = HostnameContext.Provider;

export function useHostname(): string {
  return useContext(HostnameContext) ?? window.location.hostname;
}
