import { screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SITE_NAME } from '@app/contracts/common/constants';
import { makeCommonData, makeProblemGroups, makeUser } from '@/testing/fixtures';
import { mockApi, ok } from '@/testing/mock-api';
import { currentUrl, preloadRoutes, renderRoute, SLOW } from '@/testing/render';

beforeAll(() => preloadRoutes('/login', '/center/lesson', '/center/student', '/center/note', '/center/credit-archive', '/train/play/1/2', '/train', '/not-found', '/not-found/underConstruction', '/help-center', '/'), 120_000);

/** Waits until the router has finished loading the current (lazy) route and any redirects. */
async function settled(router: { state: { navigation: { state: string }; initialized: boolean } }) {
  await waitFor(() => {
    expect(router.state.initialized).toBe(true);
    expect(router.state.navigation.state).toBe('idle');
  }, SLOW);
}

const personal = makeUser({ role: 'personal' });
const company = makeUser({ id: 2002, role: 'company', nickname: '某某科技有限公司' });


beforeEach(() => {
  mockApi({
    'GET /api/problems': ok(makeProblemGroups()),
    'GET /api/common_data': ok(makeCommonData({ site_name: '' })),
  });
});

describe('route guard', () => {
  it('sends a visitor on a centre route to /login with the path as redirect', async () => {
    const { router } = renderRoute('/center/lesson');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), SLOW);
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/center/lesson');
  });

  it('keeps the query string of a login-required lesson route in the redirect', async () => {
    const { router } = renderRoute('/train/play/12/34?t=90');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), SLOW);
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/train/play/12/34?t=90');
  });

  it('lets a logged-in user open a login-required route', async () => {
    const api = mockApi({ 'GET /api/problems': ok(makeProblemGroups()), 'GET /api/common_data': ok(makeCommonData()) });
    const { router } = renderRoute('/train/play/12/34', { session: { token: 't1', user: personal } });
    await settled(router);
    expect(currentUrl(router)).toBe('/train/play/12/34');
    // The lesson page itself is showing: it asked for lesson 34 with the token; the login screen is not shown.
    await waitFor(() => expect(api.calls.some((c) => c.url === '/coursepoolapi/course_pools/tower_show_lesson' && c.token === 't1')).toBe(true), SLOW);
    expect(screen.queryByRole('heading', { name: '欢迎登录' })).not.toBeInTheDocument();
  });

  it('sends a logged-in user visiting /login to /', async () => {
    const { router } = renderRoute('/login?redirect=%2Fcenter', { session: { token: 't1', user: personal } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('leaves a visitor on /login', async () => {
    const { router } = renderRoute('/login');
    await waitFor(() => expect(router.state.navigation.state).toBe('idle'));
    expect(router.state.location.pathname).toBe('/login');
  });

  it('redirects /center to /center/student', async () => {
    const { router } = renderRoute('/center', { session: { token: 't1', user: personal } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/center/student'));
  });

  it('sends a company account away from a personal-only centre route to /center/student', async () => {
    const { router } = renderRoute('/center/credit-archive', { session: { token: 't1', user: company } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/center/student'));
  });

  it('lets a personal account open a personal-only centre route', async () => {
    const { router } = renderRoute('/center/credit-archive', { session: { token: 't1', user: personal } });
    await settled(router);
    expect(await screen.findByRole('navigation', { name: '个人中心菜单' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/center/credit-archive');
  });

  it('lets both roles open a login-only centre route (note, DECISIONS.md 1)', async () => {
    const { router } = renderRoute('/center/note', { session: { token: 't1', user: company } });
    await settled(router);
    expect(await screen.findByRole('navigation', { name: '个人中心菜单' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/center/note');
    expect(await screen.findByText('我的笔记', { selector: '.ant-card-head-title' }, SLOW)).toBeInTheDocument();
  });

  it('shows the not-found screen at an unknown path, without redirecting', async () => {
    const { router } = renderRoute('/no/such/page');
    expect(await screen.findByRole('heading', { name: '页面不存在' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/no/such/page');
  });

  it('renders /not-found/underConstruction with a way home', async () => {
    const { router } = renderRoute('/not-found/underConstruction');
    expect(await screen.findByRole('heading', { name: '功能建设中' }, SLOW)).toBeInTheDocument();
    screen.getByRole('button', { name: /返回首页/ }).click();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});

describe('document title', () => {
  it('is the default site name plus the route name when common_data has no name', async () => {
    renderRoute('/train');
    await waitFor(() => expect(document.title).toBe(`${DEFAULT_SITE_NAME} - 课程中心`));
  });

  it('uses the site name from common_data', async () => {
    mockApi({
      'GET /api/problems': ok(makeProblemGroups()),
      'GET /api/common_data': ok(makeCommonData({ site_name: '河南财会学院' })),
    });
    renderRoute('/help-center');
    await waitFor(() => expect(document.title).toBe('河南财会学院 - 帮助中心'));
  });
});
