import { act, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { BENEFITS_SEEN_KEY } from '@/features/members/lib/benefits-flag';
import { useSessionStore } from '@/shared/lib/session/session-store';
import { makeCommonData, makeProblemGroups, makeUser } from '@/testing/fixtures';
import { mockApi, ok } from '@/testing/mock-api';
import { preloadRoutes, renderRoute, SLOW } from '@/testing/render';

beforeAll(() => preloadRoutes('/', '/help-center', '/login'), 120_000);

const homeHeading = () => screen.findByRole('heading', { level: 1 }, SLOW);

describe('shell: antd only where a screen needs it', () => {
  it('renders an antd screen inside antd App and keeps the scope when going home', async () => {
    mockApi({ 'GET /api/problems': ok(makeProblemGroups()), 'GET /api/common_data': ok(makeCommonData()) });
    const { router } = renderRoute('/help-center');
    const helpCenter = await screen.findByRole('heading', { name: '帮助中心' }, SLOW);
    expect(helpCenter.closest('.ant-app')).not.toBeNull();

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

describe('shell: the login page loads antd only for registration and recovery', () => {
  it("draws /login's login mode without antd, and its registration mode inside antd's scope", async () => {
    mockApi({ 'GET /api/problems': ok(makeProblemGroups()), 'GET /api/common_data': ok(makeCommonData()) });
    const { router } = renderRoute('/login');
    const heading = await screen.findByRole('heading', { name: '欢迎登录' }, SLOW);
    expect(heading.closest('.ant-app')).toBeNull();
    expect(screen.getByRole('tab', { name: '密码登录' })).toHaveAttribute('aria-selected', 'true');

    await router.navigate('/login?mode=register');
    const company = await screen.findByRole('radio', { name: '企业' }, SLOW);
    expect(company.closest('.ant-app')).not.toBeNull();
  });
});

describe('shell: the benefits modal belongs to home', () => {
  const nonMember = makeUser();

  it('never covers another page: a flag still on when the user has left home is turned off, and the day stays unmarked', async () => {
    mockApi({ 'GET /api/problems': ok(makeProblemGroups()), 'GET /api/common_data': ok(makeCommonData()) });
    renderRoute('/not-found', { session: { token: 't1', user: nonMember } });
    await screen.findByRole('button', { name: /返回首页/ }, SLOW);
    // Home asked for the modal, then the user moved on before its chunk arrived.
    act(() => useSessionStore.getState().setBenefitsModal(true));
    await waitFor(() => expect(useSessionStore.getState().benefitsModalVisible).toBe(false));
    expect(screen.queryByRole('dialog', { name: '会员专享权益' })).toBeNull();
    expect(localStorage.getItem(BENEFITS_SEEN_KEY)).toBeNull();
  });

  it('opens on home for a personal non-member, marks the day as seen, and closes when the user navigates away', async () => {
    mockApi({ 'GET /api/problems': ok(makeProblemGroups()), 'GET /api/common_data': ok(makeCommonData()) });
    const { router } = renderRoute('/', { session: { token: 't1', user: nonMember } });
    await screen.findByRole('dialog', { name: '会员专享权益' }, SLOW);
    // The modal marks the day in an effect after it has shown, which may run just after the dialog is found.
    await waitFor(() => expect(localStorage.getItem(BENEFITS_SEEN_KEY)).toMatch(/^1001@\d{4}-\d{2}-\d{2}$/));

    await act(() => router.navigate('/not-found'));
    await screen.findByRole('button', { name: /返回首页/ }, SLOW);
    expect(screen.queryByRole('dialog', { name: '会员专享权益' })).toBeNull();
    expect(useSessionStore.getState().benefitsModalVisible).toBe(false);
  });
});
