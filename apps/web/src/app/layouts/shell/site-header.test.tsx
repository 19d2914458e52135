import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { regionFromHostname, learningBaseName } from '@/shared/lib/region';
import { useSessionStore } from '@/shared/lib/session/session-store';
import { careMode } from '@/shared/lib/care-mode';
import { makeCommonData, makeProblemGroups, makeUser } from '@/testing/fixtures';
import { mockApi, ok } from '@/testing/mock-api';
import { currentUrl, preloadRoutes, renderRoute, SLOW } from '@/testing/render';

beforeAll(() => preloadRoutes('/aboutus', '/courseSearch', '/train/detail/5', '/center/student', '/'), 120_000);

const TOP_LINKS: Array<[string, string]> = [
  ['首页', '/'],
  ['学员服务', '/studentServe'],
  ['考试认证', '/evaluate'],
  ['课程中心', '/train'],
  ['智库专家', '/expertDatabase'],
  ['在线问答', '/quiz'],
  ['招聘求职', '/jobDetail'],
  ['学习基地', '/learnBase'],
  ['智能工具', '/financeTool'],
  ['关于我们', '/aboutus'],
];

let api: ReturnType<typeof mockApi>;
beforeEach(() => {
  api = mockApi({
    'GET /api/problems': ok(makeProblemGroups()),
    'GET /api/common_data': ok(makeCommonData()),
    'POST /api/users/logout': ok(null),
  });
});

describe('header', () => {
  it('has the ten top links in order plus the association link opening in a new tab', async () => {
    renderRoute('/aboutus');
    const nav = screen.getByRole('navigation', { name: '主导航' });
    const links = within(nav).getAllByRole('link');
    expect(links.slice(0, 10).map((a) => [a.textContent, a.getAttribute('href')])).toEqual(TOP_LINKS);
    const external = await within(nav).findByRole('link', { name: '协会官网' });
    expect(external).toHaveAttribute('href', 'https://association.example.org/');
    expect(external).toHaveAttribute('target', '_blank');
    expect(external.getAttribute('rel')).toContain('noopener');
  });

  it('highlights the link of the current area, also on a nested route', async () => {
    renderRoute('/train/detail/5');
    const nav = screen.getByRole('navigation', { name: '主导航' });
    await waitFor(() => expect(within(nav).getByRole('link', { name: '课程中心' })).toHaveClass('is-active'));
    expect(within(nav).getByRole('link', { name: '首页' })).not.toHaveClass('is-active');
  });

  it('searches courses with Enter', async () => {
    const { router } = renderRoute('/aboutus');
    const box = screen.getByRole('searchbox', { name: '搜索课程' });
    await userEvent.type(box, '税务 筹划{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/courseSearch'));
    expect(new URLSearchParams(router.state.location.search).get('courseName')).toBe('税务 筹划');
  });

  it('searches courses with the button', async () => {
    const { router } = renderRoute('/aboutus');
    await userEvent.type(screen.getByRole('searchbox', { name: '搜索课程' }), '审计');
    await userEvent.click(screen.getByRole('button', { name: '搜索' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/courseSearch?courseName=%E5%AE%A1%E8%AE%A1'));
  });

  it('shows 登录 and 注册 links to /login for a visitor', () => {
    renderRoute('/aboutus');
    expect(screen.getByRole('link', { name: '登录' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: '注册' }).getAttribute('href')).toMatch(/^\/login/);
  });

  it('shows the message badge and the user menu when logged in; 退出登录 logs out', async () => {
    const user = makeUser({ nickname: '', phone: '13900001111', message_num: 5 });
    const { router } = renderRoute('/aboutus', { session: { token: 'tk', user } });
    const msg = screen.getByRole('link', { name: /消息/ });
    expect(msg).toHaveAttribute('href', '/center/message');
    expect(msg).toHaveTextContent('5');
    const trigger = screen.getByRole('button', { name: /13900001111/ });
    await userEvent.click(trigger);
    expect(screen.getByRole('menuitem', { name: '个人中心' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('menuitem', { name: '退出登录' }));
    await waitFor(() => expect(useSessionStore.getState().token).toBeNull());
    expect(api.calls.some((c) => c.method === 'POST' && c.url === '/api/users/logout')).toBe(true);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    // The header's own login link, to /login (home may also show one in its ranking once it has loaded).
    expect(screen.getAllByRole('link', { name: '登录' }).map((a) => a.getAttribute('href'))).toContain('/login');
  });

  it('the user menu works from the keyboard: Enter opens it, Escape closes it and returns focus to its button, tabbing past it closes it', async () => {
    renderRoute('/aboutus', { session: { token: 'tk', user: makeUser() } });
    const trigger = screen.getByRole('button', { name: /张会计/ });
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: '个人中心' }));
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(trigger);

    await userEvent.keyboard('{Enter}');
    await userEvent.tab();
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: '退出登录' }));
    await userEvent.tab();
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('个人中心 in the user menu opens the centre', async () => {
    const { router } = renderRoute('/aboutus', { session: { token: 'tk', user: makeUser() } });
    await userEvent.click(screen.getByRole('button', { name: /张会计/ }));
    await userEvent.click(screen.getByRole('menuitem', { name: '个人中心' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/center/student'), SLOW);
  });
});

describe('regional logo name', () => {
  it.each([
    ['henan.localhost', '河南'],
    ['hebei.example.org', '河北'],
    ['jilin.example.org', '吉林'],
    ['guizhou.example.org', '贵州'],
    ['NINGBO.example.org', '宁波'],
    ['guangxi.example.org', '广西'],
  ])('%s shows %s学习基地', (host, region) => {
    expect(regionFromHostname(host)).toBe(region);
    expect(learningBaseName(region)).toBe(`${region}学习基地`);
  });

  it.each(['localhost', 'www.example.org', 'example.org', 'shanghai.example.org', '127.0.0.1'])('%s is the main site', (host) => {
    expect(regionFromHostname(host)).toBeNull();
  });
});

describe('关怀模式 switch in the header', () => {
  it('turns care mode on and off for a visitor: pressed state, <html> class and the simplified home', async () => {
    const user = userEvent.setup();
    renderRoute('/');
    const button = screen.getByRole('button', { name: '关怀模式' });
    expect(button).toHaveAttribute('aria-pressed', 'false');
    await user.click(button);
    expect(button).toHaveAttribute('aria-pressed', 'true');
    expect(document.documentElement).toHaveClass('care-mode');
    expect(await screen.findByRole('list', { name: '主要服务' })).toBeInTheDocument();
    expect(api.calls.filter((c) => c.url === '/api/users/care_mode')).toEqual([]);
    await user.click(button);
    expect(button).toHaveAttribute('aria-pressed', 'false');
    expect(document.documentElement).not.toHaveClass('care-mode');
  });

  it('signed in, saves the choice to the account', async () => {
    api = mockApi({
      'GET /api/problems': ok(makeProblemGroups()),
      'GET /api/common_data': ok(makeCommonData()),
      'PUT /api/users/care_mode': ok({ care_mode: true }),
    });
    const user = userEvent.setup();
    renderRoute('/aboutus', { session: { token: 't1', user: makeUser() } });
    await user.click(screen.getByRole('button', { name: '关怀模式' }));
    await waitFor(() => expect(api.calls.find((c) => c.url === '/api/users/care_mode')?.body).toEqual({ enabled: true }));
    expect(useSessionStore.getState().user?.care_mode).toBe(true);
    careMode.set(false);
  });
});
