import type { WechatJsConfigData } from '@app/contracts/wechat/wechat.schemas';
import { apiClient } from './api-client';
import { WECHAT_JS_CONFIG_PATH } from './wechat-config';

/** WeChat's official JS-SDK, loaded only inside WeChat with WeChat switched on. */
export const JSSDK_URL = 'https://res.wx.qq.com/open/js/jweixin-1.6.0.js';

export const SHARE_APIS = ['updateAppMessageShareData', 'updateTimelineShareData'] as const;

interface ShareArgs {
  title: string;
  desc?: string;
  link: string;
  imgUrl: string;
}

/** The part of `window.wx` used here. */
export interface WechatJsSdk {
  config(c: Omit<WechatJsConfigData, 'share'> & { debug: boolean; jsApiList: readonly string[] }): void;
  ready(fn: () => void): void;
  error(fn: (res: unknown) => void): void;
  updateAppMessageShareData(args: ShareArgs): void;
  updateTimelineShareData(args: Omit<ShareArgs, 'desc'>): void;
}

declare global {
  interface Window {
    wx?: WechatJsSdk;
  }
}

let loading: Promise<WechatJsSdk> | null = null;

/** Adds the JS-SDK's script once; resolves with `window.wx`. */
export function loadJsSdk(): Promise<WechatJsSdk> {
  if (window.wx) return Promise.resolve(window.wx);
  loading ??= new Promise<WechatJsSdk>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = JSSDK_URL;
    script.async = true;
    script.onload = () => (window.wx ? resolve(window.wx) : reject(new Error('jweixin loaded without wx')));
    script.onerror = () => {
      loading = null;
      reject(new Error('jweixin failed to load'));
    };
    document.head.appendChild(script);
  });
  return loading;
}

/** The page address as WeChat wants it signed: without its #fragment. */
export const withoutHash = (href: string) => href.split('#', 1)[0]!;

/**
 * The URL wx.config must be signed for. WeChat on iOS keeps the address the page was opened with for the whole
 * single-page visit, so there the landing URL is signed; elsewhere the current one.
 */
export function urlToSign(current: string, landing: string, userAgent: string): string {
  return withoutHash(/iPhone|iPad|iPod/i.test(userAgent) ? landing : current);
}

/** A page's Open Graph title, description and image. */
export type OpenGraph = { title: string; description: string; image: string | null };

const meta = (doc: Document, selector: string) => doc.querySelector<HTMLMetaElement>(selector)?.content || null;

/** The Open Graph tags the server wrote into the page the visit started on (WeChat itself ignores them). */
export function landingOpenGraph(doc: Document): (OpenGraph & { url: string | null }) | null {
  const title = meta(doc, 'meta[property="og:title"]');
  if (!title) return null;
  return {
    title,
    description: meta(doc, 'meta[property="og:description"]') ?? '',
    image: meta(doc, 'meta[property="og:image"]'),
    url: meta(doc, 'meta[property="og:url"]'),
  };
}

/**
 * What a share says: on the page the visit started on, its own Open Graph tags; on a page reached inside the site,
 * the Open Graph data the server gives for that page (a course, an article ...), else its document title with the
 * site's description.
 */
export function shareArgs(input: {
  href: string;
  onLandingPage: boolean;
  landing: (OpenGraph & { url: string | null }) | null;
  server: OpenGraph | null;
  documentTitle: string;
  siteDescription: string;
}): ShareArgs {
  const og = input.onLandingPage && input.landing ? input.landing : input.server;
  return {
    title: og?.title ?? input.documentTitle,
    desc: og?.description ?? input.siteDescription,
    link: withoutHash(input.href),
    imgUrl: og?.image ?? '',
  };
}

export const wechatShareApi = {
  jsConfig: (url: string) =>
    apiClient.get<WechatJsConfigData>(WECHAT_JS_CONFIG_PATH, { url }, { silent: true }),
};
