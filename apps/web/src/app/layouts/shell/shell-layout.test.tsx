import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeCommonData, makeProblemGroups } from '@/testing/fixtures';
import { mockApi, ok } from '@/testing/mock-api';
import { preloadRoutes, renderRoute, SLOW } from '@/testing/render';

beforeAll(() => preloadRoutes('/', '/not-found'), 120_000);

const homeHeading = () => screen.findByRole('heading', { level: 1 }, SLOW);

describe('shell: antd only where a screen needs it', () => {
  it('renders an antd screen inside antd App and keeps the scope when going home', async () => {
    mockApi({ 'GET /api/problems': ok(makeProblemGroups()), 'GET /api/common_data': ok(makeCommonData()) });
    const { router } = renderRoute('/not-found');
    const notFound = await screen.findByRole('button', { name: /返回首页/ }, SLOW);
    expect(notFound.closest('.ant-app')).not.toBeNull();

    await router.navigate('/');
    const heading = await homeHeading();
    // Left mounted once a screen needed it: its notices survive the navigation.
    expect(heading.closest('.ant-app')).not.toBeNull();
  });

  it('renders home without antd and still shows an API error as an antd notice 120 px from the top', async () => {
    mockApi({
      'GET /api/common_data': ok(makeCommonData()),
      'GET /api/problems': { code: 500, message: '常见问题服务异常', data: null },
    });
    renderRoute('/');
    const heading = await homeHeading();
    expect(heading.closest('.ant-app')).toBeNull();

    const notice = await screen.findByText('常见问题服务异常', {}, SLOW);
    expect(notice.closest('.ant-message-notice')).not.toBeNull();
    // antd 6 positions the message list through a CSS variable.
    expect(notice.closest<HTMLElement>('.ant-message')?.style.getPropertyValue('--notification-top')).toBe('120px');
    // The home screen itself was not remounted inside antd's scope.
    expect(screen.getByRole('heading', { level: 1 })).toBe(heading);
  });
});
