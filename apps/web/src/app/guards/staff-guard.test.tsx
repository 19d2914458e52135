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

describe('expert accounts under /admin', () => {
  const expertMe = {
    expert: {
      id: 1,
      name: '陈立文',
      title: '注册税务师',
      organisation: '中原财税研究院',
      photo: null,
      fields: ['个人所得税'],
      introduction: '',
    },
    categories: ['个人所得税'],
  };

  it('show an expert who is not staff only the expert workspace, and send them there from other screens', async () => {
    mockApi({
      'GET /api/problems': ok(makeProblemGroups()),
      'GET /api/common_data': ok(makeCommonData()),
      'GET /api/quiz/expert/me': ok(expertMe),
      'GET /api/quiz/expert/queue': ok({ list: [], total: 0, page: 1, per: 10 }),
    });
    const { router } = renderRoute('/admin/evaluations', {
      session: { token: 't1', user: makeUser({ is_staff: false }) },
    });
    const nav = await screen.findByRole('navigation', { name: '管理后台菜单' }, SLOW);
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/quiz-expert'), SLOW);
    expect(nav.querySelectorAll('[role="menuitem"]')).toHaveLength(1);
    expect(nav).toHaveTextContent('专家工作台');
  });

  it('leave the expert workspace out of the menu of staff who are not experts', async () => {
    mockApi({
      'GET /api/problems': ok(makeProblemGroups()),
      'GET /api/common_data': ok(makeCommonData()),
      'GET /api/quiz/expert/me': ok({ expert: null, categories: [] }),
    });
    renderRoute('/admin', { session: { token: 't1', user: makeUser({ is_staff: true }) } });
    const nav = await screen.findByRole('navigation', { name: '管理后台菜单' }, SLOW);
    await waitFor(() => expect(nav).toHaveTextContent('问答管理'));
    expect(nav).not.toHaveTextContent('专家工作台');
  });
});
