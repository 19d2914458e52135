import { act, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok } from '@/testing/mock-api';
import { renderScreen } from '@/testing/render-screen';
import { shareArgs, urlToSign, type WechatJsSdk } from '@/shared/lib/wechat-share';
import { useWechatShare } from './use-wechat-share';

vi.setConfig({ testTimeout: 60_000 });

const ANDROID_WECHAT =
  'Mozilla/5.0 (Linux; Android 14; V2309A) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.0.0 Mobile Safari/537.36 XWEB/1160117 MMWEBSDK/20240404 MicroMessenger/8.0.49.2600(0x2800313D) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN';
const realUa = navigator.userAgent;

function Probe() {
  useWechatShare();
  return <div>页面</div>;
}

function fakeWx() {
  const calls: { name: string; args: unknown }[] = [];
  const wx: WechatJsSdk = {
    config: (args) => calls.push({ name: 'config', args }),
    ready: (fn) => fn(),
    error: () => {},
    updateAppMessageShareData: (args) => calls.push({ name: 'appMessage', args }),
    updateTimelineShareData: (args) => calls.push({ name: 'timeline', args }),
  };
  return { wx, calls };
}

function addMeta(attr: 'property' | 'name', key: string, content: string) {
  const m = document.createElement('meta');
  m.setAttribute(attr, key);
  m.content = content;
  document.head.appendChild(m);
}

beforeEach(() => {
  document.head.querySelectorAll('meta').forEach((m) => m.remove());
});

afterEach(() => {
  Object.defineProperty(window.navigator, 'userAgent', { value: realUa, configurable: true });
  delete window.wx;
  vi.restoreAllMocks();
});

const signed = { appId: 'wx1234567890abcdef', timestamp: 1414587457, nonceStr: 'Wm3WZYTPz0wzccnW', signature: '0f9de62fce790f9a083d5c99e95740ceb90c27ed' };

describe('the WeChat share', () => {
  it('inside WeChat signs the page and shares its Open Graph title, description and image', async () => {
    Object.defineProperty(window.navigator, 'userAgent', { value: ANDROID_WECHAT, configurable: true });
    const { wx, calls } = fakeWx();
    window.wx = wx;
    addMeta('name', 'description', '一门课的简介');
    addMeta('property', 'og:title', '财务管理协会人才培训平台 - 管理会计实务');
    addMeta('property', 'og:description', '一门课的简介');
    addMeta('property', 'og:image', 'https://edu.example.cn/uploads/cover.webp');
    const api = mockApi({
      'GET /api/wechat/config': ok({ enabled: true, app_id: signed.appId, sandbox: false }),
      'GET /api/wechat/js_config': (config) => {
        const url = String((config.params as { url: string }).url);
        return ok({ ...signed, share: url.includes('/train/detail/9') ? { title: '财务管理协会人才培训平台 - 税务筹划', description: '另一门课', image: null } : null });
      },
    });
    const { router } = renderScreen('*', <Probe />, '/train/detail/3');
    await waitFor(() => expect(calls.find((c) => c.name === 'appMessage')).toBeDefined());
    expect(calls.find((c) => c.name === 'config')?.args).toEqual({ debug: false, ...signed, jsApiList: ['updateAppMessageShareData', 'updateTimelineShareData'] });
    expect(calls.find((c) => c.name === 'appMessage')?.args).toEqual({
      title: '财务管理协会人才培训平台 - 管理会计实务',
      desc: '一门课的简介',
      link: `${window.location.origin}/`,
      imgUrl: 'https://edu.example.cn/uploads/cover.webp',
    });
    expect(api.calls.filter((c) => c.url === '/api/wechat/js_config')).toHaveLength(1);

    // Another page inside the site: the server's Open Graph data of that page.
    window.history.pushState({}, '', '/train/detail/9');
    await act(() => router.navigate('/train/detail/9'));
    await waitFor(() => expect(calls.filter((c) => c.name === 'appMessage')).toHaveLength(2));
    expect(calls.filter((c) => c.name === 'appMessage')[1]?.args).toMatchObject({ title: '财务管理协会人才培训平台 - 税务筹划', desc: '另一门课', imgUrl: '' });
    expect(calls.filter((c) => c.name === 'timeline')[1]?.args).toEqual({
      title: '财务管理协会人才培训平台 - 税务筹划',
      link: `${window.location.origin}/train/detail/9`,
      imgUrl: '',
    });
    window.history.pushState({}, '', '/');
  });

  it('outside WeChat loads nothing and asks for nothing', async () => {
    const api = mockApi({});
    renderScreen('*', <Probe />, '/train');
    await new Promise((r) => setTimeout(r, 200));
    expect(api.calls).toHaveLength(0);
    expect(document.querySelector('script[src*="res.wx.qq.com"]')).toBeNull();
  });

  it('signs the landing URL on iOS (WeChat keeps it for a single-page visit) and the current one elsewhere, never the #fragment', () => {
    const landing = 'https://edu.example.cn/train?x=1#top';
    const now = 'https://edu.example.cn/train/detail/3#lessons';
    expect(urlToSign(now, landing, 'iPhone MicroMessenger/8.0')).toBe('https://edu.example.cn/train?x=1');
    expect(urlToSign(now, landing, 'Android MicroMessenger/8.0')).toBe('https://edu.example.cn/train/detail/3');
  });

  it('shares a page without Open Graph data of its own by its document title and the site description', () => {
    expect(
      shareArgs({ href: 'https://edu.example.cn/train#x', onLandingPage: false, landing: null, server: null, documentTitle: '站点 - 课程中心', siteDescription: '站点简介' }),
    ).toEqual({ title: '站点 - 课程中心', desc: '站点简介', link: 'https://edu.example.cn/train', imgUrl: '' });
  });
});
