import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { DEFAULT_SITE_NAME } from '@app/contracts/common/constants';
import { useIsWechatBrowser, useWechatConfig } from '@/shared/lib/wechat-config';
import {
  landingOpenGraph,
  loadJsSdk,
  SHARE_APIS,
  shareArgs,
  urlToSign,
  wechatShareApi,
  withoutHash,
  type OpenGraph,
} from '@/shared/lib/wechat-share';

interface Landing {
  url: string;
  og: ReturnType<typeof landingOpenGraph>;
  description: string;
  /** The server's Open Graph data of the landing page: null for a page without a record; undefined until known. */
  share?: OpenGraph | null;
}

/**
 * Inside WeChat with WeChat switched on: loads the JS-SDK and, on every page, signs wx.config and sets what sharing to
 * a chat or to Moments shows: the same title, description and image as the page's Open Graph tags (WeChat ignores
 * those). Nothing at all happens elsewhere.
 */
export function useWechatShare(): void {
  const inWechat = useIsWechatBrowser();
  const config = useWechatConfig(inWechat);
  const enabled = inWechat && config.data?.enabled === true;
  const { pathname, search } = useLocation();
  const landing = useRef<Landing | null>(null);

  useEffect(() => {
    if (!enabled) return;
    landing.current ??= {
      url: withoutHash(window.location.href),
      og: landingOpenGraph(document),
      description: document.querySelector<HTMLMetaElement>('meta[name="description"]')?.content ?? '',
    };
    const start = landing.current;
    const here = withoutHash(window.location.href);
    let cancelled = false;
    void (async () => {
      try {
        const signUrl = urlToSign(here, start.url, navigator.userAgent);
        const [wx, signed] = await Promise.all([loadJsSdk(), wechatShareApi.jsConfig(signUrl)]);
        if (signUrl === start.url) start.share ??= signed.share;
        // On iOS the signature is the landing page's: this page's Open Graph data is asked for apart.
        const page = signUrl === here ? signed : await wechatShareApi.jsConfig(here);
        if (cancelled) return;
        const args = shareArgs({
          href: here,
          onLandingPage: here === start.url,
          landing: start.og,
          server: page.share,
          documentTitle: document.title,
          // The landing page's description is the site's own only when that page had no record of its own.
          siteDescription: start.share === null ? start.description : DEFAULT_SITE_NAME,
        });
        const { appId, timestamp, nonceStr, signature } = signed;
        wx.config({ debug: false, appId, timestamp, nonceStr, signature, jsApiList: SHARE_APIS });
        wx.ready(() => {
          if (cancelled) return;
          wx.updateAppMessageShareData(args);
          wx.updateTimelineShareData({ title: args.title, link: args.link, imgUrl: args.imgUrl });
        });
      } catch {
        // Sharing then falls back to WeChat's own (the page title and link); nothing for the reader to do.
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [enabled, pathname, search]);
}
