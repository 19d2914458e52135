import { useEffect } from 'react';
import { useMatches } from 'react-router';
import { useSiteName } from '@/features/content/api/use-common-data';
import { deepestHandle } from '@/shared/lib/routing';

export function formatDocumentTitle(siteName: string, routeName: string | undefined): string {
  return routeName ? `${siteName} - ${routeName}` : siteName;
}

/** document.title = `${siteName} - ${routeName}` (SPEC §2 route guard, GLOSSARY page title). */
export function useDocumentTitle(): void {
  const siteName = useSiteName();
  const routeName = deepestHandle(useMatches())?.title;
  useEffect(() => {
    document.title = formatDocumentTitle(siteName, routeName);
  }, [siteName, routeName]);
}
