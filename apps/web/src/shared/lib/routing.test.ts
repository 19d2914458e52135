import { afterEach, describe, expect, it, vi } from 'vitest';
import { LAZY_SCREEN_TIMEOUT_MS } from '@app/contracts/common/constants';
import { notifier } from './notifier';
import type { UIMatch } from 'react-router';
import { LAZY_SCREEN_FAILED, lazyPage, routeTitle, screenNeedsAntd, type RouteHandle } from './routing';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const Page = () => null;

describe('lazy screens', () => {
  it('resolve with the module default export as the route Component', async () => {
    const load = lazyPage(() => Promise.resolve({ default: Page }));
    await expect(load()).resolves.toEqual({ Component: Page });
  });

  it('show one generic notice and reject when the chunk fails to load', async () => {
    const spy = vi.spyOn(notifier, 'error').mockImplementation(() => {});
    const load = lazyPage(() => Promise.reject(new Error('Failed to fetch dynamically imported module')));
    await expect(load()).rejects.toThrow();
    expect(spy).toHaveBeenCalledTimes(1);
    expect(spy).toHaveBeenCalledWith(LAZY_SCREEN_FAILED, { key: 'lazy-screen-failed' });
  });

  it('give up after LAZY_SCREEN_TIMEOUT_MS with the same notice', async () => {
    vi.useFakeTimers();
    const spy = vi.spyOn(notifier, 'error').mockImplementation(() => {});
    const load = lazyPage(() => new Promise<never>(() => {}));
    const result = load();
    const settled = expect(result).rejects.toThrow('lazy screen timeout');
    await vi.advanceTimersByTimeAsync(LAZY_SCREEN_TIMEOUT_MS - 1);
    expect(spy).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await settled;
    expect(spy).toHaveBeenCalledWith(LAZY_SCREEN_FAILED, { key: 'lazy-screen-failed' });
  });
});

describe('which screens get antd', () => {
  const matchesOf = (...handles: (RouteHandle | undefined)[]) =>
    handles.map((handle) => ({ handle }) as UIMatch);
  const login: RouteHandle = { title: '登录', antd: false, antdWhen: (q) => q.get('mode') === 'register' };

  it('gives antd to a screen that does not opt out, and none to one that does', () => {
    expect(screenNeedsAntd(matchesOf(undefined, { title: '课程中心' }))).toBe(true);
    expect(screenNeedsAntd(matchesOf(undefined, { title: '首页', antd: false }))).toBe(false);
  });

  it('gives antd to a plain screen only in the states its antdWhen names', () => {
    expect(screenNeedsAntd(matchesOf(undefined, login), '')).toBe(false);
    expect(screenNeedsAntd(matchesOf(undefined, login), '?redirect=%2Fcenter')).toBe(false);
    expect(screenNeedsAntd(matchesOf(undefined, login), '?mode=register')).toBe(true);
  });
});

describe('route names', () => {
  it('name a screen by the role that sees it where the route gives the role its own name', () => {
    const handle: RouteHandle = { title: '我的求职', roleTitles: { company: '收到的简历' } };
    expect(routeTitle(handle, 'company')).toBe('收到的简历');
    expect(routeTitle(handle, 'personal')).toBe('我的求职');
    expect(routeTitle(handle, null)).toBe('我的求职');
    expect(routeTitle({ title: '消息中心' }, 'company')).toBe('消息中心');
  });
});
