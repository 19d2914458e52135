import { useEffect } from 'react';
import { useMatches } from 'react-router';
import { useSiteName } from '@/features/content/api/use-common-data';
import { deepestHandle, routeTitle } from '@/shared/lib/routing';
import { useSessionStore } from '@/shared/lib/session/session-store';

export function formatDocumentTitle(siteName: string, routeName: string | undefined): string {
  return routeName ? `${siteName} - ${routeName}` : siteName;
}

/** document.title = `${siteName} - ${routeName}` (SPEC §2 route guard, GLOSSARY page title). */
export function useDocumentTitle(): void {
  const siteName = useSiteName();
  const role = useSessionStore((s) => s.role);
  const routeName = routeTitle(deepestHandle(useMatches()), role);
  useEffect(() => {
    document.title = formatDocumentTitle(siteName, routeName);
  }, [siteName, routeName]);
}
