import { Outlet, ScrollRestoration } from 'react-router';
import { useDocumentTitle } from '../use-document-title';
import { useWechatShare } from '../use-wechat-share';

/** Root of the route tree: page title, scroll restoration and (inside WeChat) the share data for every screen. */
export function RootLayout() {
  useDocumentTitle();
  // After the title: the share repeats it on pages without Open Graph data of their own.
  useWechatShare();
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}
