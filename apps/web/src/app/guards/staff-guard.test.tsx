import { screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeCommonData, makeProblemGroups, makeUser } from '@/testing/fixtures';
import { mockApi, ok } from '@/testing/mock-api';
import { preloadRoutes, renderRoute, SLOW } from '@/testing/render';

beforeAll(() => preloadRoutes('/admin', '/login'), 120_000);

beforeEach(() => {
  mockApi({
    'GET /api/problems': ok(makeProblemGroups()),
    'GET /api/common_data': ok(makeCommonData()),
  });
});

describe('staff screens', () => {
  it('send a visitor to /login with /admin as the redirect', async () => {
    const { router } = renderRoute('/admin');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), SLOW);
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/admin');
  });

  it('refuse a logged-in account that is not staff', async () => {
    renderRoute('/admin', { session: { token: 't1', user: makeUser({ is_staff: false }) } });
    expect(await screen.findByText('无权访问', undefined, SLOW)).toBeInTheDocument();
    expect(screen.getByText('管理后台仅限协会工作人员使用。')).toBeInTheDocument();
  });

  it('show the staff side menu to a staff account', async () => {
    renderRoute('/admin', { session: { token: 't1', user: makeUser({ is_staff: true }) } });
    expect(await screen.findByRole('navigation', { name: '管理后台菜单' }, SLOW)).toBeInTheDocument();
  });
});
