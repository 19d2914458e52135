import { Outlet, ScrollRestoration } from 'react-router';
import { useDocumentTitle } from '../use-document-title';

/** Root of the route tree: page title and scroll restoration for every screen. */
export function RootLayout() {
  useDocumentTitle();
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}
